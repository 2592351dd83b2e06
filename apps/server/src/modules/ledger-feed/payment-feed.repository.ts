// The payments feed's table (portal.payment_feed): written in each posting's transaction, given its position (seq)
// after commit by the sequencer below, read by cursor.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFeed } from '../../db/portal.schema';

export type FeedRow = typeof paymentFeed.$inferSelect;
export type NewFeedRow = typeof paymentFeed.$inferInsert;

/** Written with the posting: a posting replayed (the same intent) writes nothing twice. */
export async function insertFeedRow(tx: Db, row: NewFeedRow): Promise<void> {
  await tx.insert(paymentFeed).values(row).onConflictDoNothing({ target: paymentFeed.id });
}

/**
 * Gives every committed row without a position the next ones, one sequencer at a time across instances (an advisory
 * lock held to the commit). A row is numbered only once its posting has committed, and every numbering commits before
 * the next one starts, so the numbers readers can see always form an unbroken prefix: a reader that saw position n
 * has seen every position below it, even when a payment's transaction committed after a later one's.
 */
export async function sequenceFeed(db: Db): Promise<number> {
  const [waiting] = await db.select({ id: paymentFeed.id }).from(paymentFeed).where(isNull(paymentFeed.seq)).limit(1);
  if (!waiting) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('portal.payment_feed'))`);
    // This statement's snapshot is taken after the lock: it sees every row a previous numbering gave a position.
    const numbered = await tx.execute(sql`
      UPDATE ${paymentFeed} AS f SET seq = n.seq
      FROM (SELECT id, nextval('portal.payment_feed_seq') AS seq
            FROM (SELECT id FROM ${paymentFeed} WHERE seq IS NULL ORDER BY posted_at, id) AS o) AS n
      WHERE f.id = n.id
      RETURNING f.id`);
    return rowCount(numbered);
  });
}

function rowCount(result: unknown): number {
  const { rows, affectedRows, rowCount } = result as { rows?: unknown[]; affectedRows?: number; rowCount?: number };
  return rowCount ?? affectedRows ?? rows?.length ?? 0;
}

export async function readFeedPage(
  db: Db,
  query: { after: number; limit: number; unacknowledged: boolean },
): Promise<FeedRow[]> {
  return db
    .select()
    .from(paymentFeed)
    .where(and(gt(paymentFeed.seq, query.after), query.unacknowledged ? isNull(paymentFeed.acknowledgedAt) : undefined))
    .orderBy(asc(paymentFeed.seq))
    .limit(query.limit);
}

export async function findFeedRow(db: Db, id: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(paymentFeed).where(eq(paymentFeed.id, id));
  return row;
}

/** Marks the row acknowledged unless it already is; answers the row as it stands after. */
export async function acknowledgeFeedRow(
  db: Db,
  id: string,
  ack: { erpDocumentNumber: string; by: string; at: Date },
): Promise<{ row: FeedRow | undefined; changed: boolean }> {
  const [changed] = await db
    .update(paymentFeed)
    .set({ acknowledgedAt: ack.at, erpDocumentNumber: ack.erpDocumentNumber, acknowledgedBy: ack.by })
    .where(and(eq(paymentFeed.id, id), isNull(paymentFeed.acknowledgedAt)))
    .returning();
  if (changed) return { row: changed, changed: true };
  return { row: await findFeedRow(db, id), changed: false };
}
