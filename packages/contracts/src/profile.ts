// The user's own profile (/settings/profile; access spec §2 Settings area, §6 third-party users; issue 13): details,
// linked accounts, and more accounts linked by invoice (POST /api/users/{id}/accounts/byinvoice, own id only).
import { z } from 'zod';
import { LinkedAccount } from './auth';
import { defineRoute } from './route';
import { AccountByInvoiceRequest } from './registration';

export const linkAccountByInvoice = defineRoute({
  method: 'POST',
  path: '/api/users/:id/accounts/byinvoice',
  permission: 'CanManageOwnSAPAccounts',
  summary: "Link one more account to the signed-in user's own profile, proven by one of its invoices (at most 4).",
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: AccountByInvoiceRequest,
  response: z.object({ Accounts: z.array(LinkedAccount) }),
});
