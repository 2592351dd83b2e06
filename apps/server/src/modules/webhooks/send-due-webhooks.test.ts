// The webhook outbox over real HTTP (a receiver in this process on 127.0.0.1, so private networks are allowed here;
// the address rules have their own block below): signed per Standard Webhooks and verified with the specification's
// library, the body and headers, retries on the schedule after a 500, a time-out, a refused connection and a
// redirect (never followed), failed after 3 days, resend, rotation, a disabled endpoint holding its messages, two
// instances sending each message once, the outbox written in the caller's transaction, and at send time an address
// that became private (an injected resolver plays the DNS answer).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { enqueueWebhookEvent } from './enqueue-webhook-event';
import { retryDelaysMs, retryWindowMs, sendDueWebhooks } from './send-due-webhooks';
import { startTestWebhookReceiver, type ReceivedWebhook, type TestWebhookReceiver } from './test-webhook-receiver';
import type { WebhookResolver } from './webhook-destination';

let t: TestApp;
let receiver: TestWebhookReceiver;
let admin: string;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function addEndpoint(url = receiver.url, events = ['payment.posted']) {
  const response = await call('POST', '/api/integration/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

let sequence = 0;
async function enqueue(type: 'payment.posted' | 'deposit.posted' | 'import.completed' = 'payment.posted') {
  const messageId = `msg_test_${++sequence}`;
  await t.database.db.transaction((tx) =>
    enqueueWebhookEvent(tx, {
      type,
      messageId,
      timestamp: t.clock.now(),
      data: {
        id: `pay-${sequence}`,
        amount: '125.50',
        currency: 'EUR',
        documents: [{ billing_document_number: '90001' }],
      },
    }),
  );
  return messageId;
}

/** The specification's library, at the test clock's time (it checks the timestamp against its own clock). */
function verify(secret: string, received: ReceivedWebhook) {
  vi.useFakeTimers({ toFake: ['Date'], now: t.clock.now() });
  try {
    return new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

async function messages() {
  return t.database.db.select().from(webhookMessages).orderBy(asc(webhookMessages.id));
}
async function attempts() {
  return t.database.db.select().from(webhookAttempts).orderBy(asc(webhookAttempts.id));
}

/** Each test starts from no endpoint (their messages and attempts go with them) and a receiver answering 204. */
async function reset() {
  await t.database.db.delete(webhookEndpoints);
  receiver.reset();
  await signInAgain();
}

/** A session ends after 30 idle minutes of the test clock: tests that move it by hours sign in again. */
async function signInAgain() {
  admin = (await signInAs(t.app, 'admin@example.com')).token;
}

describe('the webhook outbox over HTTP', () => {
  beforeAll(async () => {
    receiver = await startTestWebhookReceiver();
    t = await createTestApp({
      settings: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_SECONDS: '3' },
    });
  });
  beforeEach(reset);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('signs per Standard Webhooks: the library verifies the message, a wrong secret or an altered body fails', async () => {
    const { secret } = await addEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const at = t.clock.now();
    const messageId = await enqueue();
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const [received] = receiver.received;
    expect(verify(secret, received!)).toEqual({
      type: 'payment.posted',
      timestamp: at.toISOString(),
      data: {
        id: `pay-${sequence}`,
        amount: '125.50',
        currency: 'EUR',
        documents: [{ billing_document_number: '90001' }],
      },
    });
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => verify(other, received!)).toThrow(/No matching signature/);
    expect(() => verify(secret, { ...received!, body: received!.body.replace('125.50', '999.99') })).toThrow(
      /No matching signature/,
    );
    expect(received!.headers['webhook-id']).toBe(messageId);
    expect(received!.headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(received!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(received!.headers['content-type']).toBe('application/json');
    expect(received!.path).toBe('/hooks');
    // The body in the specification's order: type, timestamp, data.
    expect(received!.body.startsWith(`{"type":"payment.posted","timestamp":"${at.toISOString()}","data":{`)).toBe(true);
    const [message] = await messages();
    expect(message).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 204, lockedUntil: null });
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ status: 204, error: '' });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('queues one message per enabled endpoint subscribed to the type, once per message id', async () => {
    const payments = await addEndpoint();
    const deposits = await addEndpoint(receiver.url, ['deposit.posted']);
    const disabled = await addEndpoint();
    await call('PUT', `/api/integration/webhooks/${disabled.id}`, {
      url: receiver.url,
      events: ['payment.posted'],
      enabled: false,
    });
    const messageId = await enqueue('payment.posted');
    // Replayed with the same id (a posting retried): nothing more.
    await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, { type: 'payment.posted', messageId, timestamp: t.clock.now(), data: {} }),
    );
    const rows = await messages();
    expect(rows.map((row) => [row.endpointId, row.messageId, row.status])).toEqual([
      [payments.id, messageId, 'queued'],
    ]);
    expect(deposits.id).not.toBe(payments.id);
  });

  it('writes nothing when the transaction that enqueued rolls back', async () => {
    await addEndpoint();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, {
          type: 'payment.posted',
          messageId: 'msg_rolled_back',
          timestamp: t.clock.now(),
          data: {},
        });
        throw new Error('the payment failed after the event was queued');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await messages()).toEqual([]);
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(receiver.received).toEqual([]);
  });

  it('costs one statement, with endpoints or without, and writes nothing when there is none', async () => {
    const statementsOf = async (type: 'payment.posted' | 'import.completed') => {
      let statements = 0;
      await t.database.db.transaction(async (tx) => {
        // Counts what reaches the database session: every statement drizzle sends goes through prepareQuery.
        const session = new Proxy(tx._.session, {
          get(target, property, receiver) {
            if (property === 'prepareQuery') statements++;
            return Reflect.get(target, property, receiver);
          },
        });
        const counted = new Proxy(tx, {
          get: (target, property, receiver) =>
            property === '_' ? { ...target._, session } : Reflect.get(target, property, receiver),
        });
        await enqueueWebhookEvent(counted, { type, messageId: `msg_${type}`, timestamp: t.clock.now(), data: {} });
      });
      return statements;
    };
    expect(await statementsOf('payment.posted')).toBe(1);
    expect(await messages()).toEqual([]);
    await addEndpoint(receiver.url, ['payment.posted', 'import.completed']);
    await addEndpoint(receiver.url, ['import.completed']);
    expect(await statementsOf('import.completed')).toBe(1);
    expect((await messages()).map((message) => message.eventType)).toEqual(['import.completed', 'import.completed']);
  });

  it('retries a 500 on the schedule with the same webhook-id, and delivers once the receiver recovers', async () => {
    await addEndpoint();
    const messageId = await enqueue();
    receiver.answer({ status: 500, body: 'database down\n\n  try later' });
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [message] = await messages();
    expect(message).toMatchObject({ status: 'queued', attempts: 1, lastStatus: 500 });
    expect(message!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(5_000);
    expect((await attempts())[0]).toMatchObject({ status: 500, error: 'HTTP 500: database down try later' });
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    t.clock.advance(5_000);
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [message] = await messages();
    expect(message!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(300_000);
    receiver.answer({ status: 200, body: 'ok' });
    t.clock.advance(300_000);
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([messageId, messageId, messageId]);
    // Each attempt is signed at its own time.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    expect((await attempts()).map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('records a time-out as an attempt without an answer, and retries it', async () => {
    await addEndpoint();
    await enqueue();
    receiver.answer('hang');
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ status: null, error: 'timed out after 3 s' });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(2_950);
    expect(attempt!.durationMs).toBeLessThan(6_000);
  });

  it('records a refused connection and retries it', async () => {
    const closed = await startTestWebhookReceiver();
    await closed.close();
    await addEndpoint(closed.url);
    await enqueue();
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect((await attempts())[0]).toMatchObject({ status: null, error: 'connection refused (ECONNREFUSED)' });
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const elsewhere = await startTestWebhookReceiver();
    try {
      await addEndpoint();
      await enqueue();
      receiver.answer({ status: 307, headers: { location: elsewhere.url } });
      expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 1, failed: 0 });
      expect(elsewhere.received).toEqual([]);
      expect((await attempts())[0]).toMatchObject({ status: 307, error: `redirect not followed: ${elsewhere.url}` });
      expect((await messages())[0]).toMatchObject({ status: 'queued' });
    } finally {
      await elsewhere.close();
    }
  });

  it('fails a message 3 days after the event, on the Standard Webhooks schedule; resend delivers it later', async () => {
    const { id } = await addEndpoint();
    await enqueue();
    const created = t.clock.now().getTime();
    receiver.answer({ status: 503 });
    const attemptTimes: number[] = [];
    for (let round = 0; round < 20; round++) {
      const [message] = await messages();
      if (message!.status !== 'queued') break;
      t.clock.advance(Math.max(0, message!.nextAttemptAt.getTime() - t.clock.now().getTime()));
      attemptTimes.push(t.clock.now().getTime() - created);
      await sendDueWebhooks(t.app.ctx);
    }
    const [message] = await messages();
    expect(message).toMatchObject({ status: 'failed', attempts: 12, lastStatus: 503 });
    // At once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h while within 3 days.
    const expected = [0];
    for (let n = 1; n < 12; n++) expected.push(expected[n - 1]! + (retryDelaysMs[n - 1] ?? 36_000_000));
    expect(attemptTimes).toEqual(expected);
    expect(attemptTimes.at(-1)).toBeLessThanOrEqual(retryWindowMs);
    expect(attemptTimes.at(-1)! + 36_000_000).toBeGreaterThan(retryWindowMs);
    expect(receiver.received).toHaveLength(12);
    t.clock.advance(36_000_000);
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 0, failed: 0 });

    await signInAgain();
    // Resend by hand: queued now, sent at the next round, and the log keeps every attempt.
    receiver.answer({ status: 200 });
    const resent = await call('POST', `/api/integration/webhooks/${id}/messages/${message!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'queued', next_attempt_at: t.clock.now().toISOString() });
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const log = await call('GET', `/api/integration/webhooks/${id}/messages`);
    const [logged] = log.json().messages;
    expect(logged).toMatchObject({ status: 'delivered', delivered_at: t.clock.now().toISOString() });
    expect(logged.attempts).toHaveLength(13);
    expect(logged.attempts[0]).toMatchObject({ status: 503, error: 'HTTP 503' });
    expect(logged.attempts[12]).toMatchObject({ status: 200, error: '' });
  });

  it('resends a delivered message with the same webhook-id', async () => {
    const { id } = await addEndpoint();
    const messageId = await enqueue();
    await sendDueWebhooks(t.app.ctx);
    const [message] = await messages();
    const resent = await call('POST', `/api/integration/webhooks/${id}/messages/${message!.id}/resend`);
    expect(resent.json()).toMatchObject({ status: 'queued', delivered_at: null });
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([messageId, messageId]);
    // Another endpoint's message id is not this endpoint's: 404.
    const other = await addEndpoint();
    expect(
      (await call('POST', `/api/integration/webhooks/${other.id}/messages/${message!.id}/resend`)).statusCode,
    ).toBe(404);
  });

  it('signs with the new secret only once rotated: the old one no longer verifies', async () => {
    const { id, secret: old } = await addEndpoint();
    await enqueue();
    const rotated = await call('POST', `/api/integration/webhooks/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    // The message queued before the rotation is signed when sent: with the new secret.
    await enqueue();
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 2, retried: 0, failed: 0 });
    for (const received of receiver.received) {
      expect(verify(secret, received)).toMatchObject({ type: 'payment.posted' });
      expect(() => verify(old, received)).toThrow(/No matching signature/);
    }
  });

  it('holds the messages of a disabled endpoint, neither sent nor failed, until it is enabled again', async () => {
    const { id } = await addEndpoint();
    await enqueue();
    const disable = await call('PUT', `/api/integration/webhooks/${id}`, {
      url: receiver.url,
      events: ['payment.posted'],
      enabled: false,
    });
    expect(disable.json()).toMatchObject({ enabled: false, counts: { queued: 1, delivered: 0, failed: 0 } });
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    t.clock.advance(4 * 24 * 3_600_000);
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(receiver.received).toEqual([]);
    expect((await messages())[0]).toMatchObject({ status: 'queued', attempts: 0 });
    // A disabled endpoint sends no test either.
    await signInAgain();
    const test = await call('POST', `/api/integration/webhooks/${id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({ error: 'CONFLICT', messageKey: 'webhooks.errors.test_disabled' });
    await call('PUT', `/api/integration/webhooks/${id}`, {
      url: receiver.url,
      events: ['payment.posted'],
      enabled: true,
    });
    expect(await sendDueWebhooks(t.app.ctx)).toEqual({ delivered: 1, retried: 0, failed: 0 });
  });

  it('sends a test event to one endpoint at once and answers its first attempt', async () => {
    const { id, secret } = await addEndpoint();
    const other = await addEndpoint();
    const response = await call('POST', `/api/integration/webhooks/${id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({ event_type: 'webhook.test', status: 'delivered' });
    expect(message.message_id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(message.attempts).toEqual([
      { at: t.clock.now().toISOString(), status: 204, duration_ms: expect.any(Number), error: '' },
    ]);
    expect(receiver.received).toHaveLength(1);
    expect(verify(secret, receiver.received[0]!)).toEqual({
      type: 'webhook.test',
      timestamp: t.clock.now().toISOString(),
      data: { endpoint_id: id, sent_by: 'admin@example.com' },
    });
    const list = await call('GET', '/api/integration/webhooks');
    const [first, second] = list.json().endpoints;
    expect(first).toMatchObject({
      id,
      counts: { queued: 0, delivered: 1, failed: 0 },
      last_delivery: { at: t.clock.now().toISOString(), status: 204, ok: true },
    });
    expect(second).toMatchObject({ id: other.id, counts: { queued: 0, delivered: 0, failed: 0 }, last_delivery: null });

    // A receiver that fails: the answer says so, and the message waits for its next attempt.
    receiver.answer({ status: 401, body: 'bad signature' });
    const failed = (await call('POST', `/api/integration/webhooks/${id}/test`)).json();
    expect(failed).toMatchObject({ status: 'queued', attempts: [{ status: 401, error: 'HTTP 401: bad signature' }] });
    expect(failed.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 5_000).toISOString());
  });

  it('lists the delivery log newest first, filtered by status and keyset-paged', async () => {
    const { id } = await addEndpoint();
    const sent: string[] = [];
    for (let n = 0; n < 5; n++) {
      sent.push(await enqueue());
      t.clock.advance(1_000);
    }
    await sendDueWebhooks(t.app.ctx);
    receiver.answer({ status: 500 });
    const last = await enqueue();
    await sendDueWebhooks(t.app.ctx);
    const page1 = (await call('GET', `/api/integration/webhooks/${id}/messages?limit=4`)).json();
    expect(page1.messages.map((m: { message_id: string }) => m.message_id)).toEqual([last, sent[4], sent[3], sent[2]]);
    expect(page1.next_before).toBe(page1.messages[3].id);
    const page2 = (
      await call('GET', `/api/integration/webhooks/${id}/messages?limit=4&before=${page1.next_before}`)
    ).json();
    expect(page2.messages.map((m: { message_id: string }) => m.message_id)).toEqual([sent[1], sent[0]]);
    expect(page2.next_before).toBeNull();
    const queued = (await call('GET', `/api/integration/webhooks/${id}/messages?status=queued`)).json();
    expect(queued.messages).toHaveLength(1);
    expect(queued.messages[0]).toMatchObject({ message_id: last, attempts: [{ status: 500 }] });
    expect((await call('GET', `/api/integration/webhooks/999999/messages`)).statusCode).toBe(404);
  });

  it('two instances send each message once', async () => {
    await addEndpoint();
    const second = await addInstance(t);
    try {
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) ids.push(await enqueue());
      const taken = (round: { delivered: number; retried: number; failed: number }) =>
        round.delivered + round.retried + round.failed;
      // Both take at once: 20 (one round's limit) and the other 10, never one message twice.
      const [a, b] = await Promise.all([sendDueWebhooks(t.app.ctx), sendDueWebhooks(second.app.ctx)]);
      expect([taken(a), taken(b)].sort()).toEqual([10, 20]);
      t.clock.advance(retryDelaysMs[0]!);
      const [again, againToo] = await Promise.all([sendDueWebhooks(t.app.ctx), sendDueWebhooks(second.app.ctx)]);
      expect(taken(again) + taken(againToo)).toBe(a.retried + b.retried);
      const sent = receiver.received.map((r) => r.headers['webhook-id'] as string);
      expect(new Set(sent)).toEqual(new Set(ids));
      // Every request the receiver took is one recorded attempt: 30 when none had to be retried.
      const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookAttempts);
      expect(row!.n).toBe(sent.length);
      expect(sent.length).toBe(30 + a.retried + b.retried);
      expect((await messages()).every((message) => message.status === 'delivered' || message.status === 'queued')).toBe(
        true,
      );
    } finally {
      await second.close();
    }
  });

  it('connects to the address it resolved and checked, with the URL host in the Host header', async () => {
    const asked: string[] = [];
    const resolve: WebhookResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // receiver.test resolves nowhere on this machine: it is reached only through the injected answer.
    await addEndpoint(`http://receiver.test:${receiver.port}/hooks`);
    const messageId = await enqueue();
    expect(await sendDueWebhooks(t.app.ctx, { resolve })).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(asked).toEqual(['receiver.test']);
    const received = receiver.received.find((r) => r.headers['webhook-id'] === messageId);
    expect(received!.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it('keeps the signing secret sealed at rest', async () => {
    const { id, secret } = await addEndpoint();
    const [row] = await t.database.db
      .execute(sql`SELECT secret_sealed FROM portal.webhook_endpoints WHERE id = ${id}`)
      .then((result) => (result as unknown as { rows: { secret_sealed: string }[] }).rows);
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(secret.slice(6, 20));
    expect(t.app.ctx.secrets.open(row!.secret_sealed)).toBe(secret);
  });
});

describe('webhook destinations at send time (private networks not allowed)', () => {
  beforeAll(async () => {
    receiver = await startTestWebhookReceiver();
    t = await createTestApp({ settings: { WEBHOOK_TIMEOUT_SECONDS: '2' } });
  });
  beforeEach(reset);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses a host that resolves to a private address by the time of sending (DNS rebinding)', async () => {
    // At creation the name does not resolve (not yet published): accepted, to be checked at every send.
    const { id } = await addEndpoint('http://rebinding.invalid/hooks');
    await enqueue();
    const privately: WebhookResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await sendDueWebhooks(t.app.ctx, { resolve: privately })).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect((await attempts())[0]).toMatchObject({
      status: null,
      error: 'refused: rebinding.invalid resolves to 127.0.0.1, a private, loopback or reserved address',
    });
    expect(receiver.received).toEqual([]);

    // A name answering a public and a private address is refused whole, not tried on the public one.
    t.clock.advance(5_000);
    const mixed: WebhookResolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    await sendDueWebhooks(t.app.ctx, { resolve: mixed });
    expect((await attempts())[1]!.error).toBe(
      'refused: rebinding.invalid resolves to 169.254.169.254, a private, loopback or reserved address',
    );
    // And IPv6 forms: unique-local, and an IPv4-mapped private address.
    for (const address of ['fd00::1', '::ffff:10.0.0.5']) {
      t.clock.advance(3_600_000);
      const [message] = await messages();
      t.clock.advance(Math.max(0, message!.nextAttemptAt.getTime() - t.clock.now().getTime()));
      await sendDueWebhooks(t.app.ctx, { resolve: async () => [{ address, family: 6 }] });
      expect((await attempts()).at(-1)!.error).toContain(`resolves to ${address}`);
    }
    // Nothing went out at all, and the log says why.
    expect(receiver.received).toEqual([]);
    await signInAgain();
    const log = (await call('GET', `/api/integration/webhooks/${id}/messages`)).json();
    expect(log.messages[0].attempts.every((a: { status: number | null }) => a.status === null)).toBe(true);
  });

  it('records a host that does not resolve', async () => {
    await addEndpoint('http://nowhere.invalid/hooks');
    await enqueue();
    const none: WebhookResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    await sendDueWebhooks(t.app.ctx, { resolve: none });
    expect((await attempts())[0]).toMatchObject({ status: null, error: 'host not found: nowhere.invalid (ENOTFOUND)' });
  });
});
