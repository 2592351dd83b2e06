// POST /api/token/resetpassword — the signed-in user's password change from settings (spec §5, §7, §8): every
// field required; a wrong current password is a 400 with a message (and counts as a failed sign-in, so that the
// call cannot be used to guess passwords past the sign-in limits); the new one under the password policy. The
// user's other sessions end; this one goes on. A "password changed" mail goes out.
import { validateChangePassword, type ChangePasswordInput } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { countRecentEvents, recordAuditEvent } from '../audit/audit.repository';
import { findUserById, setUserPassword } from '../users/users.repository';
import { queuePasswordChangedMail } from './password-changed-mail';
import { assertPasswordPolicy } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions.repository';
import { failureWindowMs } from './sign-in';

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordInput,
  client: ClientInfo,
): Promise<{ message: 'Success' }> {
  // Working as another user (spec §4) is for their invoices and payments, never their password.
  if (actor.impersonator) throw new AppError('FORBIDDEN', { reason: 'impersonating' });
  const errors = validateChangePassword(input);
  assertNoFieldErrors(errors);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  const now = ctx.now();
  const audit = { subject: user.login, userId: user.userId, ip: client.ip, userAgent: client.userAgent };

  const failures = await countRecentEvents(
    ctx.db,
    'sign_in_failed',
    { subject: user.login },
    new Date(now.getTime() - failureWindowMs),
  );
  if (failures >= ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT)
    throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { details: { retryAfterSeconds: failureWindowMs / 1000 } });
  if (!(await verifyPassword(user.passwordHash, input.CurrentPassword))) {
    await recordAuditEvent(ctx.db, { ...audit, at: now, event: 'sign_in_failed', details: { via: 'change_password' } });
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'auth.change_password.wrong_current',
      details: { fields: ['CurrentPassword'] },
    });
  }
  assertPasswordPolicy(input.NewPassword, 'NewPassword', { email: user.email });
  const passwordHash = await hashPassword(input.NewPassword);
  await ctx.db.transaction(async (tx) => {
    await setUserPassword(tx, user.userId, passwordHash, now);
    await revokeUserSessions(tx, {
      userId: user.userId,
      reason: 'password_changed',
      now,
      exceptSessionId: actor.sessionId,
    });
    await queuePasswordChangedMail(tx, ctx, user, now);
  });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, { ...audit, at: now, event: 'password_changed' });
  return { message: 'Success' };
}
