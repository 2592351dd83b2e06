import {
  validateGuestPayment as validateGuestPaymentRoute,
  type ValidateGuestPaymentRequest,
  type ValidateGuestPaymentResponse,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** spec §7 PUT /api/users/account/validateGuestPayment. Refusals are not toasted: the page shows its error screen. */
export function validateGuestPayment(request: ValidateGuestPaymentRequest): Promise<ValidateGuestPaymentResponse> {
  return call(validateGuestPaymentRoute, request, { silent: true });
}
