import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getUserAccounts, login, loginStatus, logout, refresh } from '@portal/contracts';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { getUserProfile } from './get-user-profile';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { refreshSession } from './refresh-session';
import { signIn, type ClientInfo } from './sign-in';
import { signOut } from './sign-out';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const secure = ctx.config.cookieSecure;

  addRoute(app, login, async ({ body, request, reply }) => {
    const result = await signIn(ctx, body, clientOf(request));
    setRefreshCookie(reply, result.refreshToken, result.refreshMaxAgeSeconds, secure);
    return { token: result.accessToken, refreshToken: null, expiresIn: ctx.tokens.ttlSeconds };
  });

  addRoute(app, refresh, async ({ body, request, reply }) => {
    try {
      const result = await refreshSession(
        ctx,
        readRefreshCookie(request) ?? body?.refreshToken ?? undefined,
        clientOf(request),
      );
      setRefreshCookie(reply, result.refreshToken, result.refreshMaxAgeSeconds, secure);
      return { token: result.accessToken, refreshToken: null, expiresIn: ctx.tokens.ttlSeconds };
    } catch (error) {
      if (error instanceof AppError && error.options.reason !== 'refresh_superseded') clearRefreshCookie(reply, secure);
      throw error;
    }
  });

  addRoute(app, loginStatus, async ({ request, reply }) => {
    const token = readRefreshCookie(request);
    if (!token) return { isLoggedIn: false, token: null, refreshToken: null };
    try {
      const result = await refreshSession(ctx, token, clientOf(request));
      setRefreshCookie(reply, result.refreshToken, result.refreshMaxAgeSeconds, secure);
      return { isLoggedIn: true, token: result.accessToken, refreshToken: null };
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error;
      if (error.options.reason !== 'refresh_superseded') clearRefreshCookie(reply, secure);
      return { isLoggedIn: false, token: null, refreshToken: null };
    }
  });

  addRoute(app, logout, async ({ request, reply }) => {
    const header = request.headers.authorization;
    await signOut(
      ctx,
      { refreshToken: readRefreshCookie(request), bearer: header?.startsWith('Bearer ') ? header.slice(7) : undefined },
      clientOf(request),
    );
    clearRefreshCookie(reply, secure);
    return { message: 'Success' as const };
  });

  addRoute(app, getUserAccounts, ({ request }) => getUserProfile(ctx, requireActor(request.actor)));
}

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id };
}
