import {
  payInvoices,
  type PayInvoicesRequest,
  type PayInvoicesResponse,
} from "@portal/contracts";
import { call } from "../../../lib/api-client";

/**
 * POST /api/invoice/payments with the submission's Idempotency-Key: a retry of the same submission (network error,
 * 409 in flight, the 3-D Secure return) sends the same key, so it can never pay twice. Failures are not toasted
 * here: the page shows the server's translated refusal itself.
 */
export async function submitPayment(
  request: PayInvoicesRequest,
  idempotencyKey: string,
): Promise<PayInvoicesResponse> {
  const answer = await call(payInvoices, request, {
    headers: { "Idempotency-Key": idempotencyKey },
    silent: true,
  });
  // A request without scheduled_date is paid now: the answer is never the scheduled one.
  if (!Array.isArray(answer.status))
    throw new Error("a payment made now was answered as scheduled");
  return answer as PayInvoicesResponse;
}
