// A user as the administration screens show it (access spec §3 User).
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountType, Permission, UserDetail, UserRole } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { userTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { toLinkedAccount } from '../profile/linked-accounts';
import { findUserById, listExclusions, listUserAccounts, type UserRow } from './users.repository';

/** A live (not deleted) user, or 404. */
export async function findManagedUser(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  return user;
}

export async function userDetail(ctx: AppContext, user: UserRow): Promise<UserDetail> {
  const [accounts, exclusions, invites] = await Promise.all([
    listUserAccounts(ctx.db, user.userId),
    listExclusions(ctx.db, user.userId),
    ctx.db
      .select({ kind: userTokens.kind })
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.userId), eq(userTokens.kind, 'invite'), isNull(userTokens.usedAt)))
      .limit(1),
  ]);
  return {
    user_id: user.userId,
    login: user.login,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    status: user.status as UserDetail['status'],
    user_role: user.userRole as UserRole,
    primary_account_type_id: user.primaryAccountTypeId as AccountType,
    third_party_id: user.thirdPartyId,
    last_login: user.lastLogin?.toISOString() ?? null,
    accounts: accounts.map((a) => a.primaryAccount),
    language: user.language,
    num_logins: user.numLogins,
    is_confirmed: user.isConfirmed,
    created_date: user.createdAt.toISOString(),
    updated_date: user.updatedAt.toISOString(),
    last_password_change: user.lastPasswordChange?.toISOString() ?? null,
    require_password_change: user.requirePasswordChange,
    invite_pending: user.passwordHash === null && invites.length > 0,
    Accounts: accounts.map(toLinkedAccount),
    Permissions: user.permissions as Permission[],
    exclusions,
  };
}
