// Impersonation cannot escalate (issue 16 part 4), generated: for every demo user who may impersonate and every
// other demo user, working as the target holds exactly the permissions both hold, and every guarded contract route
// answers by that intersection (403 naming the permission, or the role for the admin-only routes, when it is not
// held). A manager cannot work as an administrator at all. Path parameters name nothing, so no call changes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '@portal/contracts';
import { users } from '../db/schema';
import { demoPermissions, demoUsers, type DemoUser } from '../modules/users/demo-users';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { contractRoutes, routeKey } from './contract-fields';

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ userId: users.userId, login: users.login }).from(users);
  for (const row of rows) ids.set(row.login, row.userId);
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: RouteContract['method'], url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });

/** Routes that end or change the impersonation itself are not part of the sweep. */
const sessionRoutes = new Set(['DELETE /api/impersonation', 'POST /api/token/logout', 'POST /api/token/refresh']);

describe('impersonation', () => {
  const actors = demoUsers.filter((user) => demoPermissions(user).includes('CanImpersonate'));
  const pairs = actors.flatMap((actor) =>
    demoUsers.filter((target) => target.email !== actor.email).map((target) => [actor, target] as const),
  );

  it.each(pairs.map(([actor, target]) => [actor.kind, target.kind, actor, target] as const))(
    '%s working as %s holds no more than both, on every route',
    async (_a, _b, actor: DemoUser, target: DemoUser) => {
      const session = (await signInAs(t.app, actor.email)).token;
      const started = await call(session, 'POST', `/api/users/${ids.get(target.email)}/impersonate`);
      if (actor.role !== 'admin' && target.role === 'admin') {
        expect(started.statusCode).toBe(403);
        return;
      }
      expect(started.statusCode).toBe(200);
      const both = demoPermissions(actor).filter((permission) => demoPermissions(target).includes(permission));
      const profile = (await call(session, 'POST', '/api/token/getuseraccounts')).json();
      expect([...profile.Permissions].sort()).toEqual([...both].sort());

      const wrong: string[] = [];
      for (const route of contractRoutes().filter((r) => !r.public && !sessionRoutes.has(routeKey(r)))) {
        const held = (!route.permission || both.includes(route.permission)) && route.requiredRole !== 'admin';
        const response = await call(session, route.method, route.path.replace(/:\w+/g, '999999'));
        const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
        const refusedByCheck = response.statusCode === 403 && Boolean(body.details?.permission ?? body.details?.role);
        // An admin-only route is refused while working as anyone (the trail is the actor's to read, not to use).
        if (held ? refusedByCheck || response.statusCode === 401 : !refusedByCheck)
          wrong.push(`${routeKey(route)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect((await call(session, 'DELETE', '/api/impersonation')).statusCode).toBe(200);
    },
  );
});
