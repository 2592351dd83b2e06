import { completePasswordReset, getPasswordReset, requestPasswordReset } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** spec §7 POST /api/users/password-reset-request: the same Success for any address. */
export const postPasswordResetRequest = (email: string) => call(requestPasswordReset, { email }, { silent: true });

/** spec §7 GET /api/users/password-reset/{id}: the first name of a live link; 404 otherwise. */
export const fetchPasswordReset = (id: string) => call(getPasswordReset, undefined, { params: { id }, silent: true });

/** spec §7 POST /api/token/complete-password-reset. */
export const postCompletePasswordReset = (body: { id: string; password: string; confirmPassword: string }) =>
  call(completePasswordReset, body, { silent: true });
