import {
  payInvoices,
  type PayInvoicesAnswer,
  type PayInvoicesRequest,
  type ScheduledPaymentAnswer,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * POST /api/invoice/payments with the submission's Idempotency-Key: a retry of the same submission (network error,
 * 409 in flight, the 3-D Secure return) sends the same key, so it can never pay twice. Failures are not toasted
 * here: the page shows the server's translated refusal itself. A request with a scheduled_date is answered
 * { status: 'scheduled' } (issue 29), one without it with the payment's result.
 */
export function submitPayment(request: PayInvoicesRequest, idempotencyKey: string): Promise<PayInvoicesAnswer> {
  return call(payInvoices, request, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });
}

export const isScheduledAnswer = (answer: PayInvoicesAnswer): answer is ScheduledPaymentAnswer =>
  answer.status === 'scheduled';
