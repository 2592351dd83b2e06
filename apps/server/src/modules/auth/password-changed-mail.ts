// The "password changed" mail (issue 13): after a reset by link and after a change in settings.
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { portalLink, queueMail } from '../mail/queue-mail';
import type { UserRow } from '../users/users.repository';

export async function queuePasswordChangedMail(
  tx: Db,
  ctx: Pick<AppContext, 'secrets' | 'now' | 'config'>,
  user: UserRow,
  at: Date,
): Promise<void> {
  await queueMail(tx, ctx, {
    template: 'password_changed',
    recipient: user.email,
    language: user.language,
    payload: {
      firstName: user.firstName,
      lastName: user.lastName,
      changedAt: at.toISOString(),
      resetRequestUrl: portalLink(ctx, '/request-password-reset'),
    },
  });
}
