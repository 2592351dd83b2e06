// PUT /api/token/auto-register/resend-confirmation — a signed-in user waiting for confirmation asks for the mail
// again (rate-limited per user by the route); the new link replaces the old one.
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { findUserById } from '../users/users.repository';
import { queueConfirmationMail } from './confirmation-mail';
import { readRegistrationLinkTtlMs } from './registration-settings';

export async function resendConfirmation(ctx: AppContext, actor: Actor): Promise<{ message: 'Success' }> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user || user.status !== 'waiting-confirmation')
    throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.registration.already_confirmed' });
  const ttlMs = await readRegistrationLinkTtlMs(ctx.db);
  await ctx.db.transaction((tx) => queueConfirmationMail(tx, ctx, user, ttlMs));
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'confirmation_resent',
    subject: user.login,
    userId: user.userId,
  });
  return { message: 'Success' };
}
