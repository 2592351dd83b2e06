import { changePassword, getUserAccounts, linkAccountByInvoice, type AccountByInvoiceRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** spec §7 POST /api/users/{id}/accounts/byinvoice (own id only). Refusals are shown by the form. */
export const postLinkAccount = (userId: number, request: AccountByInvoiceRequest) =>
  call(linkAccountByInvoice, request, { params: { id: userId }, silent: true });

/** spec §7 POST /api/token/resetpassword. */
export const postChangePassword = (body: {
  CurrentPassword: string;
  NewPassword: string;
  ConfirmNewPassword: string;
}) => call(changePassword, body, { silent: true });

export const fetchProfile = () => call(getUserAccounts, undefined, { silent: true });
