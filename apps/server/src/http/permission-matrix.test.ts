// The permission matrix (issue 14), generated from the contracts: for every route that is not public and every demo
// role, the expected answer follows from the route's `permission` (or `requiredRole`) and the role's permissions.
// A user without them gets 403 naming the missing permission or role; a user with them gets past the check (any
// answer but 401 and that 403). Path parameters name nothing that exists, so that no call changes a demo object.
// A route registered without a contract, or a contract without a route, fails the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '@portal/contracts';
import { demoPermissions, demoUsers } from '../modules/users/demo-users';
import { contractRoutes } from '../security/contract-fields';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const user of demoUsers) tokens.set(user.email, (await signInAs(t.app, user.email)).token);
});
afterAll(async () => {
  await t?.close();
});

const routes = contractRoutes();
const guarded = routes.filter((route) => !route.public);

/** A path whose parameters name nothing: no user, account, document or token is 999999. */
const urlOf = (route: RouteContract) => route.path.replace(/:\w+/g, '999999');

describe('permission matrix', () => {
  it('covers every registered API route with a contract, and every contract with a route', () => {
    const registered = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('answers each role by the route permission: 403 without it, past the check with it', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of guarded) {
      for (const user of demoUsers) {
        const held = new Set<string>(demoPermissions(user));
        const allowed =
          (!route.permission || held.has(route.permission)) &&
          (!route.requiredRole || user.role === route.requiredRole);
        const response = await t.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: { authorization: `Bearer ${tokens.get(user.email)}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        cells++;
        const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
        const refusedByCheck = response.statusCode === 403 && Boolean(body.details?.permission ?? body.details?.role);
        const ok = allowed ? response.statusCode !== 401 && !refusedByCheck : refusedByCheck;
        if (!ok)
          mismatches.push(
            `${user.email} ${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    process.stdout.write(`permission matrix: ${guarded.length} routes × ${demoUsers.length} roles = ${cells} calls\n`);
    expect(mismatches).toEqual([]);
  });
});
