import {
  confirmRegistration,
  getUserAccounts,
  registerUser,
  registrationSettings,
  resendConfirmation,
  validateAccount,
  type AccountByInvoiceRequest,
  type RegistrationRequest,
} from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * spec §7 GET /api/token/auto-register/accounts: whether registration is open, the account cap and the confirmation
 * link's lifetime with the administrator's note. If it cannot be read, the page says registration is not available.
 */
export const registrationSettingsQuery = queryOptions({
  queryKey: ['registration', 'settings'],
  queryFn: async ({ signal }) => {
    try {
      return await call(registrationSettings, undefined, { signal, silent: true });
    } catch {
      return null;
    }
  },
  retry: false,
});

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
