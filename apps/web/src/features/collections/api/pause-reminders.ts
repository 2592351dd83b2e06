import { pauseReminders as pauseRoute, type WorklistAccount } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import type { AccountRef } from './get-collection-account';

/** PUT /api/collections/accounts/:payer/pause: the reminders wait until after `until` (yyyy-mm-dd), or go on (null). */
export function pauseReminders(account: AccountRef, until: string | null): Promise<WorklistAccount> {
  return call(pauseRoute, { company_code: account.companyCode, until }, { params: { payer: account.payer } });
}
