// POST /api/users/{id}/accounts/byinvoice — a signed-in user links one more account to their own profile, proven
// by one of its invoices (issue 13): own id only (another id answers 404), CanManageOwnSAPAccounts (the route),
// not for third-party users (their accounts are read-only, spec §6), at most 4, no account twice.
import { maxLinkedAccounts, type AccountByInvoiceRequest, type LinkedAccount } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import type { LookupLimit } from '../guest-payment/guest-lookup-limiter';
import { proveAccount } from '../registration/prove-account';
import { insertUserAccount, listUserAccounts } from '../users/users.repository';
import { toLinkedAccount } from './linked-accounts';

export async function linkAccountByInvoice(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: AccountByInvoiceRequest,
  client: ClientInfo,
  countAttempt: (account: string) => Promise<LookupLimit>,
): Promise<{ Accounts: LinkedAccount[] }> {
  if (userId !== actor.userId) throw new AppError('NOT_FOUND');
  if (actor.thirdPartyId?.trim()) throw new AppError('FORBIDDEN', { reason: 'third_party' });
  const before = await listUserAccounts(ctx.db, userId);
  if (before.length >= maxLinkedAccounts)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'auth.registration.max_no_of_accounts',
      details: { max: maxLinkedAccounts },
    });
  const account = await proveAccount(ctx, input, client, countAttempt);
  if (before.some((a) => a.primaryAccount === account.primary_account && a.companyCode === account.company_code))
    throw new AppError('GUEST_ALREADY_ADDED', { messageKey: 'errors.account.already_added', reason: 'duplicate' });
  await insertUserAccount(ctx.db, userId, {
    primaryAccount: account.primary_account,
    accountType: 'both',
    companyCode: account.company_code,
    salesOrganization: account.sales_organization,
    distributionChannel: account.distribution_channel,
    division: account.division,
  });
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'account_linked',
    subject: actor.login,
    userId,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { account: account.primary_account, companyCode: account.company_code, via: 'invoice' },
  });
  return { Accounts: (await listUserAccounts(ctx.db, userId)).map(toLinkedAccount) };
}
