// GET /api/users (access spec §2 users list, §7; issue 14): status, profile and a case-insensitive search over
// login, e-mail, names, company and linked account numbers (trigram indexes: 100,000 users stay fast), keyset-paged
// by login, with the count. Without any filter the answer is empty (spec §7); the list page sends a status.
import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { usersPageSize, type UserListItem, type UserStatusFilter } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { userAccounts, users } from '../../db/schema';
import type { AccountType, UserRole } from '@portal/contracts';

export type UserListQuery = {
  status?: UserStatusFilter | '';
  profile?: string;
  search?: string;
  cursor?: string;
  limit?: number;
};

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

export async function listUsers(
  ctx: AppContext,
  query: UserListQuery,
): Promise<{ items: UserListItem[]; nextCursor: string | null; total: number }> {
  const status = query.status || undefined;
  const profile = query.profile?.trim() || undefined;
  const search = query.search?.trim() || undefined;
  if (!status && !profile && !search) return { items: [], nextCursor: null, total: 0 };

  const filters: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (status && status !== 'all') filters.push(eq(users.status, statusOf[status]));
  if (profile) filters.push(eq(users.profile, profile));
  if (search) {
    const pattern = likePattern(search);
    filters.push(
      sql`(lower(${users.login} || ' ' || ${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.company}) like ${pattern}
        or exists (select 1 from ${userAccounts} linked where linked.user_id = ${outerUserId} and lower(linked.primary_account) like ${pattern}))`,
    );
  }
  const where = and(...filters);
  const limit = query.limit ?? usersPageSize;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        user: users,
        accounts: sql<string[]>`coalesce((select array_agg(linked.primary_account order by linked.account_id)
          from ${userAccounts} linked where linked.user_id = ${outerUserId}), '{}')`,
      })
      .from(users)
      .where(and(where, query.cursor ? gt(users.login, query.cursor) : undefined))
      .orderBy(asc(users.login))
      .limit(limit + 1),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  const page = rows.slice(0, limit);
  return {
    items: page.map(({ user, accounts }) => ({
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
      accounts,
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.user.login ?? null) : null,
    total: count?.n ?? 0,
  };
}
