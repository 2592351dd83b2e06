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

/** Issue 29: the monthly statement e-mail, opt-in per user (one message per account, last month's PDF attached). */
export const MonthlyStatementSetting = z.object({ monthly_statement: z.boolean() });
export type MonthlyStatementSetting = z.infer<typeof MonthlyStatementSetting>;

export const putMonthlyStatement = defineRoute({
  method: 'PUT',
  path: '/api/profile/monthly-statement',
  summary: "Turn the signed-in user's monthly statement e-mail on or off (the user worked as, when impersonating).",
  body: MonthlyStatementSetting,
  response: MonthlyStatementSetting,
});

/** Issue 38: payment reminders, on unless the user switches them off (then the schedule's e-mails skip the user). */
export const PaymentRemindersSetting = z.object({ payment_reminders: z.boolean() });
export type PaymentRemindersSetting = z.infer<typeof PaymentRemindersSetting>;

export const putPaymentReminders = defineRoute({
  method: 'PUT',
  path: '/api/profile/payment-reminders',
  summary: "Turn the signed-in user's payment reminder e-mails on or off (the user worked as, when impersonating).",
  body: PaymentRemindersSetting,
  response: PaymentRemindersSetting,
});
