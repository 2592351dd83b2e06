// The portal's reversals and disputes (portal.payment_reversals, portal.payment_disputes; ADR 0032): a payment's lock
// for the refund checks, the rows of some payments, the unfinished rows for the reconciler, and state changes that
// say whether they happened (a state moves once, whoever gets there first).
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentDisputes, paymentFeed, paymentReversals } from '../../db/portal.schema';

export type ReversalRow = typeof paymentReversals.$inferSelect;
export type NewReversalRow = typeof paymentReversals.$inferInsert;
export type DisputeRow = typeof paymentDisputes.$inferSelect;
export type PaymentFeedRow = typeof paymentFeed.$inferSelect;

/** A payment (not a reversal) of the feed, locked until the transaction ends: one refund check at a time per payment. */
export async function lockPayment(tx: Db, paymentId: string): Promise<PaymentFeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentFeed)
    .where(and(eq(paymentFeed.id, paymentId), isNull(paymentFeed.reverses)))
    .for('update');
  return row;
}

export async function findPayment(db: Db, paymentId: string): Promise<PaymentFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFeed)
    .where(and(eq(paymentFeed.id, paymentId), isNull(paymentFeed.reverses)));
  return row;
}

/** The payment of an order number (the provider's events name orders). */
export async function findPaymentByOrder(db: Db, orderNumber: string): Promise<PaymentFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFeed)
    .where(and(eq(paymentFeed.orderNumber, orderNumber), isNull(paymentFeed.reverses)));
  return row;
}

export async function reversalsOf(db: Db, paymentIds: readonly string[]): Promise<ReversalRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(paymentReversals)
    .where(inArray(paymentReversals.paymentId, [...paymentIds]))
    .orderBy(asc(paymentReversals.createdAt), asc(paymentReversals.id));
}

export async function disputesOf(db: Db, paymentIds: readonly string[]): Promise<DisputeRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(paymentDisputes)
    .where(inArray(paymentDisputes.paymentId, [...paymentIds]))
    .orderBy(asc(paymentDisputes.openedAt));
}

export async function findReversal(db: Db, id: string): Promise<ReversalRow | undefined> {
  const [row] = await db.select().from(paymentReversals).where(eq(paymentReversals.id, id));
  return row;
}

export async function findReversalByKey(db: Db, scope: string, key: string): Promise<ReversalRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReversals)
    .where(and(eq(paymentReversals.scope, scope), eq(paymentReversals.idempotencyKey, key)));
  return row;
}

export async function findReversalByReference(
  db: Db,
  kind: ReversalRow['kind'],
  reference: string,
): Promise<ReversalRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReversals)
    .where(and(eq(paymentReversals.kind, kind), eq(paymentReversals.providerReference, reference)));
  return row;
}

/** Writes a reversal unless one of its kind with its provider reference exists (a repeated event): then that one. */
export async function insertReversal(db: Db, row: NewReversalRow): Promise<{ row: ReversalRow; inserted: boolean }> {
  const [inserted] = await db.insert(paymentReversals).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, inserted: true };
  const existing = row.providerReference
    ? await findReversalByReference(db, row.kind, row.providerReference)
    : row.scope && row.idempotencyKey
      ? await findReversalByKey(db, row.scope, row.idempotencyKey)
      : await findReversal(db, row.id);
  if (!existing) throw new Error(`reversal ${row.id} was neither written nor found`);
  return { row: existing, inserted: false };
}

/** Moves a reversal from one state to the next; false when it was no longer in `from` (someone else moved it). */
export async function moveReversal(
  db: Db,
  id: string,
  from: ReversalRow['state'],
  set: Partial<NewReversalRow> & { state: ReversalRow['state']; updatedAt: Date },
): Promise<ReversalRow | undefined> {
  const [row] = await db
    .update(paymentReversals)
    .set(set)
    .where(and(eq(paymentReversals.id, id), eq(paymentReversals.state, from)))
    .returning();
  return row;
}

/** A failed try (the ERP down or refusing): the reconciler tries again later, backing off up to an hour. */
export async function noteReversalFailure(db: Db, row: ReversalRow, error: string, now: Date): Promise<void> {
  const delayMs = Math.min(3_600_000, 30_000 * 2 ** Math.min(row.attempts, 7));
  await db
    .update(paymentReversals)
    .set({
      lastError: error.slice(0, 500),
      attempts: sql`${paymentReversals.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + delayMs),
      updatedAt: now,
    })
    .where(eq(paymentReversals.id, row.id));
}

/** How long a leased reversal is left to its instance before another may take it. */
const leaseMs = 60_000;

/** Unfinished reversals due for another try, oldest first, leased to this instance (SKIP LOCKED across instances). */
export async function leaseUnfinishedReversals(db: Db, now: Date, limit: number): Promise<ReversalRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentReversals.id })
      .from(paymentReversals)
      .where(and(inArray(paymentReversals.state, ['requested', 'confirmed']), lte(paymentReversals.nextAttemptAt, now)))
      .orderBy(asc(paymentReversals.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentReversals)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          paymentReversals.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function findDisputeByReference(db: Db, reference: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.providerReference, reference));
  return row;
}
