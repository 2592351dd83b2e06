// Invites (issue 14): a user created without a password gets an e-mail with /register/{token}. The link lives
// registrationEmailExpiration long, is used once, and a new one (resend) replaces the old. GET /api/users/invite/{id}
// loads it; POST /api/token/complete-registration sets the password under the shared policy.
import { validateNewPassword } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { assertPasswordPolicy } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { consumeUserToken, findLiveUserToken, issueUserToken } from '../auth/user-tokens.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import { readRegistrationLinkTtlMs } from '../registration/registration-settings';
import { assertMayChange, audit } from './user-admin-rules';
import { findManagedUser } from './user-detail';
import { findUserById, setUserPassword } from './users.repository';

const invalidInvite = () => new AppError('NOT_FOUND', { messageKey: 'auth.invite.invalid_token' });

/** Issues the user's invite link and queues its mail, in the caller's transaction. */
export async function queueInviteMail(tx: Db, ctx: AppContext, userId: number): Promise<void> {
  const user = await findUserById(tx, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const ttlMs = await readRegistrationLinkTtlMs(tx);
  const { token, expiresAt } = await issueUserToken(tx, { kind: 'invite', userId, now: ctx.now(), ttlMs });
  await queueMail(tx, ctx, {
    template: 'invite',
    recipient: user.email,
    language: user.language,
    payload: { firstName: user.firstName, lastName: user.lastName, expiresAt: expiresAt?.toISOString() ?? null },
    links: { inviteUrl: portalLink(ctx, `/register/${token}`) },
  });
}

export async function resendInvite(ctx: AppContext, actor: Actor, userId: number, client: ClientInfo): Promise<void> {
  const user = await findManagedUser(ctx.db, userId);
  assertMayChange(actor, user);
  // A user who has a password signs in or resets it; an invite would let whoever reads the mail take the account.
  if (user.passwordHash !== null) {
    throw new AppError('CONFLICT', { messageKey: 'errors.users.has_password' });
  }
  await ctx.db.transaction((tx) => queueInviteMail(tx, ctx, userId));
  ctx.mail.kick();
  await audit(ctx, actor, client, 'invite_sent', userId, user.login, {});
}

async function inviteUser(ctx: AppContext, token: string) {
  const userId = await findLiveUserToken(ctx.db, 'invite', token, ctx.now());
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (!user || user.deletedAt || user.passwordHash !== null) throw invalidInvite();
  return user;
}

export async function getInvite(ctx: AppContext, token: string): Promise<{ first_name: string; email: string }> {
  const user = await inviteUser(ctx, token);
  return { first_name: user.firstName, email: user.email };
}

export async function completeRegistration(
  ctx: AppContext,
  input: { inviteId: string; password: string; confirmPassword: string },
  client: ClientInfo,
): Promise<{ message: 'Success' }> {
  const errors = validateNewPassword(input);
  assertNoFieldErrors(errors);
  const user = await inviteUser(ctx, input.inviteId);
  assertPasswordPolicy(input.password, 'password', { email: user.email });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if ((await consumeUserToken(tx, 'invite', input.inviteId, now)) !== user.userId) throw invalidInvite();
    await setUserPassword(tx, user.userId, passwordHash, now);
  });
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'invite_completed',
    subject: user.login,
    userId: user.userId,
    targetUserId: user.userId,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  return { message: 'Success' };
}
