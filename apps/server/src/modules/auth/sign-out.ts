// POST /api/token/logout — revokes the session named by the refresh cookie (or the bearer token).
import type { AppContext } from '../../app-context';
import { recordAuditEvent } from '../audit/audit.repository';
import { audit, type ClientInfo } from './sign-in';
import { findRefreshToken, hashRefreshToken, revokeSession } from './sessions.repository';

export async function signOut(
  ctx: AppContext,
  input: { refreshToken: string | undefined; bearer: string | undefined },
  client: ClientInfo,
): Promise<void> {
  let sessionId: string | undefined;
  let userId: number | undefined;
  if (input.refreshToken) {
    const found = await findRefreshToken(ctx.db, hashRefreshToken(input.refreshToken));
    sessionId = found?.session.sessionId;
    userId = found?.session.userId;
  }
  if (!sessionId && input.bearer) {
    const claims = await ctx.tokens.verify(input.bearer);
    sessionId = claims?.sessionId;
    userId = claims?.userId;
  }
  if (!sessionId) return;
  const now = ctx.now();
  await revokeSession(ctx.db, sessionId, 'logout', now);
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'sign_out',
    userId,
    details: { sessionId },
    ...audit(client),
  });
}
