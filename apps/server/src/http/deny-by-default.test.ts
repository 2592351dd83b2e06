import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiKeyScopes } from '@portal/contracts';
import { insertApiKey, revokeApiKeyRow } from '../modules/integration/api-keys.repository';
import { apiKeyHash, apiKeyPrefixOf } from '../modules/integration/authenticate-api-key';
import { newApiKey } from '../modules/integration/create-api-key';
import { contractRoutes, routeKey } from '../security/contract-fields';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoUsers: false });
});
afterAll(async () => {
  await t?.close();
});

// Public on purpose: sign-in and its session calls, liveness, and the switches the sign-in screen needs.
const expectedPublic = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'POST /api/token/login',
  'POST /api/token/refresh',
  'POST /api/token/logout',
  'GET /api/token/login-status',
  // The signed invoice PDF link: the HMAC-signed token is the authorisation (a new tab has no bearer token).
  'GET /api/invoice/pdf/:token',
  // Guest payment (issue 6): no session; each checks the guest-payment setting and, after the lookup, the signed
  // X-Guest-Token scoped to one document (modules/guest-payment).
  'PUT /api/users/account/validateGuestPayment',
  // What the guest page reads first (issue 27): guest payment on or off, and the payments-disabled message.
  'GET /api/token/guest-payment/guestpayment',
  'POST /api/GuestPayment',
  'POST /api/guestPayment/guestPayer',
  'POST /api/guestPayment/payments',
  'POST /api/guestTokenization/access_token',
  'POST /api/guestTokenization/response',
  // Self-service (issue 13): password reset by e-mail link, registration with account proof and confirmation link,
  // admin recovery by ADMIN_RECOVERY_KEY. Each is rate-limited and answers alike for known and unknown targets.
  'POST /api/users/password-reset-request',
  'GET /api/users/password-reset/:id',
  'POST /api/token/complete-password-reset',
  'PUT /api/users/account/validate',
  // What the account-linking page reads first (issue 27): registration open or not, the cap, the link's lifetime.
  'GET /api/token/auto-register/accounts',
  'POST /api/token/auto-register/user',
  'POST /api/token/auto-register/user-confirm/:id',
  'GET /api/admin/recovery',
  'POST /api/admin/recovery',
  // The payment provider's events (issue 36): Stripe-Signature on the raw body is the authorisation.
  'POST /api/gateway/stripe/webhook',
  // Invites (issue 14): the one-time link in the invite e-mail is the authorisation; it sets a password once.
  'GET /api/users/invite/:id',
  'POST /api/token/complete-registration',
  // Registration requests (issue 14): someone without an account asks for one; rate-limited, mails the admins.
  'POST /api/register',
  // The maintenance window's status (issue 15), read before sign-in.
  'GET /api/configuration/isBlackoutActive',
  // The theme of a host and its uploaded logo and icon (issue 15), shown on the sign-in page.
  'GET /api/configuration/theme',
  'GET /api/files/:id',
];

it('answers 401 without a token on every registered API route that is not public', async () => {
  const apiRoutes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));
  expect(apiRoutes.length).toBeGreaterThan(expectedPublic.length);
  const publicRoutes = apiRoutes
    .filter((r) => r.public && !r.url.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.url}`);
  expect(publicRoutes.sort()).toEqual([...expectedPublic].sort());

  for (const route of apiRoutes.filter((r) => !r.public)) {
    const url = route.url.replace(/:(\w+)/g, '1');
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      payload: route.method === 'GET' ? undefined : {},
    });
    expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 401,
    });
    expect(response.json().reason).toBe('not_logged_in');
  }
});

// Issue 27: a machine client's API key reaches only the routes whose contract names one of its scopes. Every other
// route that is not public refuses even a valid key holding every scope (403); a wrong or revoked key is 401
// everywhere. Each group of calls comes from its own address, so that the general per-address limit stays out of it.
it('refuses an API key on every non-public route without an apiKeyScope (403), and a wrong or revoked key (401)', async () => {
  const keyOf = async (name: string) => {
    const key = newApiKey();
    const id = await insertApiKey(t.database.db, {
      name,
      scopes: [...apiKeyScopes],
      keyHash: apiKeyHash(key),
      keyPrefix: apiKeyPrefixOf(key),
      createdByUserId: null,
      createdByLogin: 'deny-by-default test',
      createdAt: t.clock.now(),
    });
    return { id, key };
  };
  const valid = await keyOf('every scope');
  const revoked = await keyOf('revoked');
  await revokeApiKeyRow(t.database.db, revoked.id, t.clock.now(), 'deny-by-default test');
  const wrong = newApiKey();

  const scopeOf = new Map(contractRoutes().map((route) => [routeKey(route), route.apiKeyScope]));
  const guarded = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.public);
  const answers: { route: string; key: string; status: number; reason: string | undefined }[] = [];
  const expected: typeof answers = [];
  for (const [name, key, address] of [
    ['valid', valid.key, '198.51.100.1'],
    ['wrong', wrong, '198.51.100.2'],
    ['revoked', revoked.key, '198.51.100.3'],
  ] as const) {
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        remoteAddress: address,
        headers: { authorization: `Bearer ${key}` },
        payload: route.method === 'GET' ? undefined : {},
      });
      const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
      const scoped = scopeOf.get(`${route.method} ${route.url}`) !== undefined;
      const refused = response.statusCode === 401 || response.statusCode === 403;
      const seen = {
        route: `${route.method} ${route.url}`,
        key: name,
        status: response.statusCode,
        reason: body.reason,
      };
      answers.push(name === 'valid' && scoped ? { ...seen, status: refused ? response.statusCode : 0 } : seen);
      if (name !== 'valid') expected.push({ ...seen, status: 401, reason: 'api_key_invalid' });
      // A route of a scope is past the key check (its own answer, 0 here); any other refuses the key itself.
      else expected.push(scoped ? { ...seen, status: 0 } : { ...seen, status: 403, reason: 'api_key_scope' });
    }
  }
  expect(answers).toEqual(expected);
  expect(guarded.length).toBeGreaterThan(expectedPublic.length);
});

// The built-in sandbox gateway's own router (connectors/gateway/sandbox), outside /api and public on purpose: they
// stand for the payment provider's pages, which the browser reaches without the portal's bearer token. Each is
// authorised by the unguessable, short-lived access token the portal obtained for its session.
const expectedGatewayPublic = [
  'GET /sandbox-gateway/frame.js', // the hosted frame's one script (static)
  'GET /sandbox-gateway/frame.css', // its style sheet (static)
  'GET /sandbox-gateway/frame', // the hosted card / account-number frame, by access token
  'POST /sandbox-gateway/Ajax', // the frame posts the number here (the provider's /Ajax), by access token
  'POST /sandbox-gateway/Cardinal3DSWithToken', // the browser's 3-D Secure post (the provider's), by access token
  'GET /sandbox-gateway/challenge', // the issuer's challenge page, by access token
  'POST /sandbox-gateway/challenge', // its answer, then the redirect back to the portal
  // Issue 37: the provider's dispute page (evidence submitted, or the dispute accepted), by unguessable dispute id.
  'GET /sandbox-gateway/disputes/:id',
  'POST /sandbox-gateway/disputes/:id',
];

it('lists the sandbox gateway pages as its only public routes outside /api', () => {
  const gatewayRoutes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/sandbox-gateway'));
  expect(gatewayRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...expectedGatewayPublic].sort());
  expect(gatewayRoutes.every((r) => r.public)).toBe(true);
});

it('serves the OpenAPI document generated from the contracts', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.paths['/api/token/login'].post).toBeDefined();
  expect(document.paths['/api/customer/header-accounts'].post).toBeDefined();
});

it('answers unknown API paths without a token with 401, not with a route map', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/does-not-exist' });
  expect(response.statusCode).toBe(401);
});

it('sets the security headers on every answer', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response.headers['strict-transport-security']).toContain('max-age=');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
});

it('reports health and readiness', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
    status: 'ok',
    version: 'v2.3.24',
    // Issue 35: the event loop's delay (event-loop-watch.test.ts blocks it and reads the rest).
    event_loop: {
      delay_ms: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
      since: expect.any(String),
      last_block: null,
      unready_until: null,
    },
  });
  expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
});

it('shares its rate-limit counters through Redis when REDIS_URL is set', async () => {
  const withRedis = await createTestApp({ demoUsers: false, settings: { REDIS_URL: 'redis://127.0.0.1:6379' } });
  try {
    const first = await withRedis.app.inject({ method: 'GET', url: '/api/health' });
    const second = await withRedis.app.inject({ method: 'GET', url: '/api/health' });
    expect(Number(second.headers['x-ratelimit-remaining'])).toBeLessThan(
      Number(first.headers['x-ratelimit-remaining']),
    );
  } finally {
    await withRedis.close();
  }
});

it('limits API calls per address but keeps serving the web app to that address', async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><title>Portal</title></html>');
  const limited = await createTestApp({
    demoUsers: false,
    settings: { RATE_LIMIT_PER_MINUTE: '2', WEB_DIST: webDist },
  });
  try {
    for (let i = 0; i < 2; i++) {
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const refused = await limited.app.inject({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('RATE_LIMITED');
    for (const url of ['/signin', '/invoices', '/index.html']) {
      const page = await limited.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Portal</title>');
    }
  } finally {
    await limited.close();
    rmSync(webDist, { recursive: true, force: true });
  }
});
