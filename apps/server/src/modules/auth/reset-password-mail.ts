// A new 60-minute reset link and its mail, in the caller's transaction: the reset request, and a registration with
// an address that already has an account (its owner most likely forgot the password).
import { passwordResetTtlMinutes } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { portalLink, queueMail } from '../mail/queue-mail';
import type { UserRow } from '../users/users.repository';
import { issueUserToken } from './user-tokens.repository';

export async function queueResetPasswordMail(tx: Db, ctx: AppContext, user: UserRow): Promise<void> {
  const { token, expiresAt } = await issueUserToken(tx, {
    kind: 'password_reset',
    userId: user.userId,
    now: ctx.now(),
    ttlMs: passwordResetTtlMinutes * 60_000,
  });
  await queueMail(tx, ctx, {
    template: 'reset_password',
    recipient: user.email,
    language: user.language,
    payload: { firstName: user.firstName, lastName: user.lastName, expiresAt: expiresAt!.toISOString() },
    links: { resetUrl: portalLink(ctx, `/reset-password/${token}`) },
  });
}

/** Only users who may sign in get a reset link (a deactivated or locked user is not let back in by mail). */
export const mayResetPassword = (user: UserRow): boolean =>
  user.status === 'active' || user.status === 'waiting-confirmation';
