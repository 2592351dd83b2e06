// Issue 29, the AutoPay job: once a day per enrolment (claimed by one instance: planned_on, SKIP LOCKED), checks that
// the enrolment can still run (AutoPay on for the company code, the user active and allowed to pay, the method there
// and not expired: otherwise it stops and says so), then plans the payments of the account's open invoices that come
// due from the enrolment on and are to be paid within the reminder's days: one payment per day and currency, as
// scheduled payments with cause autopay, which the scheduled payments job pays on their day. An invoice with a reason
// code that holds it back (the Application tab's set per company code, by default every code but PP: issue 35), in
// another currency than the maximum's, or over the maximum is left for a person. Issue 39: an invoice with a dispute
// open or in review is left as disputed when all of it is disputed, and paid for the rest when part of it is (ADR
// 0034). Each invoice is handled once (autopay_items); the reminder lists what will be paid and what is left.
import { randomUUID } from 'node:crypto';
import {
  autopayReminderDays,
  paymentDocumentKey,
  type AutopayLeftInvoice,
  type AutopayStopReason,
  type BackendConfiguration,
  type LedgerDocument,
} from '@portal/contracts';
import {
  addIsoDays,
  autopayPaymentDay,
  autopayReasonCodeOptions,
  currencyDecimalsOf,
  formatMinorUnits,
  holdsInvoiceBack,
  isMethodExpiredOn,
  isPartialPaymentAllowed,
  PARTIAL_PAYMENT_REASON_CODE,
  parseScaledAmount,
  reasonCodesFor,
  toIsoDate,
} from '@portal/domain';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { autopayEnrolments, autopayItems, scheduledPayments } from '../../db/schema';
import { activeDisputeHolds, undisputedMinor, type DisputeHold } from '../disputes/dispute-holds';
import { loadJobActor } from '../scheduled-payments/job-actor';
import type { StoredPaymentRequest } from '../scheduled-payments/scheduled-payments.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import {
  autopayPath,
  type AutopayMailPayload,
  type MailLeftInvoice,
  type MailPlannedPayment,
} from '../mail/scheduling-mail';
import { readApplicationSettings, type ApplicationSettings } from '../system/application-settings';
import { openInvoicesDue } from './autopay-invoices';
import type { AutopayRow } from './autopay.repository';
import { stopEnrolmentFor } from './stop-autopay';

type Summary = { enrolments: number; payments: number; invoices: number; left: number; stopped: number };

export async function planAutopayPayments(ctx: AppContext): Promise<Summary> {
  const summary: Summary = { enrolments: 0, payments: 0, invoices: 0, left: 0, stopped: 0 };
  const today = ctx.now().toISOString().slice(0, 10);
  for (;;) {
    const row = await claimEnrolment(ctx, today);
    if (!row) return summary;
    summary.enrolments += 1;
    const checked = await checkEnrolment(ctx, row, today);
    if ('stop' in checked) {
      await ctx.db.transaction((tx) => stopEnrolmentFor(tx, ctx, row.id, checked.stop));
      ctx.mail.kick();
      summary.stopped += 1;
      continue;
    }
    const planned = await planEnrolment(ctx, row, checked, today);
    summary.payments += planned.payments;
    summary.invoices += planned.invoices;
    summary.left += planned.left;
  }
}

/** One active enrolment not planned today, marked planned by this instance (another instance skips it). */
async function claimEnrolment(ctx: AppContext, today: string): Promise<AutopayRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: autopayEnrolments.id })
      .from(autopayEnrolments)
      .where(
        and(
          eq(autopayEnrolments.status, 'active'),
          or(isNull(autopayEnrolments.plannedOn), lt(autopayEnrolments.plannedOn, today)),
        ),
      )
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [claimed] = await tx
      .update(autopayEnrolments)
      .set({ plannedOn: today })
      .where(eq(autopayEnrolments.id, next.id))
      .returning();
    return claimed ?? null;
  });
}

/** Whether the enrolment can still run, and as whom; else why it stops. */
async function checkEnrolment(
  ctx: AppContext,
  row: AutopayRow,
  today: string,
): Promise<{ stop: AutopayStopReason } | { actor: Actor; settings: ApplicationSettings }> {
  const settings = await readApplicationSettings(ctx.db);
  if (!settings.autopayCompanyCodes.includes(row.companyCode)) return { stop: 'autopay_disabled' };
  const loaded = await loadJobActor(ctx, row.userId, `autopay:${row.id}`);
  if ('refused' in loaded) return { stop: loaded.refused };
  const saved = await ctx.erp.getPaymentCards({
    payer_data: { customer_number: row.payerNumber, company_code: row.companyCode },
  });
  const method = saved.payment_cards.find((card) => card.payment_card_token === row.paymentCardToken);
  if (!method) return { stop: 'method_missing' };
  if (isMethodExpiredOn(method, today)) return { stop: 'method_expired' };
  return { actor: loaded.actor, settings };
}

type Planned = { payments: number; invoices: number; left: number };

/** An invoice AutoPay pays: how much (all of it, or the rest of one disputed in part) and the dispute, if any. */
type Paying = { invoice: LedgerDocument; amount: bigint; hold: DisputeHold | undefined };

/**
 * Issue 39: the reason code of a payment of the rest of an invoice disputed in part: a short payment needs one (spec §5
 * check 8), and PP (partial payment) is the one that says "the rest later" and is no dispute reason by default. null
 * when the company code cannot take a short payment (partial payments off, or PP not offered): AutoPay then leaves
 * the invoice, as one wholly disputed.
 */
function restPaymentReason(configuration: BackendConfiguration, companyCode: string): string | null {
  if (!isPartialPaymentAllowed(configuration)) return null;
  const offered = reasonCodesFor(configuration, companyCode, 'O').some(
    (reason) => reason.reason_code === PARTIAL_PAYMENT_REASON_CODE,
  );
  return offered ? PARTIAL_PAYMENT_REASON_CODE : null;
}

async function planEnrolment(
  ctx: AppContext,
  row: AutopayRow,
  { actor, settings }: { actor: Actor; settings: ApplicationSettings },
  today: string,
): Promise<Planned> {
  const payerData = { customer_number: row.payerNumber, company_code: row.companyCode };
  // Paid N days before due, planned (and announced) the reminder's days before that.
  const lastDue = addIsoDays(today, autopayReminderDays + row.daysBeforeDue);
  let found: Awaited<ReturnType<typeof openInvoicesDue>>;
  try {
    found = await openInvoicesDue(ctx, actor, payerData, { from: row.enrolledOn, to: lastDue });
  } catch {
    // The account is no longer the user's (404): the enrolment cannot run.
    await ctx.db.transaction((tx) => stopEnrolmentFor(tx, ctx, row.id, 'not_entitled'));
    return { payments: 0, invoices: 0, left: 0 };
  }
  if (found.invoices.length === 0) return { payments: 0, invoices: 0, left: 0 };
  const configuration = await ctx.erp.getBackendConfiguration();
  const decimalsOf = (currency: string) => currencyDecimalsOf(currency, configuration.sapcust.currency_decimals);

  // Pay or leave each invoice: a reason code that holds it back (a deduction or dispute; PP, a partial payment, by
  // default not), a dispute open or in review over all of it (issue 39), another currency than the maximum's, or over
  // the maximum.
  const reasonOptions = autopayReasonCodeOptions(configuration, row.companyCode);
  const disputes = await activeDisputeHolds(ctx.db, { documentKeys: found.invoices.map(paymentDocumentKey) });
  const restReason = restPaymentReason(configuration, row.companyCode);
  const left: { invoice: LedgerDocument; why: AutopayLeftInvoice['why'] }[] = [];
  const groups = new Map<string, Paying[]>();
  for (const invoice of found.invoices) {
    const reasonCode = invoice.reason?.reason_code ?? '';
    const hold = disputes.get(paymentDocumentKey(invoice));
    const amount = undisputedMinor(
      parseScaledAmount(invoice.open_amount, decimalsOf(invoice.currency_key)) ?? 0n,
      hold,
    );
    if (holdsInvoiceBack(reasonCode, row.companyCode, settings.autopayHoldReasonCodes, reasonOptions))
      left.push({ invoice, why: 'disputed' });
    else if (hold && (amount === 0n || restReason === null)) left.push({ invoice, why: 'disputed' });
    else if (row.maxCurrencyKey && invoice.currency_key !== row.maxCurrencyKey) left.push({ invoice, why: 'currency' });
    else {
      const day = autopayPaymentDay(toIsoDate(invoice.due_date) ?? today, row.daysBeforeDue, today);
      const key = `${day}|${invoice.currency_key}`;
      groups.set(key, [...(groups.get(key) ?? []), { invoice, amount, hold }]);
    }
  }
  const payments: { day: string; currency: string; invoices: Paying[]; total: bigint }[] = [];
  for (const [key, invoices] of groups) {
    const [day, currency] = key.split('|') as [string, string];
    let total = 0n;
    const paid: Paying[] = [];
    // Oldest due first while the payment stays within the maximum; the rest is left for a person.
    for (const paying of invoices) {
      if (row.maxMinor !== null && total + paying.amount > row.maxMinor)
        left.push({ invoice: paying.invoice, why: 'over_maximum' });
      else {
        total += paying.amount;
        paid.push(paying);
      }
    }
    if (paid.length > 0) payments.push({ day, currency, invoices: paid, total });
  }

  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    // Each invoice once: what an earlier round (or instance) handled is skipped.
    const items = [
      ...payments.flatMap((payment) =>
        payment.invoices.map(({ invoice }) => ({ key: paymentDocumentKey(invoice), outcome: 'planned' as const })),
      ),
      ...left.map(({ invoice, why }) => ({ key: paymentDocumentKey(invoice), outcome: 'left' as const, why })),
    ];
    const fresh = new Set(
      (
        await tx
          .insert(autopayItems)
          .values(
            items.map((item) => ({
              autopayId: row.id,
              documentKey: item.key,
              outcome: item.outcome,
              why: 'why' in item ? item.why : null,
              createdAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ key: autopayItems.documentKey })
      ).map((item) => item.key),
    );
    const newPayments = payments
      .map((payment) => {
        const invoices = payment.invoices.filter(({ invoice }) => fresh.has(paymentDocumentKey(invoice)));
        const total = invoices.reduce((sum, paying) => sum + paying.amount, 0n);
        return { ...payment, invoices, total, decimals: decimalsOf(payment.currency) };
      })
      .filter((payment) => payment.invoices.length > 0);
    const newLeft = left.filter(({ invoice }) => fresh.has(paymentDocumentKey(invoice)));
    for (const payment of newPayments) {
      const id = randomUUID();
      const request: StoredPaymentRequest = {
        payer_data: payerData,
        soldto_number: '',
        payment_detail: {
          payment_card_token: row.paymentCardToken,
          payment_card_type: row.paymentCardType as StoredPaymentRequest['payment_detail']['payment_card_type'],
        },
        documents: payment.invoices.map(({ invoice, amount, hold }) => ({
          document_number_finance: invoice.document_number_finance,
          line_item_in_the_relevant_invoice: invoice.line_item_in_the_relevant_invoice,
          fiscal_year_of_the_relevant_invoice: invoice.fiscal_year_of_the_relevant_invoice,
          open_amount: invoice.open_amount,
          amount_to_process: formatMinorUnits(amount, payment.decimals),
          currency_key: invoice.currency_key,
          // Issue 39: the rest of an invoice disputed in part, short-paid with PP and the dispute's reference.
          reason_code: hold ? (restReason ?? '') : '',
          comment: hold ? hold.reference : '',
          reference_number: invoice.reference_number,
          billing_document_number: invoice.billing_document_number,
        })),
        currency_key: payment.currency,
        currency_decimals: payment.decimals,
        log: { id: 'POST_INVOICE' },
        request_hash: `autopay:${id}`,
      };
      await tx.insert(scheduledPayments).values({
        id,
        userId: row.userId,
        actingUserId: null,
        cause: 'autopay',
        autopayId: row.id,
        payerNumber: row.payerNumber,
        companyCode: row.companyCode,
        currencyKey: payment.currency,
        currencyDecimals: payment.decimals,
        totalMinor: payment.total,
        paymentCardToken: row.paymentCardToken,
        paymentCardType: row.paymentCardType,
        paymentMethodLabel: row.paymentMethodLabel,
        request: request as unknown as Record<string, unknown>,
        language: row.language,
        scheduledDate: payment.day,
        status: 'scheduled',
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .update(autopayItems)
        .set({ scheduledPaymentId: id })
        .where(
          and(
            eq(autopayItems.autopayId, row.id),
            inArray(
              autopayItems.documentKey,
              payment.invoices.map(({ invoice }) => paymentDocumentKey(invoice)),
            ),
          ),
        );
    }
    if (newPayments.length > 0 || newLeft.length > 0) {
      const payload: AutopayMailPayload = {
        firstName: actor.contact.firstName,
        lastName: actor.contact.lastName,
        account: row.payerNumber.replace(/^0+(?=\d)/, ''),
        payment_method_label: row.paymentMethodLabel,
        days_before_due: row.daysBeforeDue,
        max_amount: row.maxMinor === null ? null : formatMinorUnits(row.maxMinor, decimalsOf(row.maxCurrencyKey ?? '')),
        max_currency_key: row.maxCurrencyKey,
        max_currency_decimals: row.maxCurrencyKey ? decimalsOf(row.maxCurrencyKey) : null,
        left: newLeft.map(({ invoice, why }): MailLeftInvoice => ({
          billing_document_number: invoice.billing_document_number,
          document_number_finance: invoice.document_number_finance,
          due_date: toIsoDate(invoice.due_date) ?? '',
          amount: invoice.open_amount,
          currency_key: invoice.currency_key,
          currency_decimals: decimalsOf(invoice.currency_key),
          why,
        })),
        payments: newPayments.map((payment): MailPlannedPayment => ({
          scheduled_date: payment.day,
          total_amount: formatMinorUnits(payment.total, payment.decimals),
          currency_key: payment.currency,
          currency_decimals: payment.decimals,
          documents: payment.invoices.map(({ invoice, amount }) => ({
            billing_document_number: invoice.billing_document_number,
            document_number_finance: invoice.document_number_finance,
            amount: formatMinorUnits(amount, payment.decimals),
          })),
        })),
        manage_url: portalLink(ctx, autopayPath),
      };
      await queueMail(tx, ctx, {
        template: 'autopay_reminder',
        recipient: actor.contact.email,
        language: actor.contact.language,
        payload,
      });
    }
    return {
      payments: newPayments.length,
      invoices: newPayments.reduce((sum, payment) => sum + payment.invoices.length, 0),
      left: newLeft.length,
    };
  });
  if (outcome.payments > 0 || outcome.left > 0) ctx.mail.kick();
  return outcome;
}
