// Issue 35: a route no test has called over TCP is not known to work. Every route the app registers is called here
// over a real socket (whatever TEST_TRANSPORT says) with each body a client may send: JSON, CSV, XML, multipart, a
// form, and none, signed in as an administrator so that each request goes past the sign-in check to the body
// parsers, the hooks and the handler. Every call must be answered (never hang: one import call once stopped the whole
// server), never with a 5xx, and the server must answer /api/health after each.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ overSocket: true, ledgerDocuments: 20, settings: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

const boundary = 'every-route-boundary';
const bodies = [
  { name: 'json', contentType: 'application/json', body: '{"a":"b"}' },
  { name: 'csv', contentType: 'text/csv', body: 'customer_number,party_ids\n0000100001,0002:FR23342\n' },
  { name: 'xml', contentType: 'application/xml', body: '<?xml version="1.0"?><Invoice/>' },
  {
    name: 'multipart',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body:
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `customer_number,party_ids\n0000100001,0002:FR23342\n\r\n--${boundary}--\r\n`,
  },
  { name: 'form', contentType: 'application/x-www-form-urlencoded', body: 'a=b&c=d' },
  { name: 'empty', contentType: undefined, body: undefined },
] as const;

// Calls that end the administrator's session or take away what the next calls need are made last.
const last = new Set(['POST /api/token/logout', 'DELETE /api/users/:id']);

it('answers every route with every body type over a socket, never 5xx, and keeps answering', async () => {
  const routes = t.app.registeredRoutes
    .filter((route) => route.method !== 'OPTIONS')
    .sort((a, b) => Number(last.has(`${a.method} ${a.url}`)) - Number(last.has(`${b.method} ${b.url}`)));
  expect(routes.length).toBeGreaterThan(100);
  const failures: string[] = [];
  let calls = 0;
  for (const route of routes) {
    // A number no row has: a route that changes one finds none.
    const url = route.url.replace(/:(\w+)/g, '999999').replace('*', 'x');
    for (const { name, contentType, body } of route.method === 'GET' || route.method === 'HEAD'
      ? bodies.filter((b) => b.name === 'empty')
      : bodies) {
      const send = () =>
        t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            authorization: `Bearer ${admin}`,
            'accept-language': 'en',
            'idempotency-key': `every-route-${calls}`,
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          ...(body === undefined ? {} : { payload: body }),
        });
      let response = await send();
      calls++;
      // A call that ended the session (sign-out): signed in again.
      if (response.statusCode === 401 && route.url.startsWith('/api/')) {
        admin = (await signInAs(t.app, 'admin@example.com')).token;
        response = await send();
      }
      const allowed5xx = response.statusCode === 503 && /blackout|maintenance/i.test(route.url);
      if (response.statusCode >= 500 && !allowed5xx)
        failures.push(`${route.method} ${route.url} (${name}): ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, `after ${route.method} ${route.url}`).toBe(200);
  }
  expect(failures).toEqual([]);
  process.stdout.write(`every route over a socket: ${routes.length} routes, ${calls} calls, all answered, no 5xx\n`);
}, 600_000);

// Issue 35: bounds on what a client sends, answered in the one error shape and changing nothing.
it('refuses JSON nested over 32 levels (400), a JSON body over 1 MiB (413) and an address over 16 KiB (431)', async () => {
  const signIn = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      payload,
    });
  const deep = await signIn(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`);
  expect(deep.statusCode).toBe(400);
  expect(deep.json()).toMatchObject({ error: 'VALIDATION_FAILED', messageKey: 'errors.request.too_deep' });
  expect(deep.json().message).toBe('Die Anfrage ist zu tief verschachtelt.');
  // 32 levels are still read (and refused by the contract as a sign-in without its fields).
  const deepest = await signIn(`${'{"a":'.repeat(32)}1${'}'.repeat(32)}`);
  expect(deepest.json().messageKey).not.toBe('errors.request.too_deep');

  const large = await signIn(JSON.stringify({ login: 'x'.repeat(1_100_000), password: 'y' }));
  expect(large.statusCode).toBe(413);
  expect(large.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', messageKey: 'errors.request.too_large' });

  const long = await t.app.inject({ method: 'GET', url: `/api/health?x=${'A'.repeat(20_000)}` });
  expect(long.statusCode).toBe(431);
  expect(long.json()).toMatchObject({ error: 'HEADERS_TOO_LARGE', messageKey: 'errors.codes.HEADERS_TOO_LARGE' });
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
