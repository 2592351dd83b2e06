// POST /api/invoice/payments — paying selected invoices exactly once (spec §2 Payment page, §4 payment flow, §5
// checks 1-8 in order, §7). The story:
// 1. a retry of a request whose intent exists settles that intent (never a second charge); the same key with another
//    request is refused (its key row may be gone: released after a crash, or expired while the intent remains);
// 2. the account, the sold-to, every document and the payment method are the user's (else 404, like unknown ones);
// 3. the documents are as the page showed them (DOCUMENT_CHANGED otherwise) and the spec's checks pass
//    (PAYMENT_REFUSED with the check's message key), including 3-D Secure where it applies (steps 2 and 3:
//    check-invoice-payment-request.ts);
// 4. the intent is written and its documents reserved (PAYMENT_IN_PROCESS when another payment holds one), then
//    the documents are read again in the same transaction: a payment that settled between step 3 and the
//    reservation has changed them (DOCUMENT_CHANGED, and the intent is removed again);
// 5. settlePaymentIntent charges outside any transaction and posts the ledger with the intent's completion.
// Every refusal happens before the gateway is called: nothing stays written, nothing is charged.
//
// Issue 29: with a scheduled_date the same checks run and the request is stored for its day instead (schedule-payment
// .ts); on that day the job calls payInvoices again, as the user, with initiation 'job': the charge is then
// merchant-initiated on the saved method (no CVV, no 3-D Secure; ADR 0028), and its cause goes with the posting.
import { randomUUID } from 'node:crypto';
import {
  paymentDocumentKey,
  type PayInvoicesAnswer,
  type PayInvoicesRequest,
  type PayInvoicesResponse,
  type PaymentCause,
} from '@portal/contracts';
import { parseScaledAmount } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { checkInvoicePaymentRequest, type CheckedInvoicePayment } from './check-invoice-payment-request';
import type { IntentPosting } from './payment-intents.repository';
import { settleEarlierIntent, startPaymentIntent, type IdempotencyIdentity } from './start-payment-intent';
import { schedulePayment } from '../scheduled-payments/schedule-payment';

type ParsedRequest = z.output<typeof PayInvoicesRequest>;

export type { IdempotencyIdentity } from './start-payment-intent';

/** Who starts the payment: the customer now, or a job on a day the customer chose (or AutoPay planned). */
export type PaymentInitiation =
  | { by: 'customer' }
  | { by: 'job'; cause: PaymentCause; scheduledPaymentId: string; autopayId: string | null; scheduledDate: string };

export async function payInvoices(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  identity: IdempotencyIdentity,
  language: string,
  initiation: PaymentInitiation = { by: 'customer' },
): Promise<PayInvoicesAnswer> {
  const earlier = await settleEarlierIntent(ctx, identity);
  if (earlier) return earlier;
  if (request.scheduled_date !== undefined && initiation.by === 'customer') {
    const checked = await checkInvoicePaymentRequest(ctx, actor, request, language, { merchantInitiated: true });
    return schedulePayment(ctx, actor, request, checked, identity, language);
  }
  const checked = await checkInvoicePaymentRequest(ctx, actor, request, language, {
    merchantInitiated: initiation.by === 'job',
  });
  return startInvoicePayment(ctx, actor, request, checked, identity, language, initiation);
}

/** Steps 4 and 5: the intent, written before the gateway is called, then the charge and the posting. */
async function startInvoicePayment(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  checked: CheckedInvoicePayment,
  identity: IdempotencyIdentity,
  language: string,
  initiation: PaymentInitiation,
): Promise<PayInvoicesResponse> {
  const { scope, keys, documents, decimals, method, threeDs, amounts, total } = checked;
  const posting: IntentPosting = {
    ...(initiation.by === 'job'
      ? {
          cause: initiation.cause,
          scheduled_payment_id: initiation.scheduledPaymentId,
          autopay_id: initiation.autopayId,
          scheduled_date: initiation.scheduledDate,
        }
      : {}),
    log_id: 'POST_INVOICE',
    soldto_number: request.soldto.account_number || documents[0]!.soldto_number,
    reference_number: '',
    reason_code: '',
    comment: '',
    notify_email: actor.contact.email,
    notify_first_name: actor.contact.firstName,
    notify_last_name: actor.contact.lastName,
    notify_language: actor.contact.language,
    payer_name: documents[0]!.zzcustom.payerad.name,
    documents: documents.map((document, index) => ({
      document_key: keys[index]!,
      document_number_finance: document.document_number_finance,
      billing_document_number: document.billing_document_number,
      amount_minor: String(amounts[index]),
      reason_code: request.documents[index]!.reason_code,
      comment: request.documents[index]!.comment,
      soldto_number: document.soldto_number,
    })),
  };
  const now = ctx.now();
  return startPaymentIntent(
    ctx,
    {
      id: randomUUID(),
      scope: identity.scope,
      idempotencyKey: identity.key,
      requestHash: identity.requestHash,
      kind: 'invoice',
      state: 'pending',
      orderNumber: randomUUID(),
      userId: actor.userId,
      actingUserId: actor.impersonator?.userId ?? null,
      login: actor.login,
      payerNumber: scope.payerData.customer_number,
      companyCode: scope.item.CompanyCode,
      currencyKey: request.currency_key,
      currencyDecimals: decimals,
      amountMinor: total,
      paymentCardToken: method.payment_card_token,
      paymentCardType: method.payment_card_type,
      posting,
      language,
      createdAt: now,
      updatedAt: now,
    },
    {
      documentKeys: keys,
      identity,
      threeDs,
      // The reservation only stops payments that start after it. One that was checked, charged and posted while
      // this request read and checked its documents freed them again with its posting: read them once more, now
      // that no one else can post them, so that an invoice paid meanwhile is never charged twice.
      reread: {
        payerData: scope.payerData,
        check: (reserved) => {
          const reservedByKey = new Map(reserved.map((document) => [paymentDocumentKey(document), document]));
          const changedIndex = documents.findIndex((document, index) => {
            const current = reservedByKey.get(keys[index]!);
            return (
              !current ||
              current.document_status !== document.document_status ||
              parseScaledAmount(current.open_amount, decimals) !== parseScaledAmount(document.open_amount, decimals)
            );
          });
          if (changedIndex >= 0) throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: changedIndex } });
        },
      },
    },
  );
}
