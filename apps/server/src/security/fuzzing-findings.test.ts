// What the contract fuzzing found (issue 16 part 2), each kept as a test of its own so that it stays fixed whatever
// seed the fuzzing draws: NUL characters (PostgreSQL cannot store them), a path parameter past the router's limit,
// numbers past PostgreSQL's integer range, and a malformed date saved with the maintenance window off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let payer: string;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 30 });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'fr' },
    ...(payload ? { payload } : {}),
  });

describe('found by the contract fuzzing', () => {
  it('refuses a NUL character in a body, a query or a path with 400 naming the field, in the caller’s language', async () => {
    const body = await call(payer, 'POST', '/api/tokenization/response', { action: '02', access_token: 'a\u0000b' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: 'Certaines des données envoyées ne sont pas valides.',
      details: { fields: ['/access_token'] },
    });
    const query = await call(admin, 'GET', '/api/users?search=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().details.fields).toEqual(['/query/search']);
    const key = await call(null, 'POST', '/api/register', { 'first\u0000name': 'x' });
    expect(key.statusCode).toBe(400);
    const path = await call(null, 'GET', '/api/users/invite/a%00b');
    expect(path.statusCode).toBe(400);
  });

  it('refuses a lone surrogate ("\\ud800", half of a UTF-16 pair) with 400, and keeps a real pair (an emoji)', async () => {
    const lone = await call(admin, 'POST', '/api/integration/keys', { name: '\ud800', scopes: ['payments:read'] });
    expect(lone.statusCode, lone.body).toBe(400);
    expect(lone.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: { fields: ['/name'] } });
    const low = await call(admin, 'POST', '/api/integration/keys', { name: 'a\udc00', scopes: ['payments:read'] });
    expect(low.statusCode).toBe(400);
    const pair = await call(admin, 'POST', '/api/integration/keys', { name: 'ERP 📦', scopes: ['payments:read'] });
    expect(pair.statusCode, pair.body).toBe(201);
  });

  it('answers a path parameter longer than any identifier 404 in the error shape, not a bare 414', async () => {
    const response = await call(admin, 'GET', `/api/users/${'A'.repeat(10_000)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: "L'élément demandé est introuvable." });
  });

  it('refuses numbers past the database’s integer range with 400', async () => {
    const header = await call(admin, 'POST', '/api/customer/header-accounts', { userid: 2_147_483_648 });
    expect(header.statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/mail/outbox/100000000000000000000')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/audit-events?cursor=1e20')).statusCode).toBe(400);
  });

  it('refuses a date that is no date when the maintenance window is saved off, and keeps the one stored', async () => {
    const response = await call(admin, 'PUT', '/api/configuration/blackout', {
      isEnabled: false,
      fromUtcDate: '../../../etc/passwd',
      toUtcDate: '',
      redirectUrl: '',
      messages: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual(['fromUtcDate']);
    expect((await call(admin, 'GET', '/api/configuration/blackout')).json().fromUtcDate).toBeNull();
  });
});
