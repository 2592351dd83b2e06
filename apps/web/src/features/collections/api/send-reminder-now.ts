import { sendReminderNow as sendRoute, type TimelineEntry } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import type { AccountRef } from './get-collection-account';

/** POST /api/collections/accounts/:payer/reminders: the account's reminder, sent now with the next step's template. */
export function sendReminderNow(account: AccountRef): Promise<TimelineEntry> {
  return call(sendRoute, { company_code: account.companyCode }, { params: { payer: account.payer } });
}
