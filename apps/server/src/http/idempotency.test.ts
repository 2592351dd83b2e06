// The Idempotency-Key store through a small route registered here only (not in the app), on the test database.
import { sql, type SQLWrapper } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { errorsPlugin } from '../plugins/errors';
import { requestContextPlugin } from '../plugins/request-context';
import { createTestApp, type TestApp } from '../test/test-app';
import { findIdempotencyKey } from './idempotency-keys.repository';
import {
  canonicalJson,
  hashIdempotentRequest,
  idempotencyKeyTtlMs,
  purgeExpiredIdempotencyKeys,
  replyIdempotently,
  userScope,
  withIdempotency,
  type IdempotencyContext,
} from './idempotency';

let t: TestApp;
let ctx: IdempotencyContext;
let route: FastifyInstance;
let runs = 0;
/** What the route's use case does on its next runs. */
let behaviour: () => Promise<{ status: number; body: unknown }>;

beforeAll(async () => {
  t = await createTestApp({ demoUsers: false });
  ctx = { db: t.app.ctx.db, now: t.clock.now };
  route = Fastify({ logger: false });
  await route.register(errorsPlugin);
  await route.register(requestContextPlugin);
  route.post('/api/test/pay', async (request, reply) =>
    replyIdempotently(
      ctx,
      request,
      reply,
      userScope(Number(request.headers['x-user-id'] ?? 1)),
      async () => {
        runs++;
        return behaviour();
      },
      { purgeChance: 0 },
    ),
  );
  await route.ready();
});
afterAll(async () => {
  await route?.close();
  await t?.close();
});
beforeEach(() => {
  runs = 0;
  behaviour = async () => ({ status: 201, body: { paid: true, run: runs } });
});

let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

function pay(key: string | undefined, body: unknown = { amount: '10.00', documents: ['A1'] }, userId = 1) {
  return route.inject({
    method: 'POST',
    url: '/api/test/pay',
    headers: { 'x-user-id': String(userId), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as Record<string, unknown>,
  });
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body without running again', async () => {
    const key = newKey();
    const first = await pay(key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ paid: true, run: 1 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    for (let i = 0; i < 3; i++) {
      // The same body with its members in another order is the same request.
      const again = await pay(key, { documents: ['A1'], amount: '10.00' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ paid: true, run: 1 });
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(runs).toBe(1);
  });

  it('refuses the same key with another body (422) and runs nothing', async () => {
    const key = newKey();
    expect((await pay(key)).statusCode).toBe(201);
    const other = await pay(key, { amount: '11.00', documents: ['A1'] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: 'IDEMPOTENCY_KEY_REUSED',
      messageKey: 'errors.codes.IDEMPOTENCY_KEY_REUSED',
    });
    expect(other.json().message).not.toBe('errors.codes.IDEMPOTENCY_KEY_REUSED');
    expect(runs).toBe(1);
  });

  it('answers 409 to a request whose key is in flight, runs nothing, and replays once it is done', async () => {
    const key = newKey();
    const gate = deferred();
    const started = deferred();
    behaviour = async () => {
      started.resolve();
      await gate.promise;
      return { status: 200, body: { paid: 'slow' } };
    };
    const first = pay(key);
    await started.promise;
    const concurrent = await pay(key);
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json()).toMatchObject({ error: 'IDEMPOTENCY_IN_FLIGHT' });
    // In flight with another body is a reuse, not a wait.
    expect((await pay(key, { amount: '99.00' })).statusCode).toBe(422);
    gate.resolve();
    expect((await first).json()).toEqual({ paid: 'slow' });
    const replay = await pay(key);
    expect(replay.json()).toEqual({ paid: 'slow' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
  });

  it('runs exactly once for 20 simultaneous requests with one key', async () => {
    const key = newKey();
    behaviour = async () => {
      await new Promise((r) => setTimeout(r, 50));
      return { status: 201, body: { paid: true } };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(key)));
    expect(runs).toBe(1);
    // The others were in flight (409) or, arriving after the answer was stored, got it replayed.
    const fresh = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const a of answers.filter((x) => x !== fresh[0])) {
      expect(a.statusCode === 409 || a.headers['idempotent-replayed'] === 'true', `${a.statusCode}`).toBe(true);
    }
  });

  it('runs exactly once for 20 simultaneous claims through withIdempotency', async () => {
    const key = newKey();
    let count = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        withIdempotency(ctx, { scope: userScope(7), key, method: 'POST', path: '/p', body: { a: 1 } }, async () => {
          count++;
          await new Promise((r) => setTimeout(r, 20));
          return { status: 200, body: { ok: true } };
        }),
      ),
    );
    expect(count).toBe(1);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Late comers may find the answer already stored (a replay) instead of the claim in flight.
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    for (const r of rejected) expect((r.reason as AppError).code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(fulfilled.filter((r) => !r.value.replayed)).toHaveLength(1);
  });

  it('keeps the keys of different users apart', async () => {
    const key = newKey();
    expect((await pay(key, { amount: '1.00' }, 1)).statusCode).toBe(201);
    const otherUser = await pay(key, { amount: '2.00' }, 2);
    expect(otherUser.statusCode).toBe(201);
    expect(otherUser.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
  });

  it('stores a 4xx refusal and replays it, translated, without running again', async () => {
    const key = newKey();
    behaviour = async () => {
      throw new AppError('FORBIDDEN', { reason: 'not_your_account', details: { account: 'X' } });
    };
    const first = await pay(key);
    expect(first.statusCode).toBe(403);
    const again = await route.inject({
      method: 'POST',
      url: '/api/test/pay',
      headers: { 'x-user-id': '1', 'idempotency-key': key, 'accept-language': 'fr' },
      payload: { amount: '10.00', documents: ['A1'] },
    });
    expect(again.statusCode).toBe(403);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ error: 'FORBIDDEN', reason: 'not_your_account', details: { account: 'X' } });
    expect(again.json().message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
    expect(runs).toBe(1);
  });

  it('releases the key after an unexpected failure or a retryable refusal so that a retry runs', async () => {
    const key = newKey();
    behaviour = async () => {
      throw new Error('database connection lost');
    };
    expect((await pay(key)).statusCode).toBe(500);
    behaviour = async () => {
      throw new AppError('RATE_LIMITED');
    };
    expect((await pay(key)).statusCode).toBe(429);
    behaviour = async () => ({ status: 201, body: { paid: true } });
    const retry = await pay(key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(3);
  });

  it('keeps a key 24 hours after its answer, then lets it be used anew and purges it', async () => {
    const key = newKey();
    expect((await pay(key)).statusCode).toBe(201);
    const row = await findIdempotencyKey(ctx.db, userScope(1), key);
    expect(row?.state).toBe('completed');
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(idempotencyKeyTtlMs);

    t.clock.advance(idempotencyKeyTtlMs - 1000);
    expect((await pay(key, { amount: '5.00' })).statusCode).toBe(422);
    expect((await pay(key)).headers['idempotent-replayed']).toBe('true');

    t.clock.advance(2000);
    // An expired key is claimed afresh, even by another body.
    const reused = await pay(key, { amount: '5.00' });
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);

    const other = newKey();
    expect((await pay(other)).statusCode).toBe(201);
    t.clock.advance(idempotencyKeyTtlMs + 1);
    expect(await purgeExpiredIdempotencyKeys(ctx.db, t.clock.now())).toBeGreaterThanOrEqual(2);
    expect(await findIdempotencyKey(ctx.db, userScope(1), other)).toBeUndefined();
    expect(await purgeExpiredIdempotencyKeys(ctx.db, t.clock.now())).toBe(0);
  });

  it('purges expired keys on a claim when the draw says so', async () => {
    const stale = newKey();
    const run = async () => ({ status: 200, body: {} });
    await withIdempotency(ctx, { scope: 'user:9', key: stale, method: 'POST', path: '/p', body: {} }, run, {
      purgeChance: 0,
    });
    t.clock.advance(idempotencyKeyTtlMs + 1);
    await withIdempotency(ctx, { scope: 'user:9', key: newKey(), method: 'POST', path: '/p', body: {} }, run, {
      purgeChance: 0.5,
      random: () => 0.1,
    });
    expect(await findIdempotencyKey(ctx.db, 'user:9', stale)).toBeUndefined();
  });

  it("answers the claim's question about earlier work in the claim, and says 'look' without one", async () => {
    const seen: boolean[] = [];
    const run = async (claim: { earlierWork: boolean }) => {
      seen.push(claim.earlierWork);
      return { status: 200, body: {} };
    };
    const request = (key: string) => ({ scope: 'user:10', key, method: 'POST', path: '/p', body: {} });
    // The expression reads the claim's scope and key, and is answered as of the claim.
    const asked: string[] = [];
    const earlierWork = {
      name: 'test_done',
      ask: (scope: SQLWrapper, key: SQLWrapper) => {
        asked.push('asked');
        return sql<boolean>`${key} LIKE '%-done' AND ${scope} = 'user:10'`;
      },
    };
    const done = `${newKey()}-done`;
    await withIdempotency(ctx, request(done), run, { purgeChance: 0, earlierWork });
    await withIdempotency(ctx, request(newKey()), run, { purgeChance: 0, earlierWork });
    await withIdempotency(ctx, request(newKey()), run, { purgeChance: 0 });
    expect(seen).toEqual([true, false, true]);
    // Rendered once: asked when the statement was built, answered by each claim for its own scope and key.
    expect(asked).toEqual(['asked']);
  });

  it('requires a well-formed key', async () => {
    const missing = await pay(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REQUIRED' });
    for (const bad of ['short', 'x'.repeat(201), 'has space-12345', 'semi;colon-12345', 'ключ-12345678']) {
      const answer = await pay(bad);
      expect({ bad, status: answer.statusCode, error: answer.json().error }).toEqual({
        bad,
        status: 400,
        error: 'VALIDATION_FAILED',
      });
    }
    for (const good of ['abcdefgh', 'x'.repeat(200), 'a1_B2-c3:d4.e5', '3f1c2a9e-0b7d-4c8e-9a51-6d2f0e4b7c13']) {
      expect((await pay(good, { good })).statusCode).toBe(201);
    }
    expect(runs).toBe(4);
  });

  it('hashes method, path and the canonical body', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
    const hash = hashIdempotentRequest('POST', '/api/invoice/payments', { a: 1, b: 2 });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIdempotentRequest('post', '/api/invoice/payments', { b: 2, a: 1 })).toBe(hash);
    expect(hashIdempotentRequest('POST', '/api/deposit/payments', { a: 1, b: 2 })).not.toBe(hash);
    expect(hashIdempotentRequest('POST', '/api/invoice/payments', { a: 1, b: 3 })).not.toBe(hash);
  });
});
