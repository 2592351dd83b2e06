// Issue 16, part 4 (access tokens), from the attacker's side: a bearer token forged with `alg: none`, signed with
// another algorithm or another secret, expired, or with its claims changed after signing is refused (401) on a
// signed-in route; the same token made properly is accepted, so each refusal is the token's fault.
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

let t: TestApp;
let claims: { sub: string; sid: string };
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 20 });
  const { token } = await signInAs(t.app, 'payer@example.com');
  const decoded = decodeJwt(token);
  claims = { sub: String(decoded.sub), sid: String(decoded.sid) };
});
afterAll(async () => {
  await t?.close();
});

function callWith(token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/configuration/payment-settings',
    headers: { authorization: `Bearer ${token}` },
  });
}

function made(options: { alg?: string; key?: Uint8Array; expiresAt?: number; sub?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(options.sub ?? claims.sub)
    .setIssuer('ar-portal')
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(options.key ?? secret);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('a bearer token', () => {
  it('made with the portal secret, HS256 and live claims, is accepted (the control)', async () => {
    expect((await callWith(await made())).statusCode).toBe(200);
  });

  it('with alg none is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: claims.sub, sid: claims.sid, iss: 'ar-portal', iat: now, exp: now + 600 })}.`;
    const response = await callWith(unsigned);
    expect(response.statusCode).toBe(401);
    expect(response.json().reason).toBe('not_logged_in');
  });

  it('signed with another algorithm (HS512, same secret) is refused', async () => {
    expect((await callWith(await made({ alg: 'HS512' }))).statusCode).toBe(401);
  });

  it('signed with another secret is refused', async () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another-0');
    expect((await callWith(await made({ key: other }))).statusCode).toBe(401);
  });

  it('past its expiry is refused', async () => {
    const expired = await made({ expiresAt: Math.floor(Date.now() / 1000) - 5 });
    expect((await callWith(expired)).statusCode).toBe(401);
  });

  it('with its claims changed after signing (another user) is refused', async () => {
    const [header, , signature] = (await made()).split('.');
    const payload = decodeJwt(await made());
    const tampered = `${header}.${b64({ ...payload, sub: String(Number(claims.sub) + 1) })}.${signature}`;
    expect((await callWith(tampered)).statusCode).toBe(401);
  });

  it("properly signed but naming another user than its session's is refused", async () => {
    expect((await callWith(await made({ sub: String(Number(claims.sub) + 1) }))).statusCode).toBe(401);
  });
});
