// The Idempotency-Key store (portal.idempotency_keys): SQL in, plain objects out. Used by http/idempotency.ts.
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executeWithRows, preparedStatement } from '../db/prepared';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type IdempotencyKeyId = { scope: string; key: string; requestHash: string };

/** A question the claim's statement answers too: a boolean expression of the claim's scope and key, named. */
export type ClaimQuestion = { name: string; ask: (scope: SQLWrapper, key: SQLWrapper) => SQL<boolean> };

/**
 * Claims the key for one request: inserts it in flight, or takes over a row whose time has run out. One statement,
 * so that of any number of concurrent claims exactly one is claimed (PostgreSQL waits for the first inserter;
 * PGlite runs one statement at a time). `alsoAsk` is answered by the same statement (as of its start) as `also`.
 * Every payment claims a key: the statement is rendered once per question (db/prepared.ts).
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: IdempotencyKeyId & { now: Date; expiresAt: Date },
  alsoAsk?: ClaimQuestion,
): Promise<{ claimed: boolean; also: boolean }> {
  const fresh = {
    requestHash: claim.requestHash,
    state: 'in_flight' as const,
    responseStatus: null,
    responseBody: null,
    createdAt: claim.now,
    completedAt: null,
    expiresAt: claim.expiresAt,
  };
  const [row] = await executeWithRows<{ claimed: number | string; also: boolean }, typeof fresh & IdempotencyKeyId>(
    db,
    `claim_key|${alsoAsk?.name ?? ''}`,
    [{ scope: claim.scope, key: claim.key, ...fresh }],
    ([bound], bind) => {
      const { scope, key, ...takenOver } = bound!;
      const insert = db
        .insert(idempotencyKeys)
        .values(bound!)
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: takenOver,
          setWhere: sql`${idempotencyKeys.expiresAt} <= ${bind('now')}::timestamptz`,
        })
        .returning({ key: idempotencyKeys.key });
      // The bound row's scope and key are placeholders (their SQL), whatever their type says.
      const also = alsoAsk ? alsoAsk.ask(scope as unknown as SQLWrapper, key as unknown as SQLWrapper) : sql`false`;
      // drizzle writes an embedded statement in parentheses: WITH claimed AS (INSERT … RETURNING key).
      return sql`WITH claimed AS ${insert} SELECT (SELECT count(*) FROM claimed)::int AS claimed, (${also}) AS also`;
    },
    { now: claim.now.toISOString() },
  );
  return { claimed: Number(row?.claimed) === 1, also: row?.also === true };
}

export async function findIdempotencyKey(db: Db, scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const statement = preparedStatement(db, 'find_idempotency_key', (database) =>
    database
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, sql.placeholder('scope')), eq(idempotencyKeys.key, sql.placeholder('key'))))
      .limit(1)
      .prepare('find_idempotency_key'),
  );
  const [row] = await statement.execute({ scope, key });
  return row;
}

/** Stores the answer of the claim's request; a row already completed (or taken over) is left as it is. */
export async function completeIdempotencyKey(
  db: Db,
  id: IdempotencyKeyId,
  answer: { status: number; body: unknown; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: answer.status,
      // jsonb: undefined would be dropped from the statement; null is the stored "no body".
      responseBody: answer.body ?? null,
      completedAt: answer.now,
      expiresAt: answer.expiresAt,
    })
    .where(inFlight(id));
}

/** Forgets an in-flight claim so that a retry with the same key runs again. */
export async function releaseIdempotencyKey(db: Db, id: IdempotencyKeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(inFlight(id));
}

/** Deletes up to `limit` keys expired at `now`; returns how many. Bounded so that a claim never waits long on it. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date, limit = 500): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(
      sql`(${idempotencyKeys.scope}, ${idempotencyKeys.key}) in (select ${idempotencyKeys.scope}, ${idempotencyKeys.key} from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz limit ${limit})`,
    )
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

function inFlight(id: IdempotencyKeyId) {
  return and(
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.key, id.key),
    eq(idempotencyKeys.requestHash, id.requestHash),
    eq(idempotencyKeys.state, 'in_flight'),
  );
}
