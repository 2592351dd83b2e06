// Object-level authorisation for customer accounts: a user may act on the accounts the ERP returns for the
// user's own linked accounts (primary accounts and their sold-tos), nothing else.
import type { AccountType, HeaderItem } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { findUserById, listExclusions, listUserAccounts } from '../users/users.repository';

/** Whose accounts: the user id and the row's access version (the actor carries both; see users.accessVersion). */
export type AccountHolder = { userId: number; accessVersion: number };

/**
 * A user's header items are read on every invoice call (object-level authorisation) and cost ~4 statements (user,
 * links, exclusions, the ERP's accounts and sold-tos). They are kept per process, keyed by the user's access
 * version: whoever changes a user's links, exclusions or account type bumps it (users.repository bumpAccessVersion),
 * and the auth plugin reads the row on every request, so a removed link is gone on the very next call on every
 * instance. The TTL only bounds how long a sold-to moved in the ERP stays cached.
 */
export const headerItemsTtlMs = 30_000;
const maxCachedUsers = 10_000;
type CachedItems = { items: Promise<HeaderItem[]>; at: number; version: number };
const headerItemsCache = new WeakMap<AppContext, Map<number, CachedItems>>();

export async function loadHeaderItems(ctx: AppContext, holder: AccountHolder): Promise<HeaderItem[]> {
  let byUser = headerItemsCache.get(ctx);
  if (!byUser) headerItemsCache.set(ctx, (byUser = new Map()));
  const cached = byUser.get(holder.userId);
  if (cached && cached.version === holder.accessVersion && Date.now() - cached.at < headerItemsTtlMs) {
    return cached.items;
  }
  if (byUser.size >= maxCachedUsers) byUser.clear();
  // The promise is cached, so concurrent requests of one user read the accounts once; a failure is not kept.
  const items = readHeaderItems(ctx, holder.userId);
  byUser.set(holder.userId, { items, at: Date.now(), version: holder.accessVersion });
  items.catch(() => byUser.delete(holder.userId));
  return items;
}

/**
 * The user's accounts as the ERP answers for the user's links, less the user's exclusions (spec §3 Exclusion list,
 * PayerAll): an excluded primary account goes with its sold-tos, an excluded sold-to leaves its account's list.
 * This is the one place that scopes accounts: header, search, totals, exports, PDFs, history and payments read it.
 */
async function readHeaderItems(ctx: AppContext, userId: number): Promise<HeaderItem[]> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const links = await listUserAccounts(ctx.db, userId);
  if (links.length === 0) return [];
  const [answer, excluded] = await Promise.all([
    ctx.erp.getHeaderAccounts({
      account_type: user.primaryAccountTypeId as AccountType,
      accounts: links.map((l) => ({
        primary_account: l.primaryAccount,
        company_code: l.companyCode,
        sales_organization: l.salesOrganization,
        distribution_channel: l.distributionChannel,
        division: l.division,
      })),
    }),
    user.primaryAccountTypeId === 'PayerAll' ? listExclusions(ctx.db, userId) : Promise.resolve([]),
  ]);
  if (excluded.length === 0) return answer.HeaderItems;
  const out = new Set(excluded.map(normalizeNumber));
  return answer.HeaderItems.filter((item) => !out.has(normalizeNumber(item.PrimaryAcct))).map((item) => {
    const kept = item.DropDownItems.filter((sub) => !out.has(normalizeNumber(sub.PrimaryAcct)));
    if (kept.length === item.DropDownItems.length) return item;
    const trimmed = { ...item, DropDownItems: kept };
    trimmedItems.add(trimmed);
    return trimmed;
  });
}

const trimmedItems = new WeakSet<HeaderItem>();

/**
 * Whether exclusions removed some of the account's sold-tos: then "every sold-to" must be asked of the ERP as the
 * list that is left, never as "all" (which the ERP reads as every sold-to it knows).
 */
export function isTrimmed(item: HeaderItem): boolean {
  return trimmedItems.has(item);
}

/** An account or document number as the portal compares them: trimmed, without leading zeros. */
export function normalizeNumber(value: string): string {
  return value.trim().replace(/^0+(?=\d)/, '');
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
  holder: AccountHolder,
  customerNumber: string,
  companyCode: string,
): Promise<void> {
  const allowed = accessibleAccounts(await loadHeaderItems(ctx, holder));
  // Same answer for "exists but not yours" and "does not exist": no account-number oracle.
  if (!allowed.has(accountKey(customerNumber, companyCode))) throw new AppError('NOT_FOUND');
}
