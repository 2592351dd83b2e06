import { refundPayment as refundRoute, type PaymentReversal, type RefundPaymentRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * POST /api/payments-received/:id/refunds with the submission's Idempotency-Key (issue 37): a retry of the same
 * submission sends the same key, so it can never refund twice. Silent: the dialog shows a refusal itself.
 */
export function refundPayment(
  paymentId: string,
  request: RefundPaymentRequest,
  idempotencyKey: string,
): Promise<PaymentReversal> {
  return call(refundRoute, request, {
    params: { id: paymentId },
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}
