// Deny by default: every /api route needs a live session's bearer token unless its contract says `public`.
// A route's `permission` is checked here too; object-level checks (this account, this document) live in the
// use cases.
import fp from 'fastify-plugin';
import type { Permission, UserRole } from '@portal/contracts';
import { AppError } from '../errors';
import { findSessionWithUser, sessionTouchIntervalMs, touchSession } from '../modules/auth/sessions.repository';
import { sessionState } from '../modules/auth/session-state';

export type Actor = {
  userId: number;
  sessionId: string;
  login: string;
  role: UserRole;
  permissions: ReadonlySet<Permission>;
  thirdPartyId: string | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  return actor;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config?.public) return;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const claims = token ? await app.ctx.tokens.verify(token) : null;
    if (!claims) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });

    const found = await findSessionWithUser(app.ctx.db, claims.sessionId);
    const now = app.ctx.now();
    if (!found || found.user.userId !== claims.userId) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
    const state = sessionState(found.session, now, app.ctx.config.IDLE_TIMEOUT_SECONDS);
    if (state !== 'live') throw new AppError('AUTH_SESSION_EXPIRED', { reason: `session_${state}` });
    // Deactivated or locked users are out at once; a user waiting for e-mail confirmation is signed in but reaches
    // only the routes marked allowUnconfirmed (their profile, resend): no customer data before confirmation.
    const waiting = found.user.status === 'waiting-confirmation';
    if (found.user.status !== 'active' && !waiting) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
    if (waiting && !config?.allowUnconfirmed) {
      throw new AppError('FORBIDDEN', { reason: 'waiting_confirmation' });
    }

    request.actor = {
      userId: found.user.userId,
      sessionId: found.session.sessionId,
      login: found.user.login,
      role: found.user.userRole as UserRole,
      permissions: new Set(found.user.permissions as Permission[]),
      thirdPartyId: found.user.thirdPartyId,
    };
    if (config?.permission && !request.actor.permissions.has(config.permission)) {
      throw new AppError('FORBIDDEN', { details: { permission: config.permission } });
    }
    // touchSession writes at most once a minute; skip the statement when this session's row says it is not due.
    if (now.getTime() - found.session.lastActivityAt.getTime() >= sessionTouchIntervalMs) {
      await touchSession(app.ctx.db, found.session.sessionId, now);
    }
  });
});
