// A user's linked accounts and PayerAll exclusions, as administrators change them (access spec §3 Linked account,
// Exclusion list; §5; issue 14). Each change bumps the user's access version in its transaction, so that the
// user's very next call sees it on every instance (customers/account-access.ts).
import { and, eq } from 'drizzle-orm';
import { maxLinkedAccounts, type AccountType, type LinkedAccount, type LinkedAccountInput } from '@portal/contracts';
import { exclusionProblem, validateLinkedAccount } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { userAccounts, userExclusions } from '../../db/schema';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { normalizeNumber } from '../customers/account-access';
import { toLinkedAccount } from '../profile/linked-accounts';
import { assertMayChange, audit, forbidden } from './user-admin-rules';
import { findManagedUser } from './user-detail';
import { bumpAccessVersion, listExclusions, listUserAccounts, type UserRow } from './users.repository';

type Accounts = { Accounts: LinkedAccount[] };

async function accountsOf(ctx: AppContext, userId: number): Promise<Accounts> {
  return { Accounts: (await listUserAccounts(ctx.db, userId)).map(toLinkedAccount) };
}

export async function getUserAccounts(ctx: AppContext, userId: number): Promise<Accounts> {
  await findManagedUser(ctx.db, userId);
  return accountsOf(ctx, userId);
}

/** The user's accounts are the third party's to change (spec §6: read-only for third-party users). */
async function changeableUser(ctx: AppContext, actor: Actor, userId: number): Promise<UserRow> {
  const user = await findManagedUser(ctx.db, userId);
  assertMayChange(actor, user);
  if (user.thirdPartyId?.trim()) throw forbidden('third_party_read_only');
  return user;
}

function parseLink(input: LinkedAccountInput) {
  const errors = validateLinkedAccount(input);
  assertNoFieldErrors(errors);
  return {
    primaryAccount: input.primary_account.trim(),
    accountType: input.account_type,
    companyCode: input.company_code.trim(),
    salesOrganization: input.sales_organization.trim(),
    distributionChannel: input.distribution_channel.trim(),
    division: input.division.trim(),
  };
}

/** The ERP must know the account in that sales area for the user's account type (the connector answers). */
async function assertKnownToErp(ctx: AppContext, user: UserRow, link: ReturnType<typeof parseLink>): Promise<void> {
  const answer = await ctx.erp.getHeaderAccounts({
    account_type: user.primaryAccountTypeId as AccountType,
    accounts: [
      {
        primary_account: link.primaryAccount,
        company_code: link.companyCode,
        sales_organization: link.salesOrganization,
        distribution_channel: link.distributionChannel,
        division: link.division,
      },
    ],
  });
  if (answer.HeaderItems.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'errors.users.account_unknown',
      details: { fields: ['primary_account'] },
    });
  }
}

function assertNotLinkedTwice(
  existing: { accountId: number; primaryAccount: string; companyCode: string }[],
  link: ReturnType<typeof parseLink>,
  exceptId?: number,
) {
  if (
    existing.some(
      (a) =>
        a.accountId !== exceptId &&
        normalizeNumber(a.primaryAccount) === normalizeNumber(link.primaryAccount) &&
        a.companyCode === link.companyCode,
    )
  ) {
    throw new AppError('CONFLICT', { messageKey: 'errors.account.already_added', reason: 'duplicate' });
  }
}

export async function addUserAccount(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: LinkedAccountInput,
  client: ClientInfo,
): Promise<Accounts> {
  const user = await changeableUser(ctx, actor, userId);
  const link = parseLink(input);
  const existing = await listUserAccounts(ctx.db, userId);
  if (existing.length >= maxLinkedAccounts) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'auth.registration.max_no_of_accounts',
      details: { max: maxLinkedAccounts },
    });
  }
  assertNotLinkedTwice(existing, link);
  await assertKnownToErp(ctx, user, link);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(userAccounts).values({ ...link, userId });
    await bumpAccessVersion(tx, userId);
  });
  await audit(ctx, actor, client, 'account_link_added', userId, user.login, {
    account: link.primaryAccount,
    companyCode: link.companyCode,
  });
  return accountsOf(ctx, userId);
}

export async function updateUserAccount(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  accountId: number,
  input: LinkedAccountInput,
  client: ClientInfo,
): Promise<Accounts> {
  const user = await changeableUser(ctx, actor, userId);
  const link = parseLink(input);
  const existing = await listUserAccounts(ctx.db, userId);
  const before = existing.find((a) => a.accountId === accountId);
  if (!before) throw new AppError('NOT_FOUND');
  assertNotLinkedTwice(existing, link, accountId);
  await assertKnownToErp(ctx, user, link);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(userAccounts)
      .set(link)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)));
    await bumpAccessVersion(tx, userId);
  });
  await audit(ctx, actor, client, 'account_link_changed', userId, user.login, {
    from: before.primaryAccount,
    account: link.primaryAccount,
    companyCode: link.companyCode,
  });
  return accountsOf(ctx, userId);
}

export async function deleteUserAccount(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  accountId: number,
  client: ClientInfo,
): Promise<Accounts> {
  const user = await changeableUser(ctx, actor, userId);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(userAccounts)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
      .returning();
    if (rows.length) await bumpAccessVersion(tx, userId);
    return rows[0];
  });
  if (!removed) throw new AppError('NOT_FOUND');
  await audit(ctx, actor, client, 'account_link_removed', userId, user.login, {
    account: removed.primaryAccount,
    companyCode: removed.companyCode,
  });
  return accountsOf(ctx, userId);
}

export async function getUserExclusions(ctx: AppContext, userId: number): Promise<{ exclusions: string[] }> {
  await findManagedUser(ctx.db, userId);
  return { exclusions: await listExclusions(ctx.db, userId) };
}

/** Replaces the list. Only for PayerAll users (spec §6); an empty entry is refused (spec §5). */
export async function putUserExclusions(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  exclusions: string[],
  client: ClientInfo,
): Promise<{ exclusions: string[] }> {
  const user = await findManagedUser(ctx.db, userId);
  assertMayChange(actor, user);
  if (user.primaryAccountTypeId !== 'PayerAll') {
    throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.users.exclusions_payer_all_only' });
  }
  const problem = exclusions.map(exclusionProblem).find(Boolean);
  if (problem) throw new AppError('VALIDATION_FAILED', { messageKey: problem, details: { fields: ['exclusions'] } });
  const numbers = [...new Set(exclusions.map(normalizeNumber))];
  const before = await listExclusions(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userExclusions).where(eq(userExclusions.userId, userId));
    if (numbers.length)
      await tx.insert(userExclusions).values(numbers.map((excludedAccount) => ({ userId, excludedAccount })));
    await bumpAccessVersion(tx, userId);
  });
  await audit(ctx, actor, client, 'exclusions_changed', userId, user.login, {
    added: numbers.filter((n) => !before.includes(n)),
    removed: before.filter((n) => !numbers.includes(n)),
  });
  return { exclusions: await listExclusions(ctx.db, userId) };
}
