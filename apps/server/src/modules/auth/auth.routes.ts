import type { FastifyInstance } from 'fastify';
import {
  changePassword as changePasswordRoute,
  completePasswordReset as completePasswordResetRoute,
  getPasswordReset as getPasswordResetRoute,
  getUserAccounts,
  login,
  loginStatus,
  logout,
  refresh,
  requestPasswordReset as requestPasswordResetRoute,
} from '@portal/contracts';
import { AppError } from '../../errors';
import { clientInfo } from '../../http/client-info';
import { createKeyedLimiter } from '../../http/keyed-limiter';
import { addRoute } from '../../http/routes';
import { changePassword } from './change-password';
import { completePasswordReset, getPasswordReset } from './complete-password-reset';
import { requestPasswordReset } from './request-password-reset';
import { requireActor } from '../../plugins/auth';
import { getUserProfile } from './get-user-profile';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { refreshSession } from './refresh-session';
import { signIn } from './sign-in';
import { signOut } from './sign-out';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const secure = ctx.config.cookieSecure;

  addRoute(app, login, async ({ body, request, reply }) => {
    const result = await signIn(ctx, body, clientInfo(request));
    setRefreshCookie(reply, result.refreshToken, result.refreshMaxAgeSeconds, secure);
    return { token: result.accessToken, refreshToken: null, expiresIn: ctx.tokens.ttlSeconds };
  });

  addRoute(app, refresh, async ({ body, request, reply }) => {
    try {
      const result = await refreshSession(
        ctx,
        readRefreshCookie(request) ?? body?.refreshToken ?? undefined,
        clientInfo(request),
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
      const result = await refreshSession(ctx, token, clientInfo(request));
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
      clientInfo(request),
    );
    clearRefreshCookie(reply, secure);
    return { message: 'Success' as const };
  });

  addRoute(app, getUserAccounts, ({ request }) => getUserProfile(ctx, requireActor(request.actor)));

  // Self-service (issue 13): reset by e-mail link, and the change from settings.
  const config = ctx.config;
  const resetsPerAddress = createKeyedLimiter(app, {
    name: 'password-reset:address',
    max: config.PASSWORD_RESET_MAX_PER_ADDRESS,
    windowSeconds: 900,
  });
  const resetsPerEmail = createKeyedLimiter(app, {
    name: 'password-reset:email',
    max: config.PASSWORD_RESET_MAX_PER_EMAIL,
    windowSeconds: 900,
  });
  addRoute(app, requestPasswordResetRoute, ({ body, request }) =>
    requestPasswordReset(ctx, body, clientInfo(request), async (email) => {
      await resetsPerAddress(request, request.ip);
      await resetsPerEmail(request, email);
    }),
  );
  addRoute(app, getPasswordResetRoute, ({ params }) => getPasswordReset(ctx, params.id));
  addRoute(app, completePasswordResetRoute, ({ body, request }) =>
    completePasswordReset(ctx, body, clientInfo(request)),
  );
  addRoute(app, changePasswordRoute, ({ body, request }) =>
    changePassword(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
}
