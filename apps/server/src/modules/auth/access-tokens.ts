// Short-lived bearer access tokens: HS256 JWTs naming the user and the session. The session row is still
// checked on every request, so logout and idle expiry take effect at once (see plugins/auth.ts).
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { userId: number; sessionId: string };

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
  ttlSeconds: number;
};

const issuer = 'ar-portal';

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
