// The webhook endpoints' API (issue 27 §3): create (the secret once, sealed at rest), list without secrets, change,
// disable, delete with its log, rotate; every change audited without the secret; URLs refused at creation (scheme,
// credentials, private, loopback, link-local, unique-local, CGNAT, IPv4-mapped, decimal and unspecified addresses)
// with a translated message; and every route refused to a manager, a user and nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { auditEvents, webhookMessages } from '../../db/schema';
import { dumpDatabase } from '../../test/sensitive-data-scan';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { enqueueWebhookEvent } from './enqueue-webhook-event';

let t: TestApp;
let admin: string;
let manager: string;
let payer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

// A public address: nothing is sent to it in these tests (no message is attempted).
const publicUrl = 'https://93.184.215.14/webhooks/portal';

async function lastAudit(event: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.event, event))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('webhook endpoints', () => {
  let id: number;
  let secret: string;

  it('creates an endpoint and answers its secret once (201), audited without it', async () => {
    const response = await call(admin, 'POST', '/api/integration/webhooks', {
      url: publicUrl,
      events: ['import.completed', 'payment.posted'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    id = created.id;
    secret = created.secret;
    expect(created).toEqual({
      id: expect.any(Number),
      url: publicUrl,
      // In the contract's order, whatever the caller's.
      events: ['payment.posted', 'import.completed'],
      enabled: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const audit = await lastAudit('webhook_created');
    expect(audit).toMatchObject({ subject: `webhook ${id}`, ip: expect.any(String) });
    expect(audit!.details).toMatchObject({ endpoint_id: id, url: publicUrl, enabled: true });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it('creates a disabled endpoint when asked, and each secret is new', async () => {
    const response = await call(admin, 'POST', '/api/integration/webhooks', {
      url: 'http://93.184.215.14:8080/hooks?source=portal',
      events: ['deposit.posted'],
      enabled: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ enabled: false, url: 'http://93.184.215.14:8080/hooks?source=portal' });
    expect(response.json().secret).not.toBe(secret);
  });

  it('lists the endpoints with counts and without any secret', async () => {
    await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, { type: 'payment.posted', messageId: 'msg_list_1', timestamp: t.clock.now(), data: {} }),
    );
    const response = await call(admin, 'GET', '/api/integration/webhooks');
    expect(response.statusCode).toBe(200);
    const { endpoints } = response.json();
    expect(endpoints).toHaveLength(2);
    expect(endpoints[0]).toEqual({
      id,
      url: publicUrl,
      events: ['payment.posted', 'import.completed'],
      enabled: true,
      created_by: 'admin@example.com',
      created_at: t.clock.now().toISOString(),
      counts: { queued: 1, delivered: 0, failed: 0 },
      last_delivery: null,
    });
    expect(response.body).not.toContain('whsec_');
    expect(response.body).not.toContain('secret');
  });

  it('changes URL, events and enabled state, audits what changed, and refuses a private URL on change', async () => {
    const response = await call(admin, 'PUT', `/api/integration/webhooks/${id}`, {
      url: 'https://93.184.215.14/v2/hooks',
      events: ['deposit.posted'],
      enabled: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      url: 'https://93.184.215.14/v2/hooks',
      events: ['deposit.posted'],
      enabled: false,
      counts: { queued: 1, delivered: 0, failed: 0 },
    });
    const audit = await lastAudit('webhook_updated');
    expect(audit!.details).toEqual({
      endpoint_id: id,
      changed: {
        url: { from: publicUrl, to: 'https://93.184.215.14/v2/hooks' },
        events: { from: ['payment.posted', 'import.completed'], to: ['deposit.posted'] },
        enabled: { from: true, to: false },
      },
    });
    const refused = await call(admin, 'PUT', `/api/integration/webhooks/${id}`, {
      url: 'http://10.0.0.5/hooks',
      events: ['deposit.posted'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageKey: 'webhooks.errors.url_private_address' });
    // Enabled again with the URL unchanged: not checked again, and only `enabled` is audited.
    const enabled = await call(admin, 'PUT', `/api/integration/webhooks/${id}`, {
      url: 'https://93.184.215.14/v2/hooks',
      events: ['deposit.posted'],
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true });
    expect((await lastAudit('webhook_updated'))!.details).toEqual({
      endpoint_id: id,
      changed: { enabled: { from: false, to: true } },
    });
    expect(
      (await call(admin, 'PUT', '/api/integration/webhooks/999999', { url: publicUrl, events: ['payment.posted'] }))
        .statusCode,
    ).toBe(404);
  });

  it('rotates the secret: a new one answered once, sealed at rest, audited without it', async () => {
    const response = await call(admin, 'POST', `/api/integration/webhooks/${id}/rotate-secret`);
    expect(response.statusCode).toBe(200);
    const rotated = response.json().secret as string;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    const audit = await lastAudit('webhook_secret_rotated');
    expect(audit!.details).toEqual({ endpoint_id: id, url: 'https://93.184.215.14/v2/hooks' });
    const dump = (await dumpDatabase(t.database.db)).join('\n');
    expect(dump).not.toContain(rotated.slice(6));
    expect(dump).not.toContain(secret.slice(6));
    expect(dump).not.toContain('whsec_');
    expect((await call(admin, 'POST', '/api/integration/webhooks/999999/rotate-secret')).statusCode).toBe(404);
  });

  it('deletes an endpoint with its messages, audited; a second delete is 404', async () => {
    const response = await call(admin, 'DELETE', `/api/integration/webhooks/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id });
    expect(await t.database.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, id))).toEqual([]);
    expect((await lastAudit('webhook_deleted'))!.details).toMatchObject({ endpoint_id: id });
    expect((await call(admin, 'DELETE', `/api/integration/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/integration/webhooks/${id}/messages`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/integration/webhooks/${id}/test`)).statusCode).toBe(404);
  });

  it('refuses a malformed request: no event, an unknown event, a repeated event, an empty URL', async () => {
    for (const body of [
      { url: publicUrl, events: [] },
      { url: publicUrl, events: ['payment.voided'] },
      { url: publicUrl, events: ['payment.posted', 'payment.posted'] },
      { url: '', events: ['payment.posted'] },
      { events: ['payment.posted'] },
    ]) {
      const response = await call(admin, 'POST', '/api/integration/webhooks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('webhook URLs refused at creation (SSRF; private networks not allowed)', () => {
  it.each([
    ['http://127.0.0.1/hooks', 'private_address'],
    ['http://localhost:3000/hooks', 'private_address'],
    ['http://[::1]/hooks', 'private_address'],
    ['http://10.0.0.5/hooks', 'private_address'],
    ['http://172.16.3.4/hooks', 'private_address'],
    ['http://192.168.1.10/hooks', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'private_address'],
    ['http://100.64.0.1/hooks', 'private_address'],
    ['http://[::ffff:127.0.0.1]/hooks', 'private_address'],
    ['http://[fd00::5]/hooks', 'private_address'],
    ['http://[fe80::1]/hooks', 'private_address'],
    ['http://2130706433/hooks', 'private_address'],
    ['http://0x7f.1/hooks', 'private_address'],
    ['http://0.0.0.0/hooks', 'private_address'],
    ['http://224.0.0.1/hooks', 'private_address'],
    ['ftp://93.184.215.14/hooks', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pass@93.184.215.14/hooks', 'credentials'],
    ['https://token@93.184.215.14/hooks', 'credentials'],
    ['not a url', 'invalid'],
    ['/relative/path', 'invalid'],
  ])('refuses %s (%s)', async (url, problem) => {
    const response = await call(admin, 'POST', '/api/integration/webhooks', { url, events: ['payment.posted'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      messageKey: `webhooks.errors.url_${problem}`,
      details: { fields: ['url'] },
    });
  });

  it('says why in the caller language', async () => {
    const response = await call(
      admin,
      'POST',
      '/api/integration/webhooks',
      { url: 'http://169.254.169.254/latest/meta-data', events: ['payment.posted'] },
      { 'accept-language': 'fr' },
    );
    expect(response.json().message).toBe(
      "Cette adresse est privée, de bouclage ou lien-local : le portail n'y envoie pas de webhooks. Un administrateur du serveur peut l'autoriser avec WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.",
    );
    const english = await call(admin, 'POST', '/api/integration/webhooks', {
      url: 'https://user:pass@93.184.215.14/hooks',
      events: ['payment.posted'],
    });
    expect(english.json().message).toBe(
      'Remove the user name and password from the URL: the signature authenticates each message.',
    );
  });

  it('saved none of them', async () => {
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'webhook_created'), like(auditEvents.subject, 'webhook %')));
    expect(rows).toHaveLength(2);
  });
});

describe('webhook routes refused to anyone without CanEditSystemConfig', () => {
  const routes: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
    ['list', 'GET', '/api/integration/webhooks'],
    ['create', 'POST', '/api/integration/webhooks', { url: publicUrl, events: ['payment.posted'] }],
    ['update', 'PUT', '/api/integration/webhooks/ID', { url: publicUrl, events: ['payment.posted'], enabled: false }],
    ['delete', 'DELETE', '/api/integration/webhooks/ID'],
    ['rotate', 'POST', '/api/integration/webhooks/ID/rotate-secret'],
    ['log', 'GET', '/api/integration/webhooks/ID/messages'],
    ['resend', 'POST', '/api/integration/webhooks/ID/messages/MID/resend'],
    ['test', 'POST', '/api/integration/webhooks/ID/test'],
  ];
  let target: { id: number; messageId: number };

  beforeAll(async () => {
    const created = await call(admin, 'POST', '/api/integration/webhooks', {
      url: publicUrl,
      events: ['payment.posted'],
    });
    const endpointId = created.json().id as number;
    await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, {
        type: 'payment.posted',
        messageId: 'msg_refusals',
        timestamp: t.clock.now(),
        data: {},
      }),
    );
    const [message] = await t.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.messageId, 'msg_refusals'));
    target = { id: endpointId, messageId: message!.id };
  });

  const urlOf = (path: string) => path.replace('MID', String(target.messageId)).replace('ID', String(target.id));

  it.each(routes)('refuses %s to a manager and a user (403) and to nobody (401)', async (_name, method, path, body) => {
    for (const token of [manager, payer]) {
      const response = await call(token, method, urlOf(path), body);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN', details: { permission: 'CanEditSystemConfig' } });
    }
    const anonymous = await call(null, method, urlOf(path), body);
    expect(anonymous.statusCode).toBe(401);
  });

  it('left the endpoint and its message as they were', async () => {
    const { endpoints } = (await call(admin, 'GET', '/api/integration/webhooks')).json();
    expect(endpoints.find((e: { id: number }) => e.id === target.id)).toMatchObject({
      url: publicUrl,
      enabled: true,
      counts: { queued: 1, delivered: 0, failed: 0 },
      last_delivery: null,
    });
    const [message] = await t.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.id, target.messageId));
    expect(message).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
