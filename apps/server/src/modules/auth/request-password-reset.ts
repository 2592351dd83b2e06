// POST /api/users/password-reset-request — the story: check the address (spec §5), count the attempt per client
// address and per e-mail (429 over either), then, only for a user who may sign in, a new 60-minute one-time token
// and the reset mail, written together. Known or unknown, the answer is the same Success after the same minimum
// time, so the call tells nobody whether an address has an account.
import { validateResetRequest } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { answerNoSooner } from '../customers/invoice-proof';
import { findUserByLogin } from '../users/users.repository';
import { mayResetPassword, queueResetPasswordMail } from './reset-password-mail';

export async function requestPasswordReset(
  ctx: AppContext,
  input: { email: string },
  client: ClientInfo,
  countAttempt: (email: string) => Promise<void>,
): Promise<{ message: 'Success' }> {
  const started = performance.now();
  const problem = validateResetRequest(input.email);
  if (problem) throw new AppError('VALIDATION_FAILED', { messageKey: problem, details: { fields: ['email'] } });
  const email = input.email.trim().toLowerCase();
  await countAttempt(email);

  const user = await findUserByLogin(ctx.db, email);
  const now = ctx.now();
  if (user && mayResetPassword(user)) {
    await ctx.db.transaction((tx) => queueResetPasswordMail(tx, ctx, user));
    ctx.mail.kick();
  }
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'password_reset_requested',
    subject: email,
    userId: user?.userId,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  await answerNoSooner(ctx, started);
  return { message: 'Success' };
}
