// POST /api/token/login — the story: refuse empty input, refuse when too many recent failures, check the
// password (same answer and cost for unknown e-mails), open a session with a rotated refresh token.
import type { AppContext } from '../../app-context';
import type { ClientInfo } from '../../http/client-info';
import { AppError } from '../../errors';
import { countRecentEvents, recordAuditEvent } from '../audit/audit.repository';
import { findUserByLogin, recordSuccessfulLogin } from '../users/users.repository';
import { closedForMaintenance } from '../../plugins/maintenance';
import { verifyPassword } from './passwords';
import { createSession, newRefreshToken } from './sessions.repository';

export type { ClientInfo } from '../../http/client-info';

export type SignInResult = { accessToken: string; refreshToken: string; refreshMaxAgeSeconds: number };

/** The window of the failed sign-in limits (LOGIN_MAX_FAILURES_PER_*). */
export const failureWindowMs = 15 * 60 * 1000;

export async function signIn(
  ctx: AppContext,
  input: { login: string; password: string },
  client: ClientInfo,
): Promise<SignInResult> {
  const login = input.login.trim().toLowerCase();
  if (!login || !input.password) throw new AppError('AUTH_CREDENTIALS_REQUIRED');

  const now = ctx.now();
  const since = new Date(now.getTime() - failureWindowMs);
  const [accountFailures, addressFailures] = await Promise.all([
    countRecentEvents(ctx.db, 'sign_in_failed', { subject: login }, since),
    countRecentEvents(ctx.db, 'sign_in_failed', { ip: client.ip }, since),
  ]);
  if (
    accountFailures >= ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    addressFailures >= ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    await recordAuditEvent(ctx.db, {
      at: now,
      event: 'sign_in_refused_rate_limit',
      subject: login,
      ...audit(client),
    });
    throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { details: { retryAfterSeconds: failureWindowMs / 1000 } });
  }

  const user = await findUserByLogin(ctx.db, login);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await recordAuditEvent(ctx.db, {
      at: now,
      event: 'sign_in_failed',
      subject: login,
      userId: user?.userId,
      ...audit(client),
    });
    throw new AppError('AUTH_INVALID_CREDENTIALS');
  }
  // Only someone who knows the password learns that the account is not active. A user waiting for e-mail
  // confirmation signs in to a session that reaches only the waiting page's calls (plugins/auth.ts).
  if (user.status !== 'active' && user.status !== 'waiting-confirmation') {
    await recordAuditEvent(ctx.db, {
      at: now,
      event: 'sign_in_failed',
      subject: login,
      userId: user.userId,
      details: { status: user.status },
      ...audit(client),
    });
    throw new AppError('AUTH_ACCOUNT_INACTIVE', { details: { status: user.status } });
  }

  // During a maintenance window only administrators sign in (at /login/admin); the others read the notice.
  const window = await ctx.blackout.activeNow();
  if (window && user.userRole !== 'admin') throw closedForMaintenance(window, client.language ?? 'en');

  const refresh = newRefreshToken();
  const maxAgeSeconds = ctx.config.SESSION_MAX_HOURS * 3600;
  const sessionId = await createSession(ctx.db, {
    userId: user.userId,
    now,
    expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
    ip: client.ip,
    userAgent: client.userAgent,
    tokenHash: refresh.hash,
  });
  await recordSuccessfulLogin(ctx.db, user.userId, now, client.language);
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'sign_in',
    subject: login,
    userId: user.userId,
    details: { sessionId },
    ...audit(client),
  });
  return {
    accessToken: await ctx.tokens.sign({ userId: user.userId, sessionId }),
    refreshToken: refresh.token,
    refreshMaxAgeSeconds: maxAgeSeconds,
  };
}

export function audit(client: ClientInfo) {
  return { ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
}
