// Takes a written payment intent to its end: the gateway charge (or a status look-up by order number), then the
// ledger posting with the intent's completion in one transaction. Used by the pay request, by its retries and by
// the reconciler, so that all three settle an intent the same way and at most once.
//
// - mode 'charge' (a request that has just written the intent): authorise and capture with the intent id as the
//   gateway's idempotency key. A time-out leaves the intent pending and answers "pending". An approval is kept
//   with the posting (state posted with its authorisation, one transaction), not written on its own.
// - mode 'look-up' (a retry of a request whose intent exists, the reconciler): never charges. It asks the gateway
//   what happened to the order number: approved → post, declined → record the decline, unknown → void, but only
//   when `mayVoid` (the intent is older than any charge call can take) — otherwise answer "pending".
//
// The gateway is called outside any database transaction. Serialization failures and deadlocks of the posting are
// retried without calling the gateway again (the posting is idempotent by the intent id).
import type { PayInvoicesResponse, PaymentResult } from '@portal/contracts';
import { formatMinorUnits, paymentMethodLabel } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { queueMail } from '../mail/queue-mail';
import { recordAuditEvent } from '../audit/audit.repository';
import type { LedgerPaymentPosting, LedgerPostingResult } from '../../connectors/erp/erp-connector';
import { ErpUnavailableError } from '../../connectors/erp/http/erp-http-client';
import { GatewayTimeoutError, type GatewayCharge } from '../../connectors/gateway/payment-gateway';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/retry-on-conflict';
import { completeIdempotencyKey } from '../../http/idempotency-keys.repository';
import { idempotencyKeyTtlMs } from '../../http/idempotency';
import { recordPostedPayment } from '../ledger-feed/record-posted-payment';
import { disputesOpened, openDisputesOfPayment } from '../disputes/open-dispute-from-payment';
import { announceFailedDebit, announceProcessing } from './announce-bank-debit';
import type { ThreeDsCheck } from './check-three-ds';
import { findIntent, settleIntent, type IntentPosting, type PaymentIntent } from './payment-intents.repository';

/** Test seams for the reliability tests: each may throw to stand for a crash at that point. */
export type PaymentFaultPoints = {
  /** After the intent is written, before the gateway is called. */
  beforeGateway?: (intent: PaymentIntent) => void | Promise<void>;
  /** After the gateway answered, before the ledger posting. */
  afterGateway?: (intent: PaymentIntent, charge: GatewayCharge) => void | Promise<void>;
  /** Inside the posting transaction, after every write, before the commit. */
  beforeCommit?: (tx: Db, intent: PaymentIntent) => void | Promise<void>;
};

const faultPoints = new WeakMap<AppContext, PaymentFaultPoints>();

export function setPaymentFaultPoints(ctx: AppContext, faults: PaymentFaultPoints | null): void {
  if (faults) faultPoints.set(ctx, faults);
  else faultPoints.delete(ctx);
}

export function paymentFaults(ctx: AppContext): PaymentFaultPoints {
  return faultPoints.get(ctx) ?? {};
}

export type SettleOptions = { mode: 'charge' | 'look-up'; mayVoid?: boolean; threeDs?: ThreeDsCheck };

export async function settlePaymentIntent(
  ctx: AppContext,
  intent: PaymentIntent,
  options: SettleOptions,
): Promise<PayInvoicesResponse> {
  if (intent.response && !isUnsettled(intent)) return intent.response as PayInvoicesResponse;
  const faults = paymentFaults(ctx);
  let authorization = intent.authorizationReference;

  if (intent.state === 'pending') {
    let charge: GatewayCharge | null;
    if (options.mode === 'charge') {
      await faults.beforeGateway?.(intent);
      try {
        charge = await ctx.gateway.charge({
          idempotency_key: intent.id,
          order_number: intent.orderNumber,
          payment_card_token: intent.paymentCardToken,
          amount_minor: intent.amountMinor,
          currency_key: intent.currencyKey,
          capture: true,
          // A job's payment (a scheduled date, AutoPay) is merchant-initiated: the payer is not there (ADR 0028).
          presence: postingOf(intent).cause ? 'off_session' : 'on_session',
          payer: intent.scope.startsWith('guest:')
            ? null
            : { payer_number: intent.payerNumber, company_code: intent.companyCode },
          three_ds_wanted: options.threeDs?.wanted ?? false,
          cardinal: options.threeDs?.cardinal ?? null,
          description: `${intent.kind} ${intent.orderNumber}`,
        });
      } catch (error) {
        if (error instanceof GatewayTimeoutError) return pendingResponse(intent);
        throw error;
      }
    } else {
      charge = await ctx.gateway.getChargeStatus(intent.orderNumber);
      if (!charge) return options.mayVoid ? voidIntent(ctx, intent, options.mode) : pendingResponse(intent);
      // A payer who never finished authenticating: the order is given up at the provider before it is declined
      // here, so that a late authentication cannot take the money of a payment the portal no longer holds.
      if (charge.status === 'requires_action' && options.mayVoid && waitedForPayer(ctx, intent))
        charge = (await ctx.gateway.cancelCharge(intent.orderNumber)) ?? charge;
    }
    // Still with the payer (3-D Secure asked by the issuer) or a bank debit on its way: the intent holds its
    // documents and stays unsettled; the browser's retry with the key, the provider's event or the reconciler
    // settles it later (ADR 0031).
    if (charge.status === 'requires_action') return actionResponse(intent, charge);
    if (charge.status === 'processing') {
      await announceProcessing(ctx, intent);
      return processingResponse(intent);
    }
    await faults.afterGateway?.(intent, charge);
    if (charge.status !== 'approved') {
      const reason = charge.decline_reason || charge.status;
      return whileErpUnavailable(declineIntent(ctx, intent, reason, options.mode), () =>
        unsettledResponse(intent, 'declined', `Payment declined: ${reason}`),
      );
    }
    // The approval is written with the posting, in its transaction (one commit fewer): an intent that dies in
    // between is still pending, and its retry or the reconciler finds the charge by a look-up and posts it.
    authorization = charge.authorization_reference;
  }
  return whileErpUnavailable(postIntent(ctx, { ...intent, authorizationReference: authorization }, options.mode), () =>
    pendingResponse(intent),
  );
}

/** How long a payer may take over 3-D Secure before the reconciler gives the payment up (Stripe's own is longer). */
const payerActionWaitMs = 15 * 60_000;

function waitedForPayer(ctx: AppContext, intent: PaymentIntent): boolean {
  return ctx.now().getTime() - intent.createdAt.getTime() >= payerActionWaitMs;
}

/**
 * Issue 28: the ERP did not take the posting (refused, timed out, failed, answered outside the contract, restarted).
 * The charge stands and the intent stays unsettled: the user is told the payment is being confirmed (not an error
 * that invites a second payment), this answer is not stored under the key, and a retry with the key or the
 * reconciler posts it with the same Idempotency-Key (the posting reference), which the ERP answers once.
 */
async function whileErpUnavailable(
  settling: Promise<PayInvoicesResponse>,
  meanwhile: () => PayInvoicesResponse,
): Promise<PayInvoicesResponse> {
  try {
    return await settling;
  } catch (error) {
    if (error instanceof ErpUnavailableError) return meanwhile();
    throw error;
  }
}

function isUnsettled(intent: PaymentIntent): boolean {
  return intent.state === 'pending' || intent.state === 'approved';
}

function postingOf(intent: PaymentIntent): IntentPosting {
  return intent.posting as unknown as IntentPosting;
}

/** The ledger posting of an intent: what was charged, on which documents, with which reasons. */
function ledgerPosting(
  ctx: AppContext,
  intent: PaymentIntent,
  outcome: Pick<LedgerPaymentPosting, 'message_type' | 'message_line_string'>,
): LedgerPaymentPosting {
  const posting = postingOf(intent);
  return {
    ...outcome,
    posting_reference: intent.id,
    log_id: posting.log_id,
    payer_data: { customer_number: intent.payerNumber, company_code: intent.companyCode },
    soldto_number: posting.soldto_number,
    currency_key: intent.currencyKey,
    amount_minor: intent.amountMinor,
    payment_card_token: intent.paymentCardToken,
    payment_card_type: intent.paymentCardType,
    authorization_reference: outcome.message_type === 'S' ? intent.authorizationReference : '',
    order_number: intent.orderNumber,
    login: intent.login,
    // When the customer paid, not when this attempt runs: a posting retried later (the reconciler, a retry with the
    // same key) carries the same body under the same Idempotency-Key, and the ERP answers it the first result.
    posted_at: intent.createdAt,
    documents: posting.documents.map((document) => ({
      document_key: document.document_key,
      amount_minor: BigInt(document.amount_minor),
      reason_code: document.reason_code,
      comment: document.comment,
    })),
    reference_number: posting.reference_number,
    reason_code: posting.reason_code,
    comment: posting.comment,
  };
}

type Mode = SettleOptions['mode'];

async function postIntent(ctx: AppContext, intent: PaymentIntent, mode: Mode): Promise<PayInvoicesResponse> {
  const faults = paymentFaults(ctx);
  let response: PayInvoicesResponse | undefined;
  let settled = false;
  let disputes: string[] = [];
  await retryOnConflict(() =>
    ctx.erp.postPayment(ledgerPosting(ctx, intent, { message_type: 'S', message_line_string: '' }), {
      inTransaction: async (tx, result) => {
        response = postedResponse(ctx, intent, result);
        settled = await settleIntent(tx, intent.id, {
          state: 'posted',
          response,
          paymentDocumentNumber: result.payment_document_number,
          authorizationReference: intent.authorizationReference,
          now: ctx.now(),
        });
        if (settled) {
          if (mode === 'charge') await storeAnswerWithKey(tx, ctx, intent, response);
          await queueConfirmation(tx, ctx, intent, response);
          await recordPostedPayment(tx, intent, result, ctx.now());
          disputes = await openDisputesOfPayment(tx, ctx, intent, result);
          await auditPayment(tx, ctx, intent, 'payment_posted', {
            payment_document_number: result.payment_document_number,
          });
        }
        await faults.beforeCommit?.(tx, intent);
      },
    }),
  );
  disputesOpened(ctx, disputes);
  return settledAnswer(ctx, intent, { ours: response!, settled, mode });
}

async function declineIntent(
  ctx: AppContext,
  intent: PaymentIntent,
  reason: string,
  mode: Mode,
): Promise<PayInvoicesResponse> {
  const message = `Payment declined: ${reason}`;
  const response = unsettledResponse(intent, 'declined', message);
  let settled = false;
  await retryOnConflict(() =>
    ctx.erp.postPayment(
      // A declined attempt is recorded (payment history shows it red); nothing is applied to the documents.
      { ...ledgerPosting(ctx, intent, { message_type: 'E', message_line_string: message }), documents: [] },
      {
        inTransaction: async (tx) => {
          settled = await settleIntent(tx, intent.id, {
            state: 'declined',
            response,
            declineReason: reason,
            now: ctx.now(),
          });
          if (settled) {
            if (mode === 'charge') await storeAnswerWithKey(tx, ctx, intent, response);
            await auditPayment(tx, ctx, intent, 'payment_declined', { reason });
            await announceFailedDebit(tx, ctx, intent, reason);
          }
        },
      },
    ),
  );
  return settledAnswer(ctx, intent, { ours: response, settled, mode });
}

/** Nothing reached the gateway (the request died before its call): the documents are free again. */
async function voidIntent(ctx: AppContext, intent: PaymentIntent, mode: Mode): Promise<PayInvoicesResponse> {
  const response = unsettledResponse(intent, 'declined', 'Payment was not processed');
  const settled = await ctx.db.transaction(async (tx) => {
    return settleIntent(tx as unknown as Db, intent.id, {
      state: 'voided',
      response,
      declineReason: 'not_charged',
      now: ctx.now(),
    });
  });
  return settledAnswer(ctx, intent, { ours: response, settled, mode });
}

/** Answers stored under their request's Idempotency-Key in the transaction that settled the intent. */
const storedWithKey = new WeakSet<PayInvoicesResponse>();

/** Whether the charging request's answer is already stored under its key (replyPaymentOnce stores nothing more). */
export function isStoredWithKey(response: PayInvoicesResponse): boolean {
  return storedWithKey.has(response);
}

/**
 * The charging request's final answer, stored under its Idempotency-Key in the transaction that settles the intent:
 * the answer and the posting (or the recorded decline) commit together, one commit fewer than storing it after.
 */
async function storeAnswerWithKey(
  tx: Db,
  ctx: AppContext,
  intent: PaymentIntent,
  response: PayInvoicesResponse,
): Promise<void> {
  const now = ctx.now();
  await completeIdempotencyKey(
    tx,
    { scope: intent.scope, key: intent.idempotencyKey, requestHash: intent.requestHash },
    { status: 200, body: response, now, expiresAt: new Date(now.getTime() + idempotencyKeyTtlMs) },
  );
  storedWithKey.add(response);
}

/**
 * The answer of an intent once settled: ours, or (when someone else settled it first) the one they stored. A look-up
 * (a retry, the reconciler) also stores it as the answer of the intent's Idempotency-Key, in case the request died
 * with its key in flight, so that its retry replays it; a charging request's own key is stored by withIdempotency.
 */
async function settledAnswer(
  ctx: AppContext,
  intent: PaymentIntent,
  outcome: { ours: PayInvoicesResponse; settled: boolean; mode: Mode },
): Promise<PayInvoicesResponse> {
  const stored = outcome.settled ? undefined : await findIntent(ctx.db, intent.id);
  const response = (stored?.response as PayInvoicesResponse | null | undefined) ?? outcome.ours;
  if (outcome.mode === 'charge') return response;
  const now = ctx.now();
  await completeIdempotencyKey(
    ctx.db,
    { scope: intent.scope, key: intent.idempotencyKey, requestHash: intent.requestHash },
    { status: 200, body: response, now, expiresAt: new Date(now.getTime() + idempotencyKeyTtlMs) },
  );
  return response;
}

function summary(intent: PaymentIntent, state: PayInvoicesResponse['payment']['state'], documentNumber: string) {
  return {
    state,
    payment_document_number: documentNumber,
    reference_code: intent.orderNumber,
    payment_card_type: intent.paymentCardType as PayInvoicesResponse['payment']['payment_card_type'],
    payment_method_label: paymentMethodLabel({
      payment_card_type: intent.paymentCardType,
      payment_card_token: intent.paymentCardToken,
    }),
    processed_at: (intent.settledAt ?? intent.updatedAt).toISOString(),
    total_amount: formatMinorUnits(intent.amountMinor, intent.currencyDecimals),
    currency_key: intent.currencyKey,
    currency_decimals: intent.currencyDecimals,
  };
}

/**
 * The entries of the answer's status list: one per paid document, or for a deposit (a payment on account, no
 * documents) one for the deposit itself, so that "success when any status is S" (spec §4) holds for both.
 */
function answeredDocuments(intent: PaymentIntent, paymentDocumentNumber: string): IntentPosting['documents'] {
  const posting = postingOf(intent);
  if (posting.documents.length > 0) return posting.documents;
  return [
    {
      document_key: '',
      document_number_finance: paymentDocumentNumber,
      billing_document_number: posting.reference_number,
      amount_minor: String(intent.amountMinor),
      reason_code: posting.reason_code,
      comment: posting.comment,
    },
  ];
}

function postedResponse(ctx: AppContext, intent: PaymentIntent, result: LedgerPostingResult): PayInvoicesResponse {
  const applied = new Map(result.documents.map((document) => [document.document_key, document]));
  const status: PaymentResult[] = answeredDocuments(intent, result.payment_document_number).map((document, index) => {
    const ledger = applied.get(document.document_key);
    return {
      index_number: index,
      document_number_finance: document.document_number_finance,
      billing_document_number: document.billing_document_number,
      message_type: 'S',
      message_line_string: '',
      authorization_reference_code: intent.authorizationReference,
      authorization_amount: formatMinorUnits(
        ledger ? ledger.applied_minor : BigInt(document.amount_minor),
        intent.currencyDecimals,
      ),
      currency_key: intent.currencyKey,
    };
  });
  return {
    status,
    payment: {
      ...summary(intent, 'posted', result.payment_document_number),
      processed_at: ctx.now().toISOString(),
    },
  };
}

function unsettledResponse(
  intent: PaymentIntent,
  state: 'declined' | 'pending' | 'processing' | 'requires_action',
  message: string,
): PayInvoicesResponse {
  return {
    status: answeredDocuments(intent, '').map((document, index) => ({
      index_number: index,
      document_number_finance: document.document_number_finance,
      billing_document_number: document.billing_document_number,
      message_type: 'E',
      message_line_string: message,
      authorization_reference_code: '',
      authorization_amount: formatMinorUnits(0n, intent.currencyDecimals),
      currency_key: intent.currencyKey,
    })),
    payment: summary(intent, state, ''),
  };
}

export function pendingResponse(intent: PaymentIntent): PayInvoicesResponse {
  return unsettledResponse(intent, 'pending', 'Payment is being confirmed');
}

/** A bank debit the provider has started: posted when the provider says it succeeded (ADR 0031). */
function processingResponse(intent: PaymentIntent): PayInvoicesResponse {
  return unsettledResponse(intent, 'processing', 'Bank payment is processing');
}

/** The issuer wants the payer to authenticate: the browser completes it in the provider's component, then retries. */
function actionResponse(intent: PaymentIntent, charge: GatewayCharge): PayInvoicesResponse {
  const response = unsettledResponse(intent, 'requires_action', 'Authentication required');
  return charge.next_action
    ? { ...response, payment: { ...response.payment, next_action: charge.next_action } }
    : response;
}

/** Issue 29: what caused a payment a job made (a date the user chose, or an AutoPay enrolment); {} for the others. */
function causeOf(intent: PaymentIntent): Record<string, string> {
  const posting = intent.posting as IntentPosting;
  if (!posting.cause) return {};
  return {
    cause: posting.cause,
    ...(posting.scheduled_payment_id ? { scheduled_payment: posting.scheduled_payment_id } : {}),
    ...(posting.autopay_id ? { autopay: posting.autopay_id } : {}),
  };
}

/** The audit trail's row of a settled payment (issue 14): both people when someone worked as the payer. */
async function auditPayment(
  tx: Db,
  ctx: AppContext,
  intent: PaymentIntent,
  event: 'payment_posted' | 'payment_declined',
  details: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, {
    at: ctx.now(),
    event,
    userId: intent.actingUserId ?? intent.userId,
    targetUserId: intent.userId,
    subject: intent.payerNumber,
    details: {
      ...details,
      kind: intent.kind,
      amount: formatMinorUnits(intent.amountMinor, intent.currencyDecimals),
      currency: intent.currencyKey,
      ...(intent.actingUserId ? { workingAs: intent.userId } : {}),
      ...(intent.scope.startsWith('guest:') ? { guest: true } : {}),
      ...causeOf(intent),
    },
  });
}

/**
 * The receipt (issue 13: payment, deposit or guest receipt), queued in the posting's transaction and sent by the
 * mail job. It names the amount with its currency and decimals, each document, the reference code, the method's
 * type and last four digits, and the date (formatted in the recipient's language when sent).
 */
async function queueConfirmation(
  tx: Db,
  ctx: AppContext,
  intent: PaymentIntent,
  response: PayInvoicesResponse,
): Promise<void> {
  const posting = postingOf(intent);
  if (!posting.notify_email) return;
  await queueMail(tx, ctx, {
    template: intent.scope.startsWith('guest:')
      ? 'guest_receipt'
      : intent.kind === 'deposit'
        ? 'deposit_receipt'
        : 'payment_receipt',
    recipient: posting.notify_email,
    language: posting.notify_language ?? intent.language,
    payload: {
      firstName: posting.notify_first_name ?? '',
      lastName: posting.notify_last_name ?? '',
      kind: intent.kind,
      payment_document_number: response.payment.payment_document_number,
      reference_code: response.payment.reference_code,
      payment_method_label: response.payment.payment_method_label,
      total_amount: response.payment.total_amount,
      currency_key: response.payment.currency_key,
      currency_decimals: response.payment.currency_decimals,
      processed_at: response.payment.processed_at,
      ...(posting.cause ? { cause: posting.cause, scheduled_date: posting.scheduled_date } : {}),
      documents: response.status.map((entry) => ({
        billing_document_number: entry.billing_document_number,
        document_number_finance: entry.document_number_finance,
        amount: entry.authorization_amount,
      })),
    },
    // The key the outbox had before receipts had their own types: a receipt is still queued once per intent.
    dedupeKey: `payment_confirmation:${intent.id}`,
  });
}
