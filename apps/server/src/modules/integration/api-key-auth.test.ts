// Calls made with an API key (issue 27 §1, plugins/auth.ts): no route names an apiKeyScope yet, so this file
// registers throwaway routes that do. A key reaches a route of its scope (200), not one of a scope it lacks (403);
// a revoked or wrong key is 401, on every instance at once; each refusal is audited with the key's prefix only.
// Also the contract's successStatus: 201 by default, 202 when the handler says so, both written from the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '@portal/contracts';
import { apiKeys, auditEvents } from '../../db/schema';
import { addRoute } from '../../http/routes';
import { callerOf, requireCaller } from '../../plugins/auth';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';

const CallerAnswer = z.object({
  login: z.string(),
  userId: z.number().nullable(),
  apiKeyId: z.number().nullable(),
  actor: z.boolean(),
  apiKey: z.object({ id: z.number(), name: z.string(), scopes: z.array(z.string()) }).nullable(),
});

const ledgerWriteRoute = defineRoute({
  method: 'GET',
  path: '/api/test-only/ledger-write',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'ledger:write',
  summary: 'A throwaway route of scope ledger:write (this test only).',
  response: CallerAnswer,
});

const acceptedRoute = defineRoute({
  method: 'POST',
  path: '/api/test-only/accepted',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'payments:read',
  successStatus: 201,
  summary: 'A throwaway route answering 201, or 202 when asked (this test only).',
  body: z.object({ running: z.boolean() }),
  response: z.object({ status: z.string() }),
});

function registerTestRoutes(app: FastifyInstance): void {
  addRoute(app, ledgerWriteRoute, ({ request }) => {
    const caller = requireCaller(request);
    expect(callerOf(request)).toEqual(caller);
    const { apiKey } = caller;
    return {
      login: caller.login,
      userId: caller.userId,
      apiKeyId: caller.apiKeyId,
      actor: caller.actor !== null,
      apiKey: apiKey ? { id: apiKey.id, name: apiKey.name, scopes: [...apiKey.scopes] } : null,
    };
  });
  addRoute(app, acceptedRoute, ({ body, reply }) => {
    if (body.running) reply.code(202);
    // `hidden` is outside the contract: written from the contract's schema, the answer never carries it.
    return { status: body.running ? 'running' : 'completed', hidden: 'not in the contract' } as { status: string };
  });
}

let t: TestApp;
let admin: string;
let payer: string;

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerTestRoutes });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

async function createKey(name: string, scopes: string[]): Promise<{ id: number; key: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/integration/keys',
    headers: { authorization: `Bearer ${admin}` },
    payload: { name, scopes },
  });
  expect(created.statusCode).toBe(201);
  return created.json();
}

async function revoke(id: number, app = t.app) {
  const revoked = await app.inject({
    method: 'DELETE',
    url: `/api/integration/keys/${id}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(revoked.statusCode).toBe(200);
}

const get = (app: FastifyInstance, bearer: string | null, url: string = ledgerWriteRoute.path) =>
  app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

async function refusals() {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.event, 'api_key_refused'))
    .orderBy(asc(auditEvents.id));
}

async function lastUsedAt(id: number): Promise<Date | null> {
  const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row!.lastUsedAt;
}

describe('a call made with an API key', () => {
  it('reaches a route of its scope as the key, with no user (the caller is key:<name>)', async () => {
    const { id, key } = await createKey('ERP', ['ledger:write']);
    const answer = await get(t.app, key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      login: 'key:ERP',
      userId: null,
      apiKeyId: id,
      actor: false,
      apiKey: { id, name: 'ERP', scopes: ['ledger:write'] },
    });
  });

  it('still lets a user session with the permission through, and refuses one without it', async () => {
    const asAdmin = await get(t.app, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ login: 'admin@example.com', apiKeyId: null, actor: true, apiKey: null });
    const asPayer = await get(t.app, payer);
    expect(asPayer.statusCode).toBe(403);
    expect(asPayer.json().details).toEqual({ permission: 'CanEditSystemConfig' });
    expect((await get(t.app, null)).statusCode).toBe(401);
  });

  it('refuses a key without the route’s scope with 403, and audits the refusal with the prefix only', async () => {
    const { key } = await createKey('Feed reader', ['payments:read']);
    const refused = await get(t.app, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'FORBIDDEN',
      reason: 'api_key_scope',
      details: { scope: 'ledger:write' },
    });
    const last = (await refusals()).at(-1)!;
    expect(last).toMatchObject({
      userId: null,
      subject: key.slice(0, 12),
      details: {
        key_prefix: key.slice(0, 12),
        method: 'GET',
        route: ledgerWriteRoute.path,
        reason: 'scope_missing',
      },
    });
    expect(JSON.stringify(last)).not.toContain(key);
  });

  it('refuses a revoked key with 401 from the next call on', async () => {
    const { id, key } = await createKey('Old ERP', ['ledger:write']);
    expect((await get(t.app, key)).statusCode).toBe(200);
    await revoke(id);
    const refused = await get(t.app, key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'AUTH_REQUIRED', reason: 'api_key_invalid' });
    expect((await refusals()).at(-1)!.details).toEqual({
      key_prefix: key.slice(0, 12),
      method: 'GET',
      route: ledgerWriteRoute.path,
      reason: 'revoked_key',
    });
  });

  it('refuses a wrong key with 401 like a revoked one, and keeps the caller’s text out of the trail', async () => {
    const { key } = await createKey('Real', ['ledger:write']);
    // The real key with its last character changed: same prefix, another hash.
    const wrong = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const refused = await get(t.app, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'AUTH_REQUIRED', reason: 'api_key_invalid' });
    expect((await refusals()).at(-1)!.details).toMatchObject({ key_prefix: key.slice(0, 12), reason: 'unknown_key' });

    const hostile = await get(t.app, 'arp_<img src=x>"\'; drop table');
    expect(hostile.statusCode).toBe(401);
    expect((await refusals()).at(-1)).toMatchObject({
      subject: 'arp_imgsrc',
      details: { key_prefix: 'arp_imgsrc', reason: 'unknown_key' },
    });
    expect((await get(t.app, 'arp_')).statusCode).toBe(401);
  });

  it('refuses at once on a second instance a key revoked through the first (no key is kept in memory)', async () => {
    const second = await addInstance(t, {}, registerTestRoutes);
    try {
      const { id, key } = await createKey('Two instances', ['ledger:write']);
      expect((await get(second.app, key)).statusCode).toBe(200);
      expect((await get(t.app, key)).statusCode).toBe(200);
      await revoke(id, t.app);
      expect((await get(second.app, key)).statusCode).toBe(401);
      expect((await get(t.app, key)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('records the last use at most once a minute per key', async () => {
    const { id, key } = await createKey('Busy', ['ledger:write']);
    expect(await lastUsedAt(id)).toBeNull();
    await get(t.app, key);
    const first = await lastUsedAt(id);
    expect(first).toEqual(t.clock.now());
    t.clock.advance(30_000);
    await get(t.app, key);
    expect(await lastUsedAt(id)).toEqual(first);
    t.clock.advance(30_000);
    await get(t.app, key);
    expect(await lastUsedAt(id)).toEqual(t.clock.now());
    // A refused call is no use.
    const { id: readerId, key: reader } = await createKey('Idle reader', ['payments:read']);
    expect((await get(t.app, reader)).statusCode).toBe(403);
    expect(await lastUsedAt(readerId)).toBeNull();
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/integration/keys',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(listed.json().keys.find((k: { id: number }) => k.id === id).last_used_at).toBe(t.clock.now().toISOString());
  });

  it('is not authenticated as a session: a key in the bearer header never reaches a user’s route', async () => {
    const { key } = await createKey('Curious', ['ledger:write', 'payments:read']);
    for (const url of ['/api/users?status=all', '/api/configuration/payment-settings', '/api/audit-events']) {
      const refused = await get(t.app, key, url);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe('a contract’s successStatus', () => {
  it('answers 201 by default and 202 when the handler sets it, both written from the contract', async () => {
    const { key } = await createKey('Importer', ['payments:read']);
    for (const [running, status] of [
      [false, 201],
      [true, 202],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: acceptedRoute.path,
        headers: { authorization: `Bearer ${key}` },
        payload: { running },
      });
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ status: running ? 'running' : 'completed' });
    }
  });

  it('documents the success status and the API key in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths['/api/integration/keys'].post.responses)).toEqual(['201']);
    expect(Object.keys(document.paths['/api/integration/keys'].get.responses)).toEqual(['200']);
    expect(document.paths['/api/integration/keys'].post.security).toBeUndefined();
    expect(Object.keys(document.paths[acceptedRoute.path].post.responses)).toEqual(['201']);
    expect(document.paths[ledgerWriteRoute.path].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
