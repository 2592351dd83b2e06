// GET /api/users/password-reset/{id} and POST /api/token/complete-password-reset. The link's token is used once
// and only within its 60 minutes. Setting the password ends every session of the user at once (the next call
// answers 401) and mails "password changed", in the same transaction.
import { validateNewPassword } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { findUserById, setUserPassword } from '../users/users.repository';
import { assertPasswordPolicy } from './password-policy';
import { hashPassword } from './passwords';
import { queuePasswordChangedMail } from './password-changed-mail';
import { revokeUserSessions } from './sessions.repository';
import { consumeUserToken, findLiveUserToken } from './user-tokens.repository';

const invalidLink = () => new AppError('NOT_FOUND', { messageKey: 'auth.password_reset.invalid_token' });

export async function getPasswordReset(ctx: AppContext, token: string): Promise<{ first_name: string }> {
  const userId = await findLiveUserToken(ctx.db, 'password_reset', token, ctx.now());
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw invalidLink();
  return { first_name: user.firstName };
}

export async function completePasswordReset(
  ctx: AppContext,
  input: { id: string; password: string; confirmPassword: string },
  client: ClientInfo,
): Promise<{ message: 'Success' }> {
  const errors = validateNewPassword(input);
  assertNoFieldErrors(errors);
  const now = ctx.now();
  const userId = await findLiveUserToken(ctx.db, 'password_reset', input.id, now);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw invalidLink();
  assertPasswordPolicy(input.password, 'password', { email: user.email });
  const passwordHash = await hashPassword(input.password);

  await ctx.db.transaction(async (tx) => {
    if ((await consumeUserToken(tx, 'password_reset', input.id, now)) !== user.userId) throw invalidLink();
    await setUserPassword(tx, user.userId, passwordHash, now);
    await revokeUserSessions(tx, { userId: user.userId, reason: 'password_reset', now });
    await queuePasswordChangedMail(tx, ctx, user, now);
  });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'password_reset_completed',
    subject: user.login,
    userId: user.userId,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  return { message: 'Success' };
}
