// Object-level authorisation for customer accounts: a user may act on the accounts the ERP returns for the
// user's own linked accounts (primary accounts and their sold-tos), nothing else.
import type { AccountType, HeaderItem } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { findUserById, listUserAccounts } from '../users/users.repository';

/**
 * A user's header items are read on every invoice call (object-level authorisation) and cost ~4 statements (user,
 * links, the ERP's accounts and sold-tos). They are kept per process for this long: a link removed from the user
 * (or a sold-to moved in the ERP) is honoured after at most this delay on other instances; on this one, whoever
 * changes a user's links calls invalidateHeaderItems. Sign-in state and the user's status are checked per request
 * by the auth plugin, not cached.
 */
export const headerItemsTtlMs = 30_000;
const maxCachedUsers = 10_000;
const headerItemsCache = new WeakMap<AppContext, Map<number, { items: Promise<HeaderItem[]>; at: number }>>();

export async function loadHeaderItems(ctx: AppContext, userId: number): Promise<HeaderItem[]> {
  let byUser = headerItemsCache.get(ctx);
  if (!byUser) headerItemsCache.set(ctx, (byUser = new Map()));
  const cached = byUser.get(userId);
  if (cached && Date.now() - cached.at < headerItemsTtlMs) return cached.items;
  if (byUser.size >= maxCachedUsers) byUser.clear();
  // The promise is cached, so concurrent requests of one user read the accounts once; a failure is not kept.
  const items = readHeaderItems(ctx, userId);
  byUser.set(userId, { items, at: Date.now() });
  items.catch(() => byUser.delete(userId));
  return items;
}

/** Forget a user's cached header items (call after changing the user's linked accounts). */
export function invalidateHeaderItems(ctx: AppContext, userId: number): void {
  headerItemsCache.get(ctx)?.delete(userId);
}

async function readHeaderItems(ctx: AppContext, userId: number): Promise<HeaderItem[]> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const links = await listUserAccounts(ctx.db, userId);
  if (links.length === 0) return [];
  const answer = await ctx.erp.getHeaderAccounts({
    account_type: user.primaryAccountTypeId as AccountType,
    accounts: links.map((l) => ({
      primary_account: l.primaryAccount,
      company_code: l.companyCode,
      sales_organization: l.salesOrganization,
      distribution_channel: l.distributionChannel,
      division: l.division,
    })),
  });
  return answer.HeaderItems;
}

/** Every customer number (primary or secondary) the user may see, keyed by company code. */
export function accessibleAccounts(items: HeaderItem[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) {
    keys.add(accountKey(item.PrimaryAcct, item.CompanyCode));
    for (const sub of item.DropDownItems) keys.add(accountKey(sub.PrimaryAcct, sub.CompanyCode));
  }
  return keys;
}

export function accountKey(customerNumber: string, companyCode: string): string {
  return `${companyCode}/${customerNumber.replace(/^0+(?=\d)/, '')}`;
}

export async function assertAccountAccess(
  ctx: AppContext,
  userId: number,
  customerNumber: string,
  companyCode: string,
): Promise<void> {
  const allowed = accessibleAccounts(await loadHeaderItems(ctx, userId));
  // Same answer for "exists but not yours" and "does not exist": no account-number oracle.
  if (!allowed.has(accountKey(customerNumber, companyCode))) throw new AppError('NOT_FOUND');
}
