import { afterAll, beforeAll, expect, it } from 'vitest';
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
