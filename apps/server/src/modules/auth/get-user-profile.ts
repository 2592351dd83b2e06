// POST /api/token/getuseraccounts — the signed-in user with linked accounts and permissions.
import type { UserProfile } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { toLinkedAccount } from '../profile/linked-accounts';
import { findUserById, listUserAccounts } from '../users/users.repository';

export async function getUserProfile(ctx: AppContext, actor: Actor): Promise<UserProfile> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  const accounts = await listUserAccounts(ctx.db, user.userId);
  return {
    user_id: user.userId,
    login: user.login,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    status: user.status as UserProfile['status'],
    user_role: user.userRole as UserProfile['user_role'],
    primary_account_type_id: user.primaryAccountTypeId as UserProfile['primary_account_type_id'],
    third_party_id: user.thirdPartyId || null,
    language: user.language,
    monthly_statement: user.monthlyStatement,
    payment_reminders: user.paymentReminders,
    last_login: user.lastLogin?.toISOString() ?? null,
    num_logins: user.numLogins,
    require_password_change: user.requirePasswordChange,
    Accounts: accounts.map(toLinkedAccount),
    Permissions: [...actor.permissions],
    impersonated_by: actor.impersonator
      ? { user_id: actor.impersonator.userId, login: actor.impersonator.login }
      : null,
  };
}
