// Create, edit and delete users (access spec §3 User, §5 user form, §6; issue 14). The rules of who may change what:
// - only an admin gives or takes the admin role, changes the role at all, or changes an admin;
// - a permission may be granted or withdrawn only by someone who holds it;
// - the last active admin keeps the role and the active status and is not deleted;
// - a third-party user's fields are read-only (they come from the third party);
// - deactivating, locking or deleting ends every session of the user at once.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Permission, UserDetail, UserInput, UserRole } from '@portal/contracts';
import { permissions as allPermissions } from '@portal/contracts';
import { validateUserForm } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { announceChange } from '../../db/change-feed';
import { registrationRequests, users } from '../../db/schema';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { assertPasswordPolicy } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions.repository';
import { queueInviteMail } from './invites';
import { rolePermissions } from '@portal/contracts';
import { assertMayChange, audit, forbidden } from './user-admin-rules';
import { findManagedUser, userDetail } from './user-detail';
import { bumpAccessVersion, insertUser } from './users.repository';

type Parsed = {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  status: string;
  primaryAccountTypeId: string;
  userRole: UserRole;
  language: string | undefined;
};

function parse(input: UserInput): Parsed {
  const errors = validateUserForm({ ...input, set_password: input.set_password ?? false });
  assertNoFieldErrors(errors);
  return {
    login: input.login.trim().toLowerCase(),
    email: input.email.trim().toLowerCase(),
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    company: input.company.trim(),
    status: input.status,
    primaryAccountTypeId: input.primary_account_type_id,
    userRole: input.user_role as UserRole,
    language: input.language,
  };
}

/** A permission changes hands only through someone who holds it (issue 14). */
function assertPermissionChange(actor: Actor, before: readonly string[], after: readonly Permission[]): void {
  const changed = allPermissions.filter((p) => before.includes(p) !== after.includes(p));
  if (changed.some((p) => !actor.permissions.has(p))) throw forbidden('permission_not_held');
}

async function assertUnique(db: Db, parsed: Parsed, exceptUserId?: number): Promise<void> {
  const taken = await db
    .select({ login: users.login, email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        exceptUserId === undefined ? undefined : ne(users.userId, exceptUserId),
        sql`(${users.login} = ${parsed.login} or ${users.email} = ${parsed.email} or ${users.login} = ${parsed.email} or ${users.email} = ${parsed.login})`,
      ),
    )
    .limit(1);
  const row = taken[0];
  if (!row) return;
  const field = row.email === parsed.email || row.login === parsed.email ? 'email' : 'login';
  throw new AppError('CONFLICT', { messageKey: `errors.users.${field}_taken`, details: { fields: [field] } });
}

/** Refuses to leave the portal without an active admin (the admins' rows are locked while it counts). */
async function assertAnotherActiveAdmin(tx: Db, userId: number): Promise<void> {
  const admins = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.userRole, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .for('update');
  if (!admins.some((admin) => admin.userId !== userId))
    throw new AppError('CONFLICT', { messageKey: 'errors.users.last_admin' });
}

const endsSessions = (status: string) => status === 'deactivated' || status === 'locked';

export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: UserInput,
  client: ClientInfo,
): Promise<UserDetail> {
  const parsed = parse(input);
  // A manager cannot choose the role (spec §5: the field is locked): a manager's users are users.
  if (actor.role !== 'admin' && parsed.userRole !== 'user') throw forbidden('role_admin_only');
  const granted = input.Permissions ?? [...rolePermissions[parsed.userRole]];
  assertPermissionChange(actor, rolePermissions[parsed.userRole], granted);
  if (input.set_password) assertPasswordPolicy(input.password ?? '', 'password', { email: parsed.email });
  await assertUnique(ctx.db, parsed);
  const passwordHash = input.set_password ? await hashPassword(input.password ?? '') : null;
  const now = ctx.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await insertUser(
      tx,
      {
        login: parsed.login,
        email: parsed.email,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        company: parsed.company,
        status: parsed.status,
        isConfirmed: parsed.status !== 'waiting-confirmation',
        userRole: parsed.userRole,
        primaryAccountTypeId: parsed.primaryAccountTypeId,
        permissions: granted,
        passwordHash,
        lastPasswordChange: passwordHash ? now : null,
        language: parsed.language ?? client.language ?? 'en',
        createdAt: now,
        updatedAt: now,
      },
      [],
    );
    if (!passwordHash) await queueInviteMail(tx, ctx, id);
    if (input.registration_request_id !== undefined) {
      await tx
        .update(registrationRequests)
        .set({ completedAt: now, completedBy: actor.impersonator?.userId ?? actor.userId, userId: id })
        .where(
          and(
            eq(registrationRequests.registrationRequestId, input.registration_request_id),
            isNull(registrationRequests.completedAt),
          ),
        );
    }
    return id;
  });
  ctx.mail.kick();
  await audit(ctx, actor, client, 'user_created', userId, parsed.login, {
    role: parsed.userRole,
    status: parsed.status,
    invited: !passwordHash,
    ...(input.registration_request_id === undefined ? {} : { registrationRequestId: input.registration_request_id }),
  });
  return userDetail(ctx, await findManagedUser(ctx.db, userId));
}

export async function getUser(ctx: AppContext, userId: number): Promise<UserDetail> {
  return userDetail(ctx, await findManagedUser(ctx.db, userId));
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: UserInput,
  client: ClientInfo,
): Promise<UserDetail> {
  const user = await findManagedUser(ctx.db, userId);
  assertMayChange(actor, user);
  const parsed = parse(input);
  if (user.thirdPartyId?.trim()) {
    // spec §5: every field of a third-party user is disabled; only the status and permissions are the portal's.
    const same =
      parsed.login === user.login &&
      parsed.email === user.email &&
      parsed.firstName === user.firstName &&
      parsed.lastName === user.lastName &&
      parsed.company === user.company &&
      parsed.primaryAccountTypeId === user.primaryAccountTypeId &&
      parsed.userRole === user.userRole &&
      !input.set_password;
    if (!same) throw forbidden('third_party_read_only');
  }
  if (parsed.userRole !== user.userRole && actor.role !== 'admin') throw forbidden('role_admin_only');
  const granted = input.Permissions ?? (user.permissions as Permission[]);
  assertPermissionChange(actor, user.permissions, granted);
  if (input.set_password) assertPasswordPolicy(input.password ?? '', 'password', { email: parsed.email });
  await assertUnique(ctx.db, parsed, userId);
  const passwordHash = input.set_password ? await hashPassword(input.password ?? '') : null;

  const changed = (
    [
      ['login', user.login, parsed.login],
      ['email', user.email, parsed.email],
      ['first_name', user.firstName, parsed.firstName],
      ['last_name', user.lastName, parsed.lastName],
      ['company', user.company, parsed.company],
      ['status', user.status, parsed.status],
      ['primary_account_type_id', user.primaryAccountTypeId, parsed.primaryAccountTypeId],
      ['user_role', user.userRole, parsed.userRole],
      ['language', user.language, parsed.language ?? user.language],
    ] as const
  )
    .filter(([, before, after]) => before !== after)
    .map(([field]) => field as string);
  const permissionsChanged = allPermissions.filter((p) => user.permissions.includes(p) !== granted.includes(p));
  if (permissionsChanged.length) changed.push('Permissions');
  if (passwordHash) changed.push('password');

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const losesAdmin =
      user.userRole === 'admin' &&
      user.status === 'active' &&
      (parsed.userRole !== 'admin' || parsed.status !== 'active');
    if (losesAdmin) await assertAnotherActiveAdmin(tx, userId);
    await tx
      .update(users)
      .set({
        login: parsed.login,
        email: parsed.email,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        company: parsed.company,
        status: parsed.status,
        isConfirmed: parsed.status !== 'waiting-confirmation',
        userRole: parsed.userRole,
        primaryAccountTypeId: parsed.primaryAccountTypeId,
        permissions: granted,
        language: parsed.language ?? user.language,
        updatedAt: now,
        ...(passwordHash ? { passwordHash, lastPasswordChange: now, requirePasswordChange: false } : {}),
      })
      .where(eq(users.userId, userId));
    announceChange(tx, `user:${userId}`);
    if (parsed.primaryAccountTypeId !== user.primaryAccountTypeId) await bumpAccessVersion(tx, userId);
    // Deactivated or locked: out at once (the auth plugin also refuses the status on every call). A new password
    // set by an administrator ends the sessions that knew the old one.
    if ((endsSessions(parsed.status) && !endsSessions(user.status)) || passwordHash) {
      await revokeUserSessions(tx, { userId, reason: passwordHash ? 'password_set' : parsed.status, now });
    }
  });
  if (changed.length) {
    await audit(ctx, actor, client, 'user_updated', userId, parsed.login, {
      fields: changed,
      ...(parsed.userRole !== user.userRole ? { role: { from: user.userRole, to: parsed.userRole } } : {}),
      ...(parsed.status !== user.status ? { status: { from: user.status, to: parsed.status } } : {}),
      ...(permissionsChanged.length
        ? {
            granted: permissionsChanged.filter((p) => granted.includes(p)),
            withdrawn: permissionsChanged.filter((p) => !granted.includes(p)),
          }
        : {}),
    });
  }
  return userDetail(ctx, await findManagedUser(ctx.db, userId));
}

/** Soft delete: the row keeps the name for the audit trail; login and e-mail become free; the sessions end. */
export async function deleteUser(ctx: AppContext, actor: Actor, userId: number, client: ClientInfo): Promise<void> {
  const user = await findManagedUser(ctx.db, userId);
  assertMayChange(actor, user);
  if (userId === (actor.impersonator?.userId ?? actor.userId)) throw forbidden('not_yourself');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (user.userRole === 'admin' && user.status === 'active') await assertAnotherActiveAdmin(tx, userId);
    await tx
      .update(users)
      .set({ deletedAt: now, status: 'deactivated', passwordHash: null, updatedAt: now })
      .where(eq(users.userId, userId));
    announceChange(tx, `user:${userId}`);
    await revokeUserSessions(tx, { userId, reason: 'deleted', now });
  });
  await audit(ctx, actor, client, 'user_deleted', userId, user.login, {});
}
