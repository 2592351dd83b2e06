import type { LinkedAccount } from '@portal/contracts';
import type { UserAccountRow } from '../users/users.repository';

/** A stored link in the spec's Linked account shape (access spec §3). */
export function toLinkedAccount(row: UserAccountRow): LinkedAccount {
  return {
    account_id: row.accountId,
    primary_account: row.primaryAccount,
    account_type: row.accountType,
    company_code: row.companyCode,
    sales_organization: row.salesOrganization,
    distribution_channel: row.distributionChannel,
    division: row.division,
  };
}
