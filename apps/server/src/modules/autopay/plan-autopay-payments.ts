// Issue 29, the AutoPay job: once a day per enrolment (claimed by one instance: planned_on, SKIP LOCKED), checks that
// the enrolment can still run (AutoPay on for the company code, the user active and allowed to pay, the method there
// and not expired: otherwise it stops and says so), then plans the payments of the account's open invoices that come
// due from the enrolment on and are to be paid within the reminder's days: one payment per day and currency, as
// scheduled payments with cause autopay, which the scheduled payments job pays on their day. An invoice with a reason
// code that holds it back (the Application tab's set per company code, by default every code but PP: issue 35), in
// another currency than the maximum's, or over the maximum is left for a person. Each invoice is handled once
// (autopay_items); the reminder lists what will be paid and what is left.
import { randomUUID } from 'node:crypto';
import {
  autopayReminderDays,
  paymentDocumentKey,
  type AutopayLeftInvoice,
  type AutopayStopReason,
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
  parseScaledAmount,
  toIsoDate,
} from '@portal/domain';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { autopayEnrolments, autopayItems, scheduledPayments } from '../../db/schema';
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
  // default not), another currency than the maximum's, or over the maximum.
  const reasonOptions = autopayReasonCodeOptions(configuration, row.companyCode);
  const left: { invoice: LedgerDocument; why: AutopayLeftInvoice['why'] }[] = [];
  const groups = new Map<string, LedgerDocument[]>();
  for (const invoice of found.invoices) {
    const reasonCode = invoice.reason?.reason_code ?? '';
    if (holdsInvoiceBack(reasonCode, row.companyCode, settings.autopayHoldReasonCodes, reasonOptions))
      left.push({ invoice, why: 'disputed' });
    else if (row.maxCurrencyKey && invoice.currency_key !== row.maxCurrencyKey) left.push({ invoice, why: 'currency' });
    else {
      const day = autopayPaymentDay(toIsoDate(invoice.due_date) ?? today, row.daysBeforeDue, today);
      const key = `${day}|${invoice.currency_key}`;
      groups.set(key, [...(groups.get(key) ?? []), invoice]);
    }
  }
  const payments: { day: string; currency: string; invoices: LedgerDocument[]; total: bigint }[] = [];
  for (const [key, invoices] of groups) {
    const [day, currency] = key.split('|') as [string, string];
    const decimals = decimalsOf(currency);
    let total = 0n;
    const paid: LedgerDocument[] = [];
    // Oldest due first while the payment stays within the maximum; the rest is left for a person.
    for (const invoice of invoices) {
      const amount = parseScaledAmount(invoice.open_amount, decimals) ?? 0n;
      if (row.maxMinor !== null && total + amount > row.maxMinor) left.push({ invoice, why: 'over_maximum' });
      else {
        total += amount;
        paid.push(invoice);
      }
    }
    if (paid.length > 0) payments.push({ day, currency, invoices: paid, total });
  }

  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    // Each invoice once: what an earlier round (or instance) handled is skipped.
    const items = [
      ...payments.flatMap((payment) =>
        payment.invoices.map((invoice) => ({ key: paymentDocumentKey(invoice), outcome: 'planned' as const })),
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
        const invoices = payment.invoices.filter((invoice) => fresh.has(paymentDocumentKey(invoice)));
        const decimals = decimalsOf(payment.currency);
        const total = invoices.reduce(
          (sum, invoice) => sum + (parseScaledAmount(invoice.open_amount, decimals) ?? 0n),
          0n,
        );
        return { ...payment, invoices, total, decimals };
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
        documents: payment.invoices.map((invoice) => ({
          document_number_finance: invoice.document_number_finance,
          line_item_in_the_relevant_invoice: invoice.line_item_in_the_relevant_invoice,
          fiscal_year_of_the_relevant_invoice: invoice.fiscal_year_of_the_relevant_invoice,
          open_amount: invoice.open_amount,
          amount_to_process: invoice.open_amount,
          currency_key: invoice.currency_key,
          reason_code: '',
          comment: '',
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
              payment.invoices.map((invoice) => paymentDocumentKey(invoice)),
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
          documents: payment.invoices.map((invoice) => ({
            billing_document_number: invoice.billing_document_number,
            document_number_finance: invoice.document_number_finance,
            amount: invoice.open_amount,
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
