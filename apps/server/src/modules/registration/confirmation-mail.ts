// Issues a confirmation link and queues its mail, in the caller's transaction (registration and resend).
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { issueUserToken } from '../auth/user-tokens.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import type { UserRow } from '../users/users.repository';

export async function queueConfirmationMail(
  tx: Db,
  ctx: AppContext,
  user: Pick<UserRow, 'userId' | 'email' | 'firstName' | 'lastName' | 'language'>,
  ttlMs: number | null,
): Promise<void> {
  const now = ctx.now();
  const { token, expiresAt } = await issueUserToken(tx, { kind: 'confirmation', userId: user.userId, now, ttlMs });
  await queueMail(tx, ctx, {
    template: 'confirmation',
    recipient: user.email,
    language: user.language,
    payload: { firstName: user.firstName, lastName: user.lastName, expiresAt: expiresAt?.toISOString() ?? null },
    links: { confirmUrl: portalLink(ctx, `/auto-register/confirm/${token}`) },
  });
}
