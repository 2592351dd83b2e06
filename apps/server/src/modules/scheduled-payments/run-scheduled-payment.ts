// Issue 29: the job pays one scheduled payment on its day, once, after checking again everything that was checked
// when it was stored: scheduling (or AutoPay) still on for the company code, the user still active and allowed to
// pay, the saved method still there and not expired; then payInvoices as that user (the account and documents are
// authorised again, the open amounts must be as they were, the payment checks pass). It goes through the same
// exactly-once pipeline as a payment made by hand, with the row's id as the idempotency key: a row taken again after
// a crash settles the same intent, never charges twice. What no longer holds is not paid, and the user is told why.
// An AutoPay payment is also not made when one of its invoices has taken a reason code that holds it back since it
// was planned (issue 35): the other invoices are planned again at once, and the held one is left for a person.
import { paymentDocumentKey, PayInvoicesRequest, type NotPaidReason } from '@portal/contracts';
import { autopayReasonCodeOptions, holdsInvoiceBack, isMethodExpiredOn, parseScaledAmount } from '@portal/domain';
import { isLanguage, translate } from '@portal/i18n';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { ErpUnavailableError } from '../../connectors/erp/http/erp-http-client';
import type { Db } from '../../db/client';
import { autopayEnrolments, autopayItems, scheduledPayments, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import { stopEnrolmentFor } from '../autopay/stop-autopay';
import { portalLink, queueMail } from '../mail/queue-mail';
import type { ScheduledPaymentMailPayload } from '../mail/scheduling-mail';
import { payInvoices } from '../payments/pay-invoices';
import { findIntentByKey } from '../payments/payment-intents.repository';
import { readApplicationSettings, type ApplicationSettings } from '../system/application-settings';
import { loadJobActor } from './job-actor';
import { AUTHENTICATION_REQUIRED } from '../../connectors/gateway/payment-gateway';
import { scheduledPaymentsPath } from './schedule-payment';

/** Where a payer pays invoices: the invoice list. */
const invoicesPath = '/invoices';
import { toWire, type ScheduledPaymentRow, type StoredPaymentRequest } from './scheduled-payments.repository';
import { isMethodReturned } from '../payment-reversals/apply-provider-reversals';
import { activeDisputeHolds } from '../disputes/dispute-holds';

export type RunOutcome = 'paid' | 'not_paid' | 'pending' | 'retry';

/** A row that failed this many times for reasons outside the payment (the ERP down) is given up as failed. */
const maxAttempts = 5;

/** Reasons that mean the AutoPay enrolment itself can no longer run: it stops and says so. */
const stopsAutopay: Partial<
  Record<
    NotPaidReason,
    'method_missing' | 'method_expired' | 'method_returned' | 'user_inactive' | 'not_entitled' | 'autopay_disabled'
  >
> = {
  method_missing: 'method_missing',
  method_returned: 'method_returned',
  method_expired: 'method_expired',
  user_inactive: 'user_inactive',
  not_entitled: 'not_entitled',
  scheduling_disabled: 'autopay_disabled',
};

export async function runScheduledPayment(ctx: AppContext, row: ScheduledPaymentRow): Promise<RunOutcome> {
  const today = ctx.now().toISOString().slice(0, 10);
  const stored = row.request as unknown as StoredPaymentRequest;
  const settings = await readApplicationSettings(ctx.db);
  const offered = row.cause === 'autopay' ? settings.autopayCompanyCodes : settings.scheduledPaymentsCompanyCodes;
  if (!offered.includes(row.companyCode)) return notPaid(ctx, row, 'scheduling_disabled');
  const loaded = await loadJobActor(ctx, row.userId, `job:${row.id}`);
  if ('refused' in loaded) return notPaid(ctx, row, loaded.refused);

  try {
    // Issue 37: a debit of this method came back as one that cannot work again: not tried, and said so.
    if (await isMethodReturned(ctx.db, row.paymentCardToken)) return await notPaid(ctx, row, 'method_returned');
    const saved = await ctx.erp.getPaymentCards({
      payer_data: { customer_number: row.payerNumber, company_code: row.companyCode },
    });
    const method = saved.payment_cards.find((card) => card.payment_card_token === row.paymentCardToken);
    if (!method) return await notPaid(ctx, row, 'method_missing');
    if (isMethodExpiredOn(method, today)) return await notPaid(ctx, row, 'method_expired');
    if (row.cause === 'autopay' && (await holdsAnInvoiceBack(ctx, row, stored, settings)))
      return await notPaid(ctx, row, 'invoice_held');

    const { request_hash: requestHash, soldto_number: soldtoNumber, ...request } = stored;
    const answer = await payInvoices(
      ctx,
      loaded.actor,
      PayInvoicesRequest.parse({ ...request, soldto: { account_number: soldtoNumber } }),
      { scope: `scheduled:${row.id}`, key: row.id, requestHash, earlierIntent: true },
      row.language,
      {
        by: 'job',
        cause: row.cause,
        scheduledPaymentId: row.id,
        autopayId: row.autopayId,
        scheduledDate: row.scheduledDate,
      },
    );
    if (!('payment' in answer)) throw new Error('a job payment was answered as scheduled');
    // A bank debit on its way (processing) is settled by the provider's event or the reconciler; the next run of
    // the row finds its intent posted (or declined) and says so.
    if (answer.payment.state === 'pending' || answer.payment.state === 'processing') return 'pending';
    if (answer.payment.state === 'declined') {
      const message = answer.status[0]?.message_line_string ?? '';
      // Issue 36: the issuer wants the payer for this merchant-initiated charge; the mail brings the payer back.
      if (message.endsWith(AUTHENTICATION_REQUIRED)) return await notPaid(ctx, row, 'authentication_required');
      return await notPaid(ctx, row, 'declined', message);
    }
    if (answer.payment.state === 'requires_action') return await notPaid(ctx, row, 'authentication_required');
    await ctx.db
      .update(scheduledPayments)
      .set({
        status: 'paid',
        referenceCode: answer.payment.reference_code,
        paymentDocumentNumber: answer.payment.payment_document_number,
        ranAt: ctx.now(),
        leaseUntil: null,
        updatedAt: ctx.now(),
      })
      .where(eq(scheduledPayments.id, row.id));
    return 'paid';
  } catch (error) {
    const reason = reasonOf(error);
    if (reason) return notPaid(ctx, row, reason.reason, reason.detail(row.language));
    // The ERP or the database failed: the row stays leased and is taken again when its lease runs out. Given up only
    // while no payment intent exists for it: one that does is settled by the reconciler and found by the next run.
    if (row.attempts >= maxAttempts && !(await findIntentByKey(ctx.db, `scheduled:${row.id}`, row.id)))
      return notPaid(ctx, row, 'failed');
    if (error instanceof ErpUnavailableError) return 'retry';
    throw error;
  }
}

/**
 * Whether an invoice of an AutoPay payment now carries a reason code that holds it back (a deduction raised since the
 * reminder, or a code the Application tab holds since), or a dispute raised since the plan over what it would pay: a person looks at it rather than AutoPay pay it. A row taken
 * again after a crash with its payment intent already open is left to settle that intent.
 */
async function holdsAnInvoiceBack(
  ctx: AppContext,
  row: ScheduledPaymentRow,
  stored: StoredPaymentRequest,
  settings: ApplicationSettings,
): Promise<boolean> {
  if (await findIntentByKey(ctx.db, `scheduled:${row.id}`, row.id)) return false;
  const keys = stored.documents.map((document) => paymentDocumentKey({ ...document, company_code: row.companyCode }));
  const [documents, configuration] = await Promise.all([
    ctx.erp.getPayableDocuments({ payer_data: stored.payer_data, document_keys: keys }),
    ctx.erp.getBackendConfiguration(),
  ]);
  const options = autopayReasonCodeOptions(configuration, row.companyCode);
  if (
    documents.some((document) =>
      holdsInvoiceBack(document.reason?.reason_code ?? '', row.companyCode, settings.autopayHoldReasonCodes, options),
    )
  )
    return true;
  // Issue 39: a dispute raised since the plan holds its amount back: AutoPay pays no more than what is not disputed.
  const holds = await activeDisputeHolds(ctx.db, { documentKeys: keys });
  return stored.documents.some((document, index) => {
    const hold = holds.get(keys[index]!);
    if (!hold) return false;
    const open = parseScaledAmount(document.open_amount, hold.currencyDecimals) ?? 0n;
    const paying = parseScaledAmount(document.amount_to_process, hold.currencyDecimals) ?? open;
    return paying > open - hold.amountMinor;
  });
}

/** What a refusal of payInvoices means for the clerk: the reason, and the check's own words where they help. */
function reasonOf(error: unknown): { reason: NotPaidReason; detail: (language: string) => string } | null {
  if (!(error instanceof AppError)) return null;
  const words = (language: string) =>
    error.options.message ?? translate(isLanguage(language) ? language : 'en', undefined, error.messageKey);
  switch (error.code) {
    case 'DOCUMENT_CHANGED':
    case 'PAYMENT_IN_PROCESS':
      return { reason: 'documents_changed', detail: () => '' };
    case 'NOT_FOUND':
      // The account, a document or the method is no longer the user's (a link removed, an exclusion added).
      return { reason: 'not_entitled', detail: () => '' };
    case 'PAYMENT_REFUSED':
      return error.messageKey === 'validation.payment.payments_disabled'
        ? { reason: 'payments_disabled', detail: words }
        : { reason: 'refused', detail: words };
    case 'VALIDATION_FAILED':
    case 'THREE_DS_REQUIRED':
      return { reason: 'refused', detail: words };
    default:
      return null;
  }
}

/** Not paid: the row says why, the audit trail records it and the user gets an e-mail, together. */
async function notPaid(
  ctx: AppContext,
  row: ScheduledPaymentRow,
  reason: NotPaidReason,
  detail = '',
): Promise<'not_paid'> {
  const now = ctx.now();
  const [user] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(and(eq(users.userId, row.userId), isNull(users.deletedAt)));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(scheduledPayments)
      .set({
        status: 'not_paid',
        reason,
        reasonDetail: detail.slice(0, 500),
        ranAt: now,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(eq(scheduledPayments.id, row.id));
    await recordAuditEvent(tx, {
      event: 'scheduled_payment_not_paid',
      at: now,
      targetUserId: row.userId,
      subject: row.payerNumber,
      details: {
        scheduled_payment: row.id,
        cause: row.cause,
        reason,
        ...(row.autopayId ? { autopay: row.autopayId } : {}),
      },
    });
    if (user?.email) await queueNotPaidMail(tx, ctx, row, reason, detail, user);
    const stop = stopsAutopay[reason];
    if (row.autopayId && stop) await stopEnrolmentFor(tx, ctx, row.autopayId, stop);
    if (row.autopayId && reason === 'invoice_held') {
      // Its invoices are AutoPay's again: the next round (today) leaves the held one and plans the others.
      await tx
        .delete(autopayItems)
        .where(and(eq(autopayItems.autopayId, row.autopayId), eq(autopayItems.scheduledPaymentId, row.id)));
      await tx
        .update(autopayEnrolments)
        .set({ plannedOn: null })
        .where(and(eq(autopayEnrolments.id, row.autopayId), eq(autopayEnrolments.status, 'active')));
    }
  });
  ctx.mail.kick();
  return 'not_paid';
}

async function queueNotPaidMail(
  tx: Db,
  ctx: AppContext,
  row: ScheduledPaymentRow,
  reason: NotPaidReason,
  detail: string,
  user: { email: string; firstName: string; lastName: string; language: string },
): Promise<void> {
  const wire = toWire(row);
  const payload: ScheduledPaymentMailPayload = {
    firstName: user.firstName,
    lastName: user.lastName,
    cause: row.cause,
    scheduled_date: row.scheduledDate,
    total_amount: wire.total_amount,
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    payment_method_label: row.paymentMethodLabel,
    documents: wire.documents,
    reason,
    reason_detail: detail,
    // Authentication is the payer's: the link opens the invoices to pay them there (the issuer then asks at once).
    manage_url: portalLink(ctx, reason === 'authentication_required' ? invoicesPath : scheduledPaymentsPath),
  };
  await queueMail(tx, ctx, {
    template: 'scheduled_payment_not_paid',
    recipient: user.email,
    language: user.language,
    payload,
    dedupeKey: `scheduled_payment_not_paid:${row.id}`,
  });
}
