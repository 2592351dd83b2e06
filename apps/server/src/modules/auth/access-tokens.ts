// Short-lived bearer access tokens: HS256 JWTs naming the user and the session. The session is still checked on
// every request, so logout and idle expiry take effect at once (see plugins/auth.ts).
//
// A token is verified once per process: the claims of a token string whose signature checked are kept until the
// token expires (issue 17: verifying through WebCrypto was a tenth of what a small call cost). The same string
// always verifies the same way, and its expiry is checked at every use as jose checks it.
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { userId: number; sessionId: string };

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
  ttlSeconds: number;
};

const issuer = 'ar-portal';
/** Verified tokens kept at most: beyond it the oldest goes first. */
const maxVerifiedTokens = 20_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
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
      const known = verified.get(token);
      if (known) {
        // jose's rule: valid while exp is after the current second.
        if (known.expiresAt > Math.floor(Date.now() / 1000))
          return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'], requiredClaims: ['exp'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        verified.set(token, { userId, sessionId: payload.sid, expiresAt: payload.exp! });
        if (verified.size > maxVerifiedTokens) verified.delete(verified.keys().next().value!);
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
