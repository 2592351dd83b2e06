import { assignCollector as assignRoute, type WorklistAccount } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import type { AccountRef } from './get-collection-account';

/** PUT /api/collections/accounts/:payer/collector: the account to a collector, or to nobody (null). */
export function assignCollector(account: AccountRef, userId: number | null): Promise<WorklistAccount> {
  return call(
    assignRoute,
    { company_code: account.companyCode, user_id: userId },
    { params: { payer: account.payer } },
  );
}
