// POST /api/token/auto-register/user-confirm/{id} — the confirmation link (access spec §2, §4): used once, within
// registrationEmailExpiration; the user becomes active and gets the welcome mail. A wrong, used or expired link
// answers 404 ('Could not validate account.').
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { consumeUserToken } from '../auth/user-tokens.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import { findUserById, setUserStatus } from '../users/users.repository';

export async function confirmRegistration(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
): Promise<{ message: 'Success' }> {
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, 'confirmation', token, now);
    const found = userId === undefined ? undefined : await findUserById(tx, userId);
    if (!found || found.status !== 'waiting-confirmation') return undefined;
    await setUserStatus(tx, found.userId, 'active', now);
    await queueMail(tx, ctx, {
      template: 'welcome',
      recipient: found.email,
      language: found.language,
      payload: { firstName: found.firstName, lastName: found.lastName, signInUrl: portalLink(ctx, '/signin') },
      dedupeKey: `welcome:${found.userId}`,
    });
    return found;
  });
  if (!user) throw new AppError('NOT_FOUND', { messageKey: 'auth.registration.confirm_failed' });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'registration_confirmed',
    subject: user.login,
    userId: user.userId,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  return { message: 'Success' };
}
