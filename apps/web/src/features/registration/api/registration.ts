import {
  confirmRegistration,
  getUserAccounts,
  registerUser,
  resendConfirmation,
  validateAccount,
  type AccountByInvoiceRequest,
  type RegistrationRequest,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** spec §7 PUT /api/users/account/validate. Refusals are shown by the form, not toasted. */
export const proveAccount = (request: AccountByInvoiceRequest) => call(validateAccount, request, { silent: true });

/** spec §7 POST /api/token/auto-register/user. */
export const postRegistration = (request: RegistrationRequest) => call(registerUser, request, { silent: true });

/** spec §7 POST /api/token/auto-register/user-confirm/{id}. */
export const postConfirmation = (id: string) => call(confirmRegistration, undefined, { params: { id }, silent: true });

/** spec §7 PUT /api/token/auto-register/resend-confirmation. */
export const putResendConfirmation = () => call(resendConfirmation, undefined, { silent: true });

/** The signed-in user's profile again, once confirmed (the router then opens the portal). */
export const fetchOwnProfile = () => call(getUserAccounts, undefined, { silent: true });
