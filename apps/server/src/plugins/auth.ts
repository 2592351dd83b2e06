// Deny by default: every /api route needs a live session's bearer token unless its contract says `public`.
// A route's `permission` is checked here too; object-level checks (this account, this document) live in the
// use cases. A bearer value starting with arp_ is an API key of a machine client (issue 27): it reaches only the
// routes whose contract names one of its scopes (modules/integration/authenticate-api-key.ts).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyPrefix, type Permission, type UserRole } from '@portal/contracts';
import { AppError } from '../errors';
import { clientInfo } from '../http/client-info';
import { authenticateApiKey, type ApiKey } from '../modules/integration/authenticate-api-key';
import { recordAuditEvent } from '../modules/audit/audit.repository';
import { sessionTouchIntervalMs, touchSession, type SessionWithUser } from '../modules/auth/sessions.repository';
import { sessionState } from '../modules/auth/session-state';

/**
 * Who a request runs as. While a session works as another user (spec §4 impersonation), `userId`, `login`, `role`
 * and `thirdPartyId` are the target's, so that every use case scopes data to the target's accounts and exclusions
 * without knowing about impersonation; `permissions` are the actor's capped by the target's; `impersonator` is the
 * person really signed in (recorded on payments and in the audit trail).
 */
export type Actor = {
  userId: number;
  sessionId: string;
  login: string;
  role: UserRole;
  permissions: ReadonlySet<Permission>;
  thirdPartyId: string | null;
  accessVersion: number;
  /** Where the person worked for is written to (a payment's receipt): from the session's read, no read of its own. */
  contact: { email: string; firstName: string; lastName: string; language: string };
  impersonator: { userId: number; login: string; role: UserRole } | null;
};

export type { ApiKey };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    actor: Actor | null;
    /** The API key of a machine client's call (then `actor` is null), else null. */
    apiKey: ApiKey | null;
  }
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  return actor;
}

/**
 * Who made a call that a user session or an API key may make (the routes with an apiKeyScope): the login of the
 * user, or `key:<name>` for a key, as imports, acknowledgements and the audit trail record it.
 */
export type Caller = {
  login: string;
  userId: number | null;
  apiKeyId: number | null;
  actor: Actor | null;
  apiKey: ApiKey | null;
};

export function callerOf(request: FastifyRequest): Caller | null {
  const { actor, apiKey } = request;
  if (actor) return { login: actor.login, userId: actor.userId, apiKeyId: null, actor, apiKey: null };
  if (apiKey) return { login: `key:${apiKey.name}`, userId: null, apiKeyId: apiKey.id, actor: null, apiKey };
  return null;
}

export function requireCaller(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  if (!caller) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
  return caller;
}

/** The role a route needs, held by the person signed in and, while impersonating, by the target too. */
function isOfRole(actor: Actor, role: UserRole): boolean {
  return actor.role === role && (!actor.impersonator || actor.impersonator.role === role);
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('apiKey', null);
  // Every call made while working as another user is in the audit trail (issue 14), with its answer's status.
  app.addHook('onResponse', async (request, reply) => {
    const actor = request.actor;
    if (!actor?.impersonator) return;
    await recordAuditEvent(app.ctx.db, {
      at: app.ctx.now(),
      event: 'impersonated_call',
      userId: actor.impersonator.userId,
      targetUserId: actor.userId,
      subject: actor.login,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
      details: { method: request.method, route: request.routeOptions.url ?? '', status: reply.statusCode },
    }).catch((error: unknown) => request.log.error({ err: error }, 'audit of an impersonated call failed'));
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config?.public) return;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (token?.startsWith(apiKeyPrefix)) {
      // A machine client: no session, no actor; the key's scopes against the route's (403 past them, 401 revoked).
      const route = { scope: config?.apiKeyScope, method: request.method, url: routeOf(request) };
      request.apiKey = await authenticateApiKey(app.ctx, token, route, clientInfo(request));
      return;
    }
    const claims = token ? await app.ctx.tokens.verify(token) : null;
    if (!claims) throw new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });

    const now = app.ctx.now();
    // From the instance's memory when it may be (modules/auth/session-cache.ts); a refusal is decided on the
    // database's row only, so that an entry's age never refuses what the database allows.
    const first = await app.ctx.sessions.find(claims.sessionId);
    let found = first.found;
    const allowUnconfirmed = config?.allowUnconfirmed === true;
    let refusal = sessionRefusal(found, claims.userId, now, allowUnconfirmed);
    if (refusal && first.cached) {
      found = await app.ctx.sessions.read(claims.sessionId);
      refusal = sessionRefusal(found, claims.userId, now, allowUnconfirmed);
    }
    if (refusal || !found) throw refusal ?? new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });

    // A target deactivated, locked or deleted meanwhile ends the impersonation: the session is its own user again.
    const target = found.impersonated?.status === 'active' && !found.impersonated.deletedAt ? found.impersonated : null;
    const own = new Set(found.user.permissions as Permission[]);
    const subject = target ?? found.user;
    request.actor = {
      userId: subject.userId,
      sessionId: found.session.sessionId,
      login: subject.login,
      role: subject.userRole as UserRole,
      permissions: target ? new Set((target.permissions as Permission[]).filter((p) => own.has(p))) : own,
      thirdPartyId: subject.thirdPartyId,
      accessVersion: subject.accessVersion,
      contact: {
        email: subject.email,
        firstName: subject.firstName,
        lastName: subject.lastName,
        language: subject.language,
      },
      impersonator: target
        ? { userId: found.user.userId, login: found.user.login, role: found.user.userRole as UserRole }
        : null,
    };
    if (config?.permission && !request.actor.permissions.has(config.permission)) {
      throw new AppError('FORBIDDEN', { details: { permission: config.permission } });
    }
    if (config?.requiredRole && !isOfRole(request.actor, config.requiredRole)) {
      throw new AppError('FORBIDDEN', { details: { role: config.requiredRole } });
    }
    // touchSession writes at most once a minute; skip the statement when this session's row says it is not due.
    if (now.getTime() - found.session.lastActivityAt.getTime() >= sessionTouchIntervalMs) {
      await touchSession(app.ctx.db, found.session.sessionId, now);
      app.ctx.sessions.touched(found.session.sessionId, now);
    }
  });

  /** Why this session cannot make a call now, or null when it can. */
  function sessionRefusal(
    found: SessionWithUser | undefined,
    userId: number,
    now: Date,
    allowUnconfirmed: boolean,
  ): AppError | null {
    if (!found || found.user.userId !== userId) return new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
    const state = sessionState(found.session, now, app.ctx.config.IDLE_TIMEOUT_SECONDS);
    if (state !== 'live') return new AppError('AUTH_SESSION_EXPIRED', { reason: `session_${state}` });
    // Deactivated, locked or deleted users are out at once.
    const status = found.user.status;
    if ((status !== 'active' && status !== 'waiting-confirmation') || found.user.deletedAt) {
      return new AppError('AUTH_REQUIRED', { reason: 'not_logged_in' });
    }
    // A user waiting for e-mail confirmation is signed in but reaches only the routes marked allowUnconfirmed
    // (their profile, resend): no customer data before confirmation.
    if (status === 'waiting-confirmation' && !allowUnconfirmed) {
      return new AppError('FORBIDDEN', { reason: 'waiting_confirmation' });
    }
    return null;
  }
});

/** The route's pattern, or the path asked for (no route matched), for the audit trail. */
function routeOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? request.url.split('?')[0] ?? '').slice(0, 200);
}
