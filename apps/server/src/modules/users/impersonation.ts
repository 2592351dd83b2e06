// Impersonation (access spec §4; issue 14): a manager or admin works as another user. The identity lives in the
// server session (sessions.impersonated_user_id), read by the auth plugin on every call: the call then runs with
// the target's accounts and exclusions and the actor's permissions capped by the target's. A manager cannot work
// as an admin; nobody works as a deactivated, locked or deleted user, or as themselves.
import type { ImpersonationState } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { setSessionImpersonation } from '../auth/sessions.repository';
import { audit, forbidden } from './user-admin-rules';
import { findManagedUser } from './user-detail';
import type { UserRow } from './users.repository';

/** The user the actor may work as (or read the accounts of), else 404 (unknown) or 403 (not allowed). */
export async function impersonationTarget(ctx: AppContext, actor: Actor, userId: number): Promise<UserRow> {
  if (!actor.permissions.has('CanImpersonate')) throw new AppError('FORBIDDEN');
  const target = await findManagedUser(ctx.db, userId);
  if (target.userRole === 'admin' && actor.role !== 'admin') throw forbidden('admin_only');
  if (target.status !== 'active') throw forbidden('impersonate_inactive');
  return target;
}

export async function startImpersonation(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  client: ClientInfo,
): Promise<ImpersonationState> {
  // One level only: working as someone, the actor first stops (the session's own permissions apply again).
  if (actor.impersonator) throw forbidden('already_impersonating');
  if (userId === actor.userId) throw forbidden('not_yourself');
  const target = await impersonationTarget(ctx, actor, userId);
  await setSessionImpersonation(ctx.db, actor.sessionId, target.userId);
  await audit(ctx, actor, client, 'impersonation_started', target.userId, target.login, {});
  return { user_id: target.userId, name: displayName(target) };
}

export async function stopImpersonation(ctx: AppContext, actor: Actor, client: ClientInfo): Promise<void> {
  if (!actor.impersonator) return;
  await setSessionImpersonation(ctx.db, actor.sessionId, null);
  // The audit row's actor is the person signed in, its target the user they worked as.
  await audit(ctx, actor, client, 'impersonation_stopped', actor.userId, actor.login, {});
}

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'login'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.login;
}
