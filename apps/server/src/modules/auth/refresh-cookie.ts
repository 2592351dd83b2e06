// The refresh token lives only in this cookie: httpOnly (no script reads it), SameSite=Strict, sent only to
// /api/token. See docs/adr/0003-auth-tokens.md.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const refreshCookieName = 'portal_rt';
const cookiePath = '/api/token';

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookieName] || undefined;
}

export function setRefreshCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean): void {
  reply.setCookie(refreshCookieName, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: cookiePath,
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(refreshCookieName, { httpOnly: true, sameSite: 'strict', secure, path: cookiePath });
}
