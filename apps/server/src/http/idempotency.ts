// Exactly-once submissions (DESIGN §3, issue 5): a request that moves money carries an Idempotency-Key.
//
// - The first request with a key claims it (one atomic INSERT ... ON CONFLICT) and runs; its answer is stored.
// - The same key with the same request (method, path, canonical JSON body) replays the stored answer without
//   running again; the route marks the reply `Idempotent-Replayed: true`.
// - The same key with another request is refused: IDEMPOTENCY_KEY_REUSED (422), whatever the key's state.
// - While the first request runs, the same key gets IDEMPOTENCY_IN_FLIGHT (409) and nothing runs.
// - Keys are scoped (`user:<id>`), so two users' keys never meet, and kept 24 h after their answer.
//
// When run() fails:
// - an AppError 4xx refusal (validation, payment checks 1-8, forbidden, not found...) is the request's answer: it
//   is stored and replayed, re-thrown so the one error handler translates it in the caller's language. The use
//   case must refuse BEFORE any side effect, or answer 200 with the result (e.g. message_type E), not throw.
// - 401, 408, 409 and 429 say "not now", not "no": the key is released so a retry can run.
// - anything else (5xx, a bug, the database gone) releases the key, so a retry runs again. A use case that may have
//   called the provider before failing (payments) makes that retry safe itself: its intent row, written before the
//   gateway call and found again by scope and key, answers instead of a second charge (the reconciler settles it).
// - if storing the answer or releasing the key fails, the key stays in flight (409) until it expires: a retry is
//   refused rather than run twice.
//
// Call it outside any transaction: the claim must be committed before run() starts for others to see it.
// Expired keys are purged opportunistically on claims (1 claim in 50, at most 500 rows); a job may call
// purgeExpiredIdempotencyKeys as well.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { AppError, errorCodes, type ErrorCode } from '../errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  type ClaimQuestion,
  type IdempotencyKeyId,
} from './idempotency-keys.repository';

export { purgeExpiredIdempotencyKeys } from './idempotency-keys.repository';

export const idempotencyKeyHeader = 'idempotency-key';
export const idempotentReplayedHeader = 'idempotent-replayed';
/** Issue 5: keys are kept ≥ 24 hours (counted from the stored answer). */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;
const idempotencyKeyPattern = /^[A-Za-z0-9_\-:.]{8,200}$/;
const defaultPurgeChance = 1 / 50;
/** Refusals that a retry may overturn: the key is released instead of storing them. */
const retryableStatuses = new Set([401, 408, 409, 429]);

export type IdempotencyContext = Pick<AppContext, 'db' | 'now'>;

export type IdempotentRequest = {
  /** Whose key: userScope(actor.userId) for a signed-in user. */
  scope: string;
  key: string;
  method: string;
  /** The request path without query string (e.g. /api/invoice/payments). */
  path: string;
  body: unknown;
};

/** What the claim found out for run(): see IdempotencyOptions.earlierWork. */
export type Claim = { earlierWork: boolean };

export type IdempotentAnswer<T> = {
  status: number;
  body: T;
  /**
   * The use case stored this answer under the key itself, in the transaction that made it final (a payment's
   * posting: ADR 0019), so that the answer and what it says happened commit together; nothing is left to store.
   */
  storedWithKey?: boolean;
};

export type IdempotencyOptions = {
  /** Probability that a claim first purges expired keys (default 1/50); tests pass 0 or 1. */
  purgeChance?: number;
  random?: () => number;
  /**
   * Whether a successful answer is final. A non-final one (a payment still pending at the gateway) is answered but
   * not stored: the key is released, so the same request asked again runs again and can give the settled answer.
   */
  isFinal?: (body: unknown) => boolean;
  /**
   * Asked in the claim's own statement (one round trip fewer): whether an earlier request with this scope and key
   * left work that outlives its key row (a payment's intent stays when its key is released after a failure, or
   * expires). run() is given the answer as `earlierWork`; without this option it is told true (look for yourself).
   */
  earlierWork?: ClaimQuestion;
  /**
   * What the request hash covers instead of the request's body (replyIdempotently): a body with secrets that must
   * not shape a stored hash (the CVV) left out.
   */
  hashedBody?: unknown;
};

export function userScope(userId: number): string {
  return `user:${userId}`;
}

/** Throws VALIDATION_FAILED unless the key is 8-200 characters of letters, digits, `_ - : .`. */
export function validateIdempotencyKey(key: string): void {
  if (!idempotencyKeyPattern.test(key)) {
    throw new AppError('VALIDATION_FAILED', { reason: 'idempotency_key_invalid', details: { fields: [headerField] } });
  }
}

/** The request's Idempotency-Key header, validated; IDEMPOTENCY_KEY_REQUIRED when absent. */
export function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[idempotencyKeyHeader];
  if (value === undefined || value === '') throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  if (Array.isArray(value)) {
    throw new AppError('VALIDATION_FAILED', { reason: 'idempotency_key_invalid', details: { fields: [headerField] } });
  }
  validateIdempotencyKey(value);
  return value;
}

/** JSON with object keys sorted at every level, so that `{a,b}` and `{b,a}` hash alike; undefined members dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export function hashIdempotentRequest(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Runs `run` at most once per scope and key; see the top of this file for the rules. */
export async function withIdempotency<T>(
  ctx: IdempotencyContext,
  request: IdempotentRequest,
  run: (claim: Claim) => Promise<IdempotentAnswer<T>>,
  options: IdempotencyOptions = {},
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  validateIdempotencyKey(request.key);
  const id: IdempotencyKeyId = {
    scope: request.scope,
    key: request.key,
    requestHash: hashIdempotentRequest(request.method, request.path, request.body),
  };
  const now = ctx.now();
  if ((options.random ?? Math.random)() < (options.purgeChance ?? defaultPurgeChance)) {
    await purgeExpiredIdempotencyKeys(ctx.db, now);
  }

  // A row seen as taken may be gone by the time it is read (released or purged): claim again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = await claimIdempotencyKey(
      ctx.db,
      { ...id, now, expiresAt: new Date(now.getTime() + idempotencyKeyTtlMs) },
      options.earlierWork,
    );
    if (claim.claimed) {
      const earlierWork = options.earlierWork ? claim.also : true;
      return { ...(await runClaimed(ctx, id, () => run({ earlierWork }), options.isFinal)), replayed: false };
    }
    const row = await findIdempotencyKey(ctx.db, id.scope, id.key);
    if (!row) continue;
    if (row.requestHash !== id.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.state !== 'completed' || row.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
    if (row.responseStatus >= 400) throw replayedRefusal(row.responseBody);
    return { status: row.responseStatus, body: row.responseBody as T, replayed: true };
  }
  throw new AppError('IDEMPOTENCY_IN_FLIGHT');
}

/**
 * For a route: reads the Idempotency-Key header, runs the use case through withIdempotency over the request's
 * method, path and (validated) body, sets the answer's status and marks replays. Returns the body to send.
 */
export async function replyIdempotently<T>(
  ctx: IdempotencyContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  run: (claim: Claim) => Promise<IdempotentAnswer<T>>,
  options?: IdempotencyOptions,
): Promise<T> {
  const key = readIdempotencyKey(request);
  const path = request.url.split('?', 1)[0] ?? request.url;
  try {
    const answer = await withIdempotency(
      ctx,
      {
        scope,
        key,
        method: request.method,
        path,
        body: 'hashedBody' in (options ?? {}) ? options!.hashedBody : request.body,
      },
      run,
      options,
    );
    if (answer.replayed) void reply.header(idempotentReplayedHeader, 'true');
    void reply.status(answer.status);
    return answer.body;
  } catch (error) {
    if (error instanceof AppError && replayedErrors.has(error)) void reply.header(idempotentReplayedHeader, 'true');
    throw error;
  }
}

const headerField = '/headers/idempotency-key';
const replayedErrors = new WeakSet<AppError>();

type StoredRefusal = { error: string; messageKey: string; reason?: string; details?: Record<string, unknown> };

async function runClaimed<T>(
  ctx: IdempotencyContext,
  id: IdempotencyKeyId,
  run: () => Promise<IdempotentAnswer<T>>,
  isFinal?: (body: unknown) => boolean,
): Promise<IdempotentAnswer<T>> {
  let answer: IdempotentAnswer<T>;
  try {
    answer = await run();
  } catch (error) {
    if (
      error instanceof AppError &&
      error.status < 500 &&
      !retryableStatuses.has(error.status) &&
      // The use case found the key taken by an earlier request (a payment intent outlives a released key): that
      // refusal stored under this request's hash would refuse the earlier request's own retry.
      error.code !== 'IDEMPOTENCY_KEY_REUSED'
    ) {
      const refusal: StoredRefusal = {
        error: error.code,
        messageKey: error.messageKey,
        ...(error.options.reason ? { reason: error.options.reason } : {}),
        ...(error.options.details ? { details: error.options.details } : {}),
      };
      await store(ctx, id, { status: error.status, body: refusal });
    } else {
      try {
        await releaseIdempotencyKey(ctx.db, id);
      } catch (releaseError) {
        throw new AggregateError([error, releaseError], 'idempotency key not released after a failure');
      }
    }
    throw error;
  }
  if (isFinal && !isFinal(answer.body)) await releaseIdempotencyKey(ctx.db, id);
  else if (!answer.storedWithKey) await store(ctx, id, answer);
  return answer;
}

async function store(ctx: IdempotencyContext, id: IdempotencyKeyId, answer: IdempotentAnswer<unknown>): Promise<void> {
  const now = ctx.now();
  await completeIdempotencyKey(ctx.db, id, {
    status: answer.status,
    body: answer.body,
    now,
    expiresAt: new Date(now.getTime() + idempotencyKeyTtlMs),
  });
}

function replayedRefusal(stored: unknown): AppError {
  const refusal = stored as StoredRefusal;
  // A code renamed since the answer was stored still replays as a refusal, never as a success.
  const code: ErrorCode = refusal.error in errorCodes ? (refusal.error as ErrorCode) : 'VALIDATION_FAILED';
  const error = new AppError(code, {
    messageKey: refusal.messageKey,
    ...(refusal.reason ? { reason: refusal.reason } : {}),
    ...(refusal.details ? { details: refusal.details } : {}),
  });
  replayedErrors.add(error);
  return error;
}
