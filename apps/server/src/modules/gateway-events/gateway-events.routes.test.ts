// The operators' view of the payment provider (GET /api/system/gateway) and the re-process of a failed event, with
// Stripe against its double: an event that failed its tries is processed again once, by an administrator only.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, gatewayEvents } from '../../db/schema';
import { createTestApp, signInAs, testStripeWebhookSecret, type TestApp } from '../../test/test-app';
import { maxEventAttempts } from './gateway-events.repository';
import { processGatewayEvents } from './process-gateway-events';

let t: TestApp;
let admin: string;
let manager: string;
let payer: string;
let stripe: Stripe;

beforeAll(async () => {
  t = await createTestApp({ gateway: 'stripe' });
  stripe = new Stripe('sk_test_double', { host: '127.0.0.1', port: t.stripeDouble!.port, protocol: 'http' });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A signed event at the webhook, as Stripe sends it. */
async function receive(type: string, object: Record<string, unknown>): Promise<string> {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/gateway/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: testStripeWebhookSecret }),
    },
    payload: body,
  });
  expect(answer.statusCode).toBe(200);
  return id;
}

describe('GET /api/system/gateway', () => {
  it('shows the provider, its mode, the webhook path and the last event', async () => {
    const id = await receive('setup_intent.succeeded', { id: 'seti_1', object: 'setup_intent' });
    const answer = await call(admin, 'GET', '/api/system/gateway');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      webhook_path: '/api/gateway/stripe/webhook',
      last_event: { id, type: 'setup_intent.succeeded', processed_at: null },
      failed_events: [],
      waiting_events: 1,
    });
  });

  it('is refused to a lower role and to nobody', async () => {
    expect((await call(payer, 'GET', '/api/system/gateway')).statusCode).toBe(403);
    expect((await call(manager, 'GET', '/api/system/gateway')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/system/gateway')).statusCode).toBe(401);
  });
});

describe('POST /api/system/gateway/events/:id/reprocess', () => {
  it('processes a failed event again, once, and records who asked', async () => {
    // A refund of an order the portal does not know yet fails nowhere; a row whose tries are spent stands for an
    // event that failed (an ERP down for its whole retry window).
    const id = await receive('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_unknown',
      amount_refunded: 100,
      currency: 'usd',
    });
    await t.database.db
      .update(gatewayEvents)
      .set({ failed: true, attempts: maxEventAttempts, lastError: 'ERP unavailable' })
      .where(eq(gatewayEvents.id, id));
    const listed = (await call(admin, 'GET', '/api/system/gateway')).json();
    expect(listed.failed_events.map((event: { id: string }) => event.id)).toContain(id);

    expect((await call(payer, 'POST', `/api/system/gateway/events/${id}/reprocess`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/system/gateway/events/${id}/reprocess`)).statusCode).toBe(401);
    const again = await call(admin, 'POST', `/api/system/gateway/events/${id}/reprocess`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, attempts: 0 });
    // Not failed any more: a second click is a conflict, not a second processing.
    expect((await call(admin, 'POST', `/api/system/gateway/events/${id}/reprocess`)).statusCode).toBe(409);

    while ((await processGatewayEvents(t.app.ctx)).processed > 0);
    const [row] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.id, id));
    expect(row).toMatchObject({ failed: false, outcome: 'noted' });
    expect(row!.processedAt).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'gateway_event_reprocessed'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ event: id, type: 'charge.refunded' });
  });

  it('answers 404 for an event it never received', async () => {
    expect((await call(admin, 'POST', '/api/system/gateway/events/evt_nothing/reprocess')).statusCode).toBe(404);
  });
});
