// The inbox of the provider's events (portal.gateway_events, ADR 0031): kept once by (provider, id) when they
// arrive, leased by one instance at a time (SKIP LOCKED) to be processed, retried with a growing delay, and marked
// failed after their retries for an operator to look at.
import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayEvents } from '../../db/portal.schema';

export type GatewayEventRow = typeof gatewayEvents.$inferSelect;

/** Processing tries before an event is marked failed (1 s, 2 s, 4 s … apart, then the System tab). */
export const maxEventAttempts = 8;
/** How long a leased event is left to its instance before another may take it. */
const leaseMs = 60_000;

/** Keeps an event; false when it was already kept (a repeat delivery, a replay): nothing changes then. */
export async function keepGatewayEvent(
  db: Db,
  event: { provider: string; id: string; type: string; payload: unknown; receivedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(gatewayEvents)
    .values({ ...event, nextAttemptAt: event.receivedAt })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return rows.length > 0;
}

/** Takes up to `limit` events due for processing, oldest first, leasing each to this instance. */
export async function leaseDueGatewayEvents(db: Db, now: Date, limit: number): Promise<GatewayEventRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ provider: gatewayEvents.provider, id: gatewayEvents.id })
      .from(gatewayEvents)
      .where(
        and(isNull(gatewayEvents.processedAt), eq(gatewayEvents.failed, false), lte(gatewayEvents.nextAttemptAt, now)),
      )
      .orderBy(gatewayEvents.receivedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const leased: GatewayEventRow[] = [];
    for (const key of due) {
      const [row] = await tx
        .update(gatewayEvents)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${gatewayEvents.attempts} + 1` })
        .where(and(eq(gatewayEvents.provider, key.provider), eq(gatewayEvents.id, key.id)))
        .returning();
      if (row) leased.push(row);
    }
    return leased;
  });
}

export async function markGatewayEventProcessed(db: Db, row: GatewayEventRow, outcome: string, now: Date) {
  await db
    .update(gatewayEvents)
    .set({ processedAt: now, outcome: outcome.slice(0, 200), lastError: '' })
    .where(and(eq(gatewayEvents.provider, row.provider), eq(gatewayEvents.id, row.id)));
}

/** A failed try: tried again later, or marked failed once its tries are spent. */
export async function markGatewayEventFailed(db: Db, row: GatewayEventRow, error: string, now: Date) {
  const spent = row.attempts >= maxEventAttempts;
  await db
    .update(gatewayEvents)
    .set({
      lastError: error.slice(0, 500),
      failed: spent,
      nextAttemptAt: new Date(now.getTime() + 1000 * 2 ** Math.min(row.attempts - 1, 10)),
    })
    .where(and(eq(gatewayEvents.provider, row.provider), eq(gatewayEvents.id, row.id)));
}

/** An operator's re-process: the event is due again with fresh tries. */
export async function requeueGatewayEvent(db: Db, provider: string, id: string, now: Date) {
  const [row] = await db
    .update(gatewayEvents)
    .set({ failed: false, attempts: 0, nextAttemptAt: now, processedAt: null })
    .where(and(eq(gatewayEvents.provider, provider), eq(gatewayEvents.id, id), eq(gatewayEvents.failed, true)))
    .returning();
  return row ?? null;
}

export async function findGatewayEvent(db: Db, provider: string, id: string) {
  const [row] = await db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.provider, provider), eq(gatewayEvents.id, id)));
  return row ?? null;
}

/** What the System tab shows: the last event received, the failed ones (newest first), how many wait. */
export async function gatewayEventsOverview(db: Db, provider: string) {
  const [last] = await db
    .select()
    .from(gatewayEvents)
    .where(eq(gatewayEvents.provider, provider))
    .orderBy(desc(gatewayEvents.receivedAt))
    .limit(1);
  const failed = await db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.provider, provider), eq(gatewayEvents.failed, true)))
    .orderBy(desc(gatewayEvents.receivedAt))
    .limit(50);
  const [waiting] = await db
    .select({ n: count() })
    .from(gatewayEvents)
    .where(
      and(eq(gatewayEvents.provider, provider), isNull(gatewayEvents.processedAt), eq(gatewayEvents.failed, false)),
    );
  return { last: last ?? null, failed, waiting: Number(waiting?.n ?? 0) };
}
