// GET /api/users (access spec §2 users list, §7; issue 14): status, profile and a case-insensitive search over
// login, e-mail, names, company and linked account numbers, keyset-paged by login, with the count (up to
// usersCountCap). Without any filter the answer is empty (spec §7); the list page sends a status.
//
// 100,000 users stay fast (npm run bench:users) because a search first collects the matching users through the
// indexes (status and trigrams of users.search_text; trigrams of the account numbers), at most usersCountCap + 1
// of them. Up to the cap, the page is sorted from that small set and the count is its size. Beyond it, matches are
// dense, so the page walks the login index and finds its rows at once. Ordering by login over the trigram filter
// alone let the planner choose a walk over every user for a rare term, or a sort of thousands for a common one.
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  usersCountCap,
  usersPageSize,
  type AccountType,
  type UserListItem,
  type UserRole,
  type UserStatusFilter,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { userAccounts, users } from '../../db/schema';

export type UserListQuery = {
  status?: UserStatusFilter | '';
  profile?: string;
  search?: string;
  cursor?: string;
  limit?: number;
};

type UserList = { items: UserListItem[]; nextCursor: string | null; total: number; total_capped: boolean };

const statusOf: Record<Exclude<UserStatusFilter, 'all'>, string> = {
  active: 'active',
  deactive: 'deactivated',
  'waiting-confirmation': 'waiting-confirmation',
  locked: 'locked',
};

// In a correlated subquery drizzle writes a column without its table ("user_id"), which the subquery's own table
// would capture: the outer user is named in full.
const outerUserId = sql.raw('"users"."user_id"');

/** LIKE's own characters typed in a search are matched literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Account numbers are letters and digits (spec §5): a search with anything else cannot be one. */
const mayBeAccount = (search: string) => /^[A-Za-z0-9]+$/.test(search);

/** A search matches the user's text or one of the user's account numbers (found once, through their own index). */
function searchFilter(search: string): SQL {
  const pattern = likePattern(search);
  if (!mayBeAccount(search)) return sql`${users.searchText} like ${pattern}`;
  return sql`(${users.searchText} like ${pattern} or ${outerUserId} = any(array(
    select linked.user_id from ${userAccounts} linked where lower(linked.primary_account) like ${pattern})))`;
}

/**
 * The users a search matches, at most usersCountCap + 1: those whose text matches (the status and trigram index)
 * and those with a matching account number (the accounts' trigram index), each arm index-driven, none sorted. The
 * text arm is a materialized CTE: under the LIMIT the planner expected to stop a sequential scan early, and a
 * search that matched nobody in that status read every user.
 */
async function matchingUserIds(
  ctx: AppContext,
  base: SQL | undefined,
  search: string,
): Promise<{ ids: number[]; capped: boolean }> {
  const pattern = likePattern(search);
  const byAccount = mayBeAccount(search)
    ? sql`union all select ${users.userId} from ${userAccounts} join ${users} on ${users.userId} = ${userAccounts.userId}
        where ${base} and lower(${userAccounts.primaryAccount}) like ${pattern}`
    : sql``;
  const result = await ctx.db.execute(sql`
    with by_text as materialized (select ${users.userId} from ${users} where ${base} and ${users.searchText} like ${pattern})
    select user_id from (select user_id from by_text ${byAccount}) matching limit ${usersCountCap + 1}`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as unknown as { rows: { user_id: number }[] }).rows;
  // A user whose text and accounts match comes more than once: counted once (below the cap every match is here).
  return { ids: [...new Set(rows.map((row) => Number(row.user_id)))], capped: rows.length > usersCountCap };
}

export async function listUsers(ctx: AppContext, query: UserListQuery): Promise<UserList> {
  const status = query.status || undefined;
  const profile = query.profile?.trim() || undefined;
  const search = query.search?.trim() || undefined;
  if (!status && !profile && !search) return { items: [], nextCursor: null, total: 0, total_capped: false };

  const base = and(
    isNull(users.deletedAt),
    status && status !== 'all' ? eq(users.status, statusOf[status]) : undefined,
    profile ? eq(users.profile, profile) : undefined,
  );
  const limit = query.limit ?? usersPageSize;
  const afterCursor = query.cursor ? gt(users.login, query.cursor) : undefined;

  if (search) {
    const { ids, capped } = await matchingUserIds(ctx, base, search);
    if (!capped) {
      const rows = ids.length === 0 ? [] : await pageOf(ctx, and(inArray(users.userId, ids), afterCursor), limit);
      return answer(rows, limit, { total: ids.length, total_capped: false });
    }
    const rows = await pageOf(ctx, and(base, searchFilter(search), afterCursor), limit);
    return answer(rows, limit, { total: usersCountCap, total_capped: true });
  }

  const rows = await pageOf(ctx, and(base, afterCursor), limit);
  // A first page that is not full is the count itself; otherwise one count that stops past the cap.
  if (!query.cursor && rows.length <= limit) return answer(rows, limit, { total: rows.length, total_capped: false });
  const counted = ctx.db
    .select({ one: sql`1` })
    .from(users)
    .where(base)
    .limit(usersCountCap + 1)
    .as('counted');
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(counted);
  const n = row?.n ?? 0;
  return answer(
    rows,
    limit,
    n > usersCountCap ? { total: usersCountCap, total_capped: true } : { total: n, total_capped: false },
  );
}

/** One page by login (one row more than shown: whether there is a next page), with each user's account numbers. */
function pageOf(ctx: AppContext, where: SQL | undefined, limit: number) {
  return ctx.db
    .select({
      userId: users.userId,
      login: users.login,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      status: users.status,
      userRole: users.userRole,
      primaryAccountTypeId: users.primaryAccountTypeId,
      thirdPartyId: users.thirdPartyId,
      lastLogin: users.lastLogin,
      accounts: sql<string[]>`coalesce((select array_agg(linked.primary_account order by linked.account_id)
        from ${userAccounts} linked where linked.user_id = ${outerUserId}), '{}')`,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.login))
    .limit(limit + 1);
}

function answer(
  rows: Awaited<ReturnType<typeof pageOf>>,
  limit: number,
  count: Pick<UserList, 'total' | 'total_capped'>,
): UserList {
  const page = rows.slice(0, limit);
  return {
    items: page.map((user) => ({
      user_id: user.userId,
      login: user.login,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.company,
      status: user.status as UserListItem['status'],
      user_role: user.userRole as UserRole,
      primary_account_type_id: user.primaryAccountTypeId as AccountType,
      third_party_id: user.thirdPartyId,
      last_login: user.lastLogin?.toISOString() ?? null,
      accounts: user.accounts,
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.login ?? null) : null,
    ...count,
  };
}
