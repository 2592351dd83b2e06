// API keys managed by administrators (issue 27 §1): created with 256 random bits, shown once, kept only as a hash;
// listed without a key value; revoked once. Refused to every role without CanEditSystemConfig, to nobody, and to a
// key itself; every creation, revocation and refusal in the audit trail.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { apiKeys, auditEvents } from '../../db/schema';
import { dumpDatabase, findSensitiveData } from '../../test/sensitive-data-scan';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let manager: string;
let internal: string;
let payer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  internal = (await signInAs(t.app, 'internal@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function keyRows() {
  return t.database.db.select().from(apiKeys).orderBy(asc(apiKeys.id));
}

async function auditOf(event: string) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.event, event)).orderBy(asc(auditEvents.id));
}

async function adminUserId(): Promise<number> {
  const rows = (await t.database.db.execute(
    sql`select user_id from portal.users where login = 'admin@example.com'`,
  )) as unknown as { rows: { user_id: number }[] };
  return Number(rows.rows[0]!.user_id);
}

describe('API keys', () => {
  let erpKey: { id: number; key: string };

  it('creates a key shown once: arp_ and 43 base64url characters, stored as its SHA-256 and a 12-character prefix', async () => {
    const created = await call(admin, 'POST', '/api/integration/keys', {
      name: '  ERP nightly  ',
      scopes: ['ledger:write', 'payments:read'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'ERP nightly',
      scopes: ['ledger:write', 'payments:read'],
      key: expect.stringMatching(/^arp_[A-Za-z0-9_-]{43}$/),
    });
    // 32 random bytes: 256 bits.
    expect(Buffer.from(body.key.slice(4), 'base64url')).toHaveLength(32);
    erpKey = { id: body.id, key: body.key };

    const [row] = (await keyRows()).filter((r) => r.id === body.id);
    expect(row).toMatchObject({
      name: 'ERP nightly',
      scopes: ['ledger:write', 'payments:read'],
      keyHash: sha256(body.key),
      keyPrefix: body.key.slice(0, 12),
      createdByLogin: 'admin@example.com',
      createdByUserId: await adminUserId(),
      lastUsedAt: null,
      revokedAt: null,
    });
    // Nowhere in the database in clear (close() scans the log too).
    expect((await dumpDatabase(t.database.db)).filter((line) => line.includes(body.key))).toEqual([]);
  });

  it('gives two keys different values', async () => {
    const second = await call(admin, 'POST', '/api/integration/keys', { name: 'File drop', scopes: ['ledger:write'] });
    expect(second.statusCode).toBe(201);
    expect(second.json().key).not.toBe(erpKey.key);
    expect(second.json().key.slice(0, 12)).not.toBe(erpKey.key.slice(0, 12));
  });

  it('lists the keys newest first with prefix, scopes and creator, never a key value', async () => {
    const listed = await call(admin, 'GET', '/api/integration/keys');
    expect(listed.statusCode).toBe(200);
    const { keys } = listed.json();
    expect(keys.map((k: { name: string }) => k.name)).toEqual(['File drop', 'ERP nightly']);
    expect(keys[1]).toEqual({
      id: erpKey.id,
      name: 'ERP nightly',
      scopes: ['ledger:write', 'payments:read'],
      key_prefix: erpKey.key.slice(0, 12),
      created_by: 'admin@example.com',
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
      revoked_by: '',
    });
    expect(listed.body).not.toContain(erpKey.key);
    expect(listed.body).not.toContain(sha256(erpKey.key));
  });

  it('refuses a name that is empty, blank or too long, and scopes that are empty, unknown or repeated', async () => {
    const before = (await keyRows()).length;
    for (const body of [
      { name: '', scopes: ['ledger:write'] },
      { name: '   ', scopes: ['ledger:write'] },
      { name: 'x'.repeat(101), scopes: ['ledger:write'] },
      { name: 'ERP', scopes: [] },
      { name: 'ERP', scopes: ['ledger:read'] },
      { name: 'ERP', scopes: ['ledger:write', 'ledger:write'] },
      { name: 'ERP' },
      { scopes: ['ledger:write'] },
    ]) {
      const refused = await call(admin, 'POST', '/api/integration/keys', body);
      expect({ body, status: refused.statusCode }).toEqual({ body, status: 400 });
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
    expect(await keyRows()).toHaveLength(before);
    // 100 characters is the limit, not past it.
    const longest = await call(admin, 'POST', '/api/integration/keys', {
      name: 'y'.repeat(100),
      scopes: ['payments:read'],
    });
    expect(longest.statusCode).toBe(201);
  });

  it('revokes a key once: a second revocation answers the first one, and an unknown key is 404', async () => {
    const revoked = await call(admin, 'DELETE', `/api/integration/keys/${erpKey.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: erpKey.id, revoked_at: t.clock.now().toISOString() });

    t.clock.advance(5_000);
    const again = await call(admin, 'DELETE', `/api/integration/keys/${erpKey.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(revoked.json());
    expect(await auditOf('api_key_revoked')).toHaveLength(1);

    expect((await call(admin, 'DELETE', '/api/integration/keys/2147483000')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/api/integration/keys/0')).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', '/api/integration/keys/abc')).statusCode).toBe(400);

    const listed = (await call(admin, 'GET', '/api/integration/keys')).json();
    expect(listed.keys.find((k: { id: number }) => k.id === erpKey.id)).toMatchObject({
      revoked_at: revoked.json().revoked_at,
      revoked_by: 'admin@example.com',
    });
  });

  it('records creation and revocation in the audit trail with the administrator, the key id, name and prefix', async () => {
    const adminId = await adminUserId();
    const created = await auditOf('api_key_created');
    expect(created.length).toBe(3);
    expect(created[0]).toMatchObject({
      userId: adminId,
      subject: 'ERP nightly',
      details: {
        key_id: erpKey.id,
        name: 'ERP nightly',
        key_prefix: erpKey.key.slice(0, 12),
        scopes: ['ledger:write', 'payments:read'],
      },
    });
    const [revoked] = await auditOf('api_key_revoked');
    expect(revoked).toMatchObject({
      userId: adminId,
      subject: 'ERP nightly',
      details: { key_id: erpKey.id, name: 'ERP nightly', key_prefix: erpKey.key.slice(0, 12) },
    });
    // The administrators' own view of the trail shows them.
    const trail = await call(admin, 'GET', '/api/audit-events?action=api_key_created');
    expect(trail.statusCode).toBe(200);
    expect(trail.json().items).toHaveLength(3);
    expect(trail.body).not.toContain(erpKey.key);
  });
});

describe('who may manage API keys', () => {
  it('refuses a manager, internal staff and a customer (403) and nobody (401) on every key route, changing nothing', async () => {
    const [existing] = await keyRows();
    const before = await keyRows();
    const requests = [
      ['POST', '/api/integration/keys', { name: 'Mine', scopes: ['ledger:write'] }],
      ['GET', '/api/integration/keys', undefined],
      ['DELETE', `/api/integration/keys/${existing!.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of requests) {
      for (const [who, token] of [
        ['manager', manager],
        ['internal', internal],
        ['payer', payer],
      ] as const) {
        const refused = await call(token, method, url, payload);
        expect({ who, method, status: refused.statusCode }).toEqual({ who, method, status: 403 });
        expect(refused.json().details).toEqual({ permission: 'CanEditSystemConfig' });
        expect(refused.body).not.toContain('arp_');
      }
      const nobody = await call(null, method, url, payload);
      expect({ method, status: nobody.statusCode }).toEqual({ method, status: 401 });
    }
    expect(await keyRows()).toEqual(before);
  });

  it('refuses a valid key on the key routes (403), so that a key cannot create, list or revoke keys', async () => {
    const created = await call(admin, 'POST', '/api/integration/keys', {
      name: 'Greedy',
      scopes: ['ledger:write', 'payments:read'],
    });
    const { key, id } = created.json();
    const before = await keyRows();
    const refusalsBefore = (await auditOf('api_key_refused')).length;
    for (const [method, url, payload] of [
      ['POST', '/api/integration/keys', { name: 'Child', scopes: ['ledger:write'] }],
      ['GET', '/api/integration/keys', undefined],
      ['DELETE', `/api/integration/keys/${id}`, undefined],
    ] as const) {
      const refused = await call(key, method, url, payload);
      expect({ method, status: refused.statusCode }).toEqual({ method, status: 403 });
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN', reason: 'api_key_scope' });
    }
    expect(await keyRows()).toEqual(before);
    const refusals = (await auditOf('api_key_refused')).slice(refusalsBefore);
    expect(refusals.map((r) => r.details)).toEqual([
      {
        key_prefix: key.slice(0, 12),
        method: 'POST',
        route: '/api/integration/keys',
        reason: 'route_not_for_api_keys',
      },
      { key_prefix: key.slice(0, 12), method: 'GET', route: '/api/integration/keys', reason: 'route_not_for_api_keys' },
      {
        key_prefix: key.slice(0, 12),
        method: 'DELETE',
        route: '/api/integration/keys/:id',
        reason: 'route_not_for_api_keys',
      },
    ]);
    expect(JSON.stringify(refusals)).not.toContain(key);
  });
});

it('teaches the security scan what an API key looks like: a whole key is found, its prefix and its hash are not', () => {
  const key = `arp_${'Ab3_-'.repeat(8)}xyz`;
  expect(key).toHaveLength(47);
  expect(findSensitiveData([`{"authorization":"Bearer ${key}"}`], 'x')[0]?.what).toBe('API key');
  expect(findSensitiveData([`key ${key}`], 'x')).toHaveLength(1);
  expect(findSensitiveData([`{"key_prefix":"${key.slice(0, 12)}"}`], 'x')).toEqual([]);
  expect(findSensitiveData([`{"key_hash":"${sha256(key)}"}`], 'x')).toEqual([]);
  // Inside a longer base64url run (a sealed value, a signature) the same letters are not a key.
  expect(findSensitiveData([`{"sealed":"v1.Qx${key}Qx"}`], 'x')).toEqual([]);
});
