// Issue 29 "Pay on": a payment request with a scheduled_date, checked like one paid now (pay-invoices.ts steps 2-3,
// merchant-initiated: a saved method, no CVV, no 3-D Secure) and stored for its day instead of charged. Scheduling
// must be on for the company code and the day within range (packages/domain checkScheduledDate). The row, its audit
// event and the confirmation e-mail commit together; a retry with the same Idempotency-Key finds the row (a unique
// key per user), never stores a second one.
import { randomUUID } from 'node:crypto';
import type { PayInvoicesRequest, ScheduledPaymentAnswer } from '@portal/contracts';
import { checkScheduledDate, formatMinorUnits, paymentMethodLabel, toIsoDate } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { scheduledPayments } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import type { ScheduledPaymentMailPayload } from '../mail/scheduling-mail';
import type { CheckedInvoicePayment } from '../payments/check-invoice-payment-request';
import type { IdempotencyIdentity } from '../payments/start-payment-intent';
import type { StoredPaymentRequest } from './scheduled-payments.repository';

/** The page a scheduled payment's e-mails link to. */
export const scheduledPaymentsPath = '/scheduled-payments';

function refused(messageKey: string): AppError {
  return new AppError('VALIDATION_FAILED', { messageKey, details: { fields: ['scheduled_date'] } });
}

export async function schedulePayment(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof PayInvoicesRequest>,
  checked: CheckedInvoicePayment,
  identity: IdempotencyIdentity,
  language: string,
): Promise<ScheduledPaymentAnswer> {
  const { scope, documents, decimals, method, total, settings, amounts } = checked;
  if (!settings.scheduledPaymentsCompanyCodes.includes(scope.item.CompanyCode))
    throw refused('validation.payment.scheduling_disabled');
  const today = ctx.now().toISOString().slice(0, 10);
  const day = toIsoDate(request.scheduled_date) ?? '';
  const dateError = checkScheduledDate(
    day,
    documents.map((document) => toIsoDate(document.due_date) ?? today),
    today,
    settings.schedulingHorizonDays,
  );
  if (dateError) throw refused(dateError);

  const stored: StoredPaymentRequest = {
    payer_data: request.payer_data,
    soldto_number: request.soldto.account_number,
    payment_detail: {
      payment_card_token: method.payment_card_token,
      payment_card_type: method.payment_card_type,
    },
    documents: request.documents.map((document) => ({
      document_number_finance: document.document_number_finance,
      line_item_in_the_relevant_invoice: document.line_item_in_the_relevant_invoice,
      fiscal_year_of_the_relevant_invoice: document.fiscal_year_of_the_relevant_invoice,
      open_amount: document.open_amount,
      amount_to_process: document.amount_to_process,
      currency_key: document.currency_key,
      reason_code: document.reason_code,
      comment: document.comment,
      reference_number: document.reference_number,
      billing_document_number: document.billing_document_number,
    })),
    currency_key: request.currency_key,
    currency_decimals: request.currency_decimals,
    log: { id: 'POST_INVOICE' },
    request_hash: identity.requestHash,
  };
  const now = ctx.now();
  const label = paymentMethodLabel(method);
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(scheduledPayments)
      .values({
        id: randomUUID(),
        userId: actor.userId,
        actingUserId: actor.impersonator?.userId ?? null,
        cause: 'schedule',
        idempotencyKey: identity.key,
        payerNumber: scope.payerData.customer_number,
        companyCode: scope.item.CompanyCode,
        currencyKey: request.currency_key,
        currencyDecimals: decimals,
        totalMinor: total,
        paymentCardToken: method.payment_card_token,
        paymentCardType: method.payment_card_type,
        paymentMethodLabel: label,
        request: stored as unknown as Record<string, unknown>,
        language,
        scheduledDate: day,
        status: 'scheduled',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    await recordAuditEvent(tx, {
      event: 'payment_scheduled',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      targetUserId: actor.userId,
      subject: scope.payerData.customer_number,
      details: {
        scheduled_payment: inserted.id,
        scheduled_date: day,
        amount: formatMinorUnits(total, decimals),
        currency: request.currency_key,
        documents: documents.length,
        ...(actor.impersonator ? { workingAs: actor.userId } : {}),
      },
    });
    const payload: ScheduledPaymentMailPayload = {
      firstName: actor.contact.firstName,
      lastName: actor.contact.lastName,
      cause: 'schedule',
      scheduled_date: day,
      total_amount: formatMinorUnits(total, decimals),
      currency_key: request.currency_key,
      currency_decimals: decimals,
      payment_method_label: label,
      documents: documents.map((document, index) => ({
        billing_document_number: document.billing_document_number,
        document_number_finance: document.document_number_finance,
        amount: formatMinorUnits(amounts[index]!, decimals),
      })),
      manage_url: portalLink(ctx, scheduledPaymentsPath),
    };
    await queueMail(tx, ctx, {
      template: 'scheduled_payment',
      recipient: actor.contact.email,
      language: actor.contact.language,
      payload,
      dedupeKey: `scheduled_payment:${inserted.id}`,
    });
    return inserted;
  });
  if (row) {
    ctx.mail.kick();
    return { status: 'scheduled', id: row.id, scheduled_date: request.scheduled_date! };
  }
  // A retry of a request stored before: the same answer; the key with another request is refused.
  const [existing] = await ctx.db
    .select()
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.userId, actor.userId), eq(scheduledPayments.idempotencyKey, identity.key)));
  const existingRequest = existing?.request as unknown as StoredPaymentRequest | undefined;
  if (!existing || existingRequest?.request_hash !== identity.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { status: 'scheduled', id: existing.id, scheduled_date: request.scheduled_date! };
}
