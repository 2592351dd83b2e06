// Webhook endpoints, the outbox of their messages and the delivery log: SQL in, plain objects out.
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { WebhookMessageStatus } from '@portal/contracts';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [created] = await db.insert(webhookEndpoints).values(row).returning();
  return created!;
}

export async function listEndpointRows(db: Db): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

/** The endpoint locked for a change (two administrators editing it at once apply one after the other). */
export async function lockEndpoint(tx: Db, id: number): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row;
}

export async function updateEndpoint(
  db: Db,
  id: number,
  set: Partial<Pick<EndpointRow, 'url' | 'events' | 'enabled' | 'secretSealed' | 'updatedAt'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** Deletes the endpoint; its messages and their attempts go with it (ON DELETE CASCADE). */
export async function deleteEndpointRow(db: Db, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export type MessageCounts = { queued: number; delivered: number; failed: number };

/** Messages per endpoint and status, in one grouped read. */
export async function countMessagesByEndpoint(db: Db): Promise<Map<number, MessageCounts>> {
  const rows = await db
    .select({ endpointId: webhookMessages.endpointId, status: webhookMessages.status, n: count() })
    .from(webhookMessages)
    .groupBy(webhookMessages.endpointId, webhookMessages.status);
  const counts = new Map<number, MessageCounts>();
  for (const row of rows) {
    const entry = counts.get(row.endpointId) ?? { queued: 0, delivered: 0, failed: 0 };
    entry[row.status] = row.n;
    counts.set(row.endpointId, entry);
  }
  return counts;
}

/** The latest attempt to any message of the endpoint (walks the attempts newest first and stops at the first). */
export async function lastAttemptOf(
  db: Db,
  endpointId: number,
): Promise<Pick<AttemptRow, 'at' | 'status'> | undefined> {
  const [row] = await db
    .select({ at: webhookAttempts.at, status: webhookAttempts.status })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.id))
    .limit(1);
  return row;
}

/** One message for one endpoint (the test event); answers the message, or undefined when the id was taken. */
export async function insertMessage(
  db: Db,
  row: Pick<MessageRow, 'endpointId' | 'messageId' | 'eventType' | 'payload' | 'createdAt' | 'nextAttemptAt'>,
): Promise<MessageRow | undefined> {
  const [created] = await db
    .insert(webhookMessages)
    .values(row)
    .onConflictDoNothing({ target: [webhookMessages.endpointId, webhookMessages.messageId] })
    .returning();
  return created;
}

/** A leased message with what sending it needs from its endpoint. */
export type LeasedMessage = MessageRow & { url: string; secretSealed: string };

/**
 * Leases up to `limit` queued messages that are due, of enabled endpoints (a disabled endpoint's messages wait):
 * FOR UPDATE SKIP LOCKED, so that two instances never take one message, and a lease (locked_until) so that a message
 * being sent is not taken again until the lease runs out (a crashed instance's message is retried then). Each lease
 * counts as an attempt. `only` leases that one message (the test event, sent within its request).
 */
export async function leaseDueMessages(
  db: Db,
  options: { now: Date; leaseMs: number; limit: number; only?: number },
): Promise<LeasedMessage[]> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.status, 'queued'),
          lte(webhookMessages.nextAttemptAt, now),
          or(isNull(webhookMessages.lockedUntil), lte(webhookMessages.lockedUntil, now)),
          // A semi-join rather than a join: the lock then falls on the messages only, never on an endpoint row.
          inArray(
            webhookMessages.endpointId,
            tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true)),
          ),
          options.only === undefined ? undefined : eq(webhookMessages.id, options.only),
        ),
      )
      .orderBy(asc(webhookMessages.nextAttemptAt), asc(webhookMessages.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(webhookMessages)
      .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${webhookMessages.attempts} + 1` })
      .where(
        inArray(
          webhookMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(leased.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return leased.map((row) => ({
      ...row,
      url: byId.get(row.endpointId)!.url,
      secretSealed: byId.get(row.endpointId)!.secretSealed,
    }));
  });
}

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; nextAttemptAt: Date } | { kind: 'failed' };

/**
 * Records one attempt and its outcome on the message, together. A message whose endpoint was deleted while it was
 * being sent is gone: nothing is recorded.
 */
export async function recordAttempt(
  db: Db,
  messageRowId: number,
  attempt: Pick<AttemptRow, 'at' | 'status' | 'durationMs' | 'error'>,
  outcome: AttemptOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    const common = { lockedUntil: null, lastStatus: attempt.status, lastError: attempt.error };
    const set =
      outcome.kind === 'delivered'
        ? { ...common, status: 'delivered' as const, deliveredAt: attempt.at }
        : outcome.kind === 'retry'
          ? { ...common, nextAttemptAt: outcome.nextAttemptAt }
          : { ...common, status: 'failed' as const };
    const updated = await tx
      .update(webhookMessages)
      .set(set)
      .where(eq(webhookMessages.id, messageRowId))
      .returning({ id: webhookMessages.id });
    if (updated.length === 0) return;
    await tx.insert(webhookAttempts).values({ messageId: messageRowId, ...attempt });
  });
}

/**
 * An endpoint's messages newest first (created_at, then id), after the message `before` when given: the keyset of
 * the endpoint's (endpoint_id, created_at) index.
 */
export async function listMessageRows(
  db: Db,
  endpointId: number,
  filter: { status?: WebhookMessageStatus; before?: number; limit: number },
): Promise<MessageRow[]> {
  const before =
    filter.before === undefined
      ? undefined
      : sql`(${webhookMessages.createdAt}, ${webhookMessages.id}) < (SELECT created_at, id FROM ${webhookMessages} WHERE id = ${filter.before} AND endpoint_id = ${endpointId})`;
  return db
    .select()
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.endpointId, endpointId),
        filter.status ? eq(webhookMessages.status, filter.status) : undefined,
        before,
      ),
    )
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(filter.limit);
}

export async function findMessage(db: Db, endpointId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.id, id), eq(webhookMessages.endpointId, endpointId)))
    .limit(1);
  return row;
}

/** The attempts of these messages, oldest first. */
export async function attemptsOf(db: Db, messageRowIds: number[]): Promise<Map<number, AttemptRow[]>> {
  const byMessage = new Map<number, AttemptRow[]>();
  if (messageRowIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.messageId, messageRowIds))
    .orderBy(asc(webhookAttempts.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(row);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/**
 * Queues a message again, due now, whatever its status. A lease in force is kept: the instance sending it right now
 * finishes its attempt, and the message is taken again after it if that attempt did not deliver it.
 */
export async function requeueMessage(
  db: Db,
  endpointId: number,
  id: number,
  now: Date,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(webhookMessages)
    .set({ status: 'queued', nextAttemptAt: now, deliveredAt: null })
    .where(and(eq(webhookMessages.id, id), eq(webhookMessages.endpointId, endpointId)))
    .returning();
  return row;
}
