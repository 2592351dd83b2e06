// The route side of every money-moving call (invoice payments, deposits, guest payments): one Idempotency-Key per
// submission, the request hash over the validated body without the CVV, and a pending answer not stored as final,
// so that asking again after the reconciler settled it gives the settled answer (ADR 0009). The claim of the key
// also asks whether an intent of an earlier request with the key exists (one round trip for both).
import type { PayInvoicesAnswer, PaymentDetail } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { hashIdempotentRequest, readIdempotencyKey, replyIdempotently } from '../../http/idempotency';
import { intentWithKeyExists } from './payment-intents.repository';
import { isStoredWithKey } from './settle-payment-intent';
import type { IdempotencyIdentity } from './start-payment-intent';

const unsettledStates = new Set(['pending', 'processing', 'requires_action']);

/** A guest payment's detail has no CVV (the provider's frame took it); the others may carry one. */
type PaymentBody = { payment_detail: Pick<PaymentDetail, 'payment_card_token'> & { card_validation_code?: string } };

export function replyPaymentOnce<B extends PaymentBody, A extends PayInvoicesAnswer>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  body: B,
  pay: (identity: IdempotencyIdentity) => Promise<A>,
): Promise<A> {
  // The CVV shapes neither the stored hash nor the replay: it is checked, handed to the gateway and forgotten.
  const { card_validation_code: _cvv, ...paymentDetail } = body.payment_detail;
  const hashedBody = { ...body, payment_detail: paymentDetail };
  const path = request.url.split('?', 1)[0] ?? request.url;
  return replyIdempotently(
    ctx,
    request,
    reply,
    scope,
    async (claim) => {
      const identity = {
        scope,
        key: readIdempotencyKey(request),
        requestHash: hashIdempotentRequest(request.method, path, hashedBody),
        earlierIntent: claim.earlierWork,
      };
      const body = await pay(identity);
      return { status: 200, body, storedWithKey: 'payment' in body && isStoredWithKey(body) };
    },
    {
      hashedBody,
      // A scheduled payment's answer is final: a retry with the key answers the same schedule. An unsettled one
      // (being confirmed, waiting for the payer's authentication or the bank) is not: the retry asks again.
      isFinal: (answer) => {
        const given = answer as PayInvoicesAnswer;
        return !('payment' in given) || !unsettledStates.has(given.payment.state);
      },
      // An intent outlives its key row (released after a crash, or expired): the claim asks whether one exists.
      earlierWork: intentWithKeyExists,
    },
  );
}
