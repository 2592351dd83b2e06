// POST /api/token/refresh and GET /api/token/login-status — rotate the refresh token on every use.
// A token presented again after its successor was issued means it was copied: the whole session ends.
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import { audit, type ClientInfo } from './sign-in';
import { sessionState } from './session-state';
import {
  findRefreshToken,
  hashRefreshToken,
  newRefreshToken,
  revokeSession,
  rotateRefreshToken,
} from './sessions.repository';

export type RefreshResult = { accessToken: string; refreshToken: string; refreshMaxAgeSeconds: number };

// Two tabs may refresh with the same cookie at the same moment; the loser of that race is not an attacker.
const concurrentUseGraceMs = 10_000;

export async function refreshSession(
  ctx: AppContext,
  token: string | undefined,
  client: ClientInfo,
): Promise<RefreshResult> {
  if (!token) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  const now = ctx.now();
  const found = await findRefreshToken(ctx.db, hashRefreshToken(token));
  if (!found) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  const { session } = found;

  if (found.token.usedAt) {
    if (now.getTime() - found.token.usedAt.getTime() < concurrentUseGraceMs && !session.revokedAt) {
      throw new AppError('AUTH_REQUIRED', { reason: 'refresh_superseded' });
    }
    await revokeSession(ctx.db, session.sessionId, 'refresh_reuse', now);
    await recordAuditEvent(ctx.db, {
      at: now,
      event: 'refresh_reuse_detected',
      userId: session.userId,
      details: { sessionId: session.sessionId },
      ...audit(client),
    });
    throw new AppError('AUTH_REQUIRED', { reason: 'refresh_reuse' });
  }

  const state = sessionState(session, now, ctx.config.IDLE_TIMEOUT_SECONDS);
  if (state !== 'live') {
    if (state === 'idle' || state === 'expired') {
      await revokeSession(ctx.db, session.sessionId, state, now);
      await recordAuditEvent(ctx.db, {
        at: now,
        event: 'session_expired',
        userId: session.userId,
        details: { sessionId: session.sessionId, state },
        ...audit(client),
      });
    }
    throw new AppError('AUTH_SESSION_EXPIRED', { reason: `session_${state}` });
  }

  const next = newRefreshToken();
  const rotated = await rotateRefreshToken(ctx.db, {
    oldHash: found.token.tokenHash,
    newHash: next.hash,
    sessionId: session.sessionId,
    now,
  });
  if (!rotated) throw new AppError('AUTH_REQUIRED', { reason: 'refresh_superseded' });
  return {
    accessToken: await ctx.tokens.sign({ userId: session.userId, sessionId: session.sessionId }),
    refreshToken: next.token,
    refreshMaxAgeSeconds: Math.max(1, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}
