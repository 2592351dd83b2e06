import {
  guestTokenHeader,
  payGuestInvoice as payGuestInvoiceRoute,
  type GuestPaymentRequest,
  type GuestPaymentResponse,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * spec §7 POST /api/guestPayment/payments with the guest token and the submission's Idempotency-Key: a retry of the
 * same submission (network error, 409 in flight, the 3-D Secure return) sends the same key, so it can never pay
 * twice. Failures are not toasted here: the page shows the translated refusal itself.
 */
export function payGuestInvoice(
  guestToken: string,
  request: GuestPaymentRequest,
  idempotencyKey: string,
): Promise<GuestPaymentResponse> {
  return call(payGuestInvoiceRoute, request, {
    headers: { [guestTokenHeader]: guestToken, 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}
