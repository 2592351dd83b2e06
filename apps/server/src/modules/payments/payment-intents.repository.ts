// Payment intents and their document reservations (portal.payment_intents, portal.payment_intent_documents): SQL in,
// plain objects out. See db/portal.schema.ts for the states.
import type { PaymentCause } from '@portal/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ClaimQuestion } from '../../http/idempotency-keys.repository';
import { executeWithRowSets, executeWithRows, preparedStatement, rowOf } from '../../db/prepared';
import { paymentIntentDocuments, paymentIntents } from '../../db/schema';

export type PaymentIntent = typeof paymentIntents.$inferSelect;
export type NewPaymentIntent = typeof paymentIntents.$inferInsert;
export type IntentState = PaymentIntent['state'];

/** What the intent keeps for posting (portal.payment_intents.posting), amounts as minor-unit strings. */
export type IntentPosting = {
  log_id: 'POST_INVOICE' | 'POST_DEPOSIT';
  soldto_number: string;
  reference_number: string;
  reason_code: string;
  comment: string;
  /** The signed-in user's e-mail (or the guest's): the receipt goes there. */
  notify_email: string;
  /** The receipt's greeting, and its language when the recipient has one of their own (a user's, not the page's). */
  notify_first_name?: string;
  notify_last_name?: string;
  notify_language?: string;
  /** Issue 29: a payment a job made: what caused it (a date the user chose, or AutoPay), and its schedule row. */
  cause?: PaymentCause;
  scheduled_payment_id?: string;
  autopay_id?: string | null;
  /** The ISO day it was scheduled for. */
  scheduled_date?: string;
  /** Issue 39: the payer's name, and each document's sold-to (a short payment's dispute is of that sold-to). */
  payer_name?: string;
  documents: {
    document_key: string;
    document_number_finance: string;
    billing_document_number: string;
    amount_minor: string;
    reason_code: string;
    comment: string;
    soldto_number?: string;
  }[];
};

/** PostgreSQL's unique_violation, as both drivers report it (directly or as the cause of drizzle's error). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') return constraint === undefined || current.constraint === constraint;
    current = current.cause as typeof current;
  }
  return false;
}

export type OpenIntentOutcome<T> =
  { opened: PaymentIntent; read: T } | { inProcess: true } | { existing: PaymentIntent };

/**
 * Writes the intent and reserves its documents in one transaction, run by `transaction` (which may read in it after
 * the write: what it answers is `read`). Reservation keys are inserted in sorted order so that two overlapping
 * selections cannot deadlock; a key already held by an unsettled intent refuses the whole intent (inProcess). The
 * same scope and key written by a concurrent request gives that intent back (existing).
 */
export async function openPaymentIntent<T>(
  db: Db,
  intent: NewPaymentIntent,
  documentKeys: string[],
  transaction: (write: (tx: Db) => Promise<void>) => Promise<T>,
): Promise<OpenIntentOutcome<T>> {
  let opened: PaymentIntent | undefined;
  try {
    const read = await transaction(async (tx) => {
      const reservations = [...new Set(documentKeys)].sort().map((documentKey) => ({
        intentId: intent.id,
        documentKey,
        payerNumber: intent.payerNumber,
      }));
      // One statement: the intent with its reservations (none for a deposit).
      const [row] = await executeWithRowSets<
        Record<string, unknown>,
        { intent: NewPaymentIntent[]; reserved: typeof reservations }
      >(tx, 'open_intent', { intent: [intent], reserved: reservations }, (sets) =>
        sets.reserved.length === 0
          ? tx.insert(paymentIntents).values(sets.intent).returning()
          : sql`WITH reserved AS (${tx.insert(paymentIntentDocuments).values(sets.reserved).getSQL()})
                ${tx.insert(paymentIntents).values(sets.intent).returning().getSQL()}`,
      );
      opened = rowOf(paymentIntents, row!);
    });
    if (!opened) throw new Error('the payment intent was not written');
    return { opened, read };
  } catch (error) {
    if (isUniqueViolation(error, 'payment_intent_documents_open_key')) return { inProcess: true };
    if (isUniqueViolation(error, 'payment_intents_scope_key_key')) {
      const existing = await findIntentByKey(db, intent.scope, intent.idempotencyKey);
      if (existing) return { existing };
    }
    throw error;
  }
}

/**
 * Removes an intent whose gateway call never started (its request was refused after the reservation), with its
 * reservations (ON DELETE CASCADE). Only while pending: an intent that may have been charged is never removed.
 */
export async function abandonPaymentIntent(db: Db, id: string): Promise<void> {
  await db.delete(paymentIntents).where(and(eq(paymentIntents.id, id), eq(paymentIntents.state, 'pending')));
}

export async function findIntentByKey(db: Db, scope: string, key: string): Promise<PaymentIntent | undefined> {
  // Every payment asks first (a retry finds its intent): prepared.
  const statement = preparedStatement(db, 'find_intent_by_key', (database) =>
    database
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.scope, sql.placeholder('scope')),
          eq(paymentIntents.idempotencyKey, sql.placeholder('key')),
        ),
      )
      .limit(1)
      .prepare('find_intent_by_key'),
  );
  const [row] = await statement.execute({ scope, key });
  return row;
}

/** Whether an intent with the claim's scope and key exists (asked by the key's claim). */
export const intentWithKeyExists: ClaimQuestion = {
  name: 'payment_intent',
  ask: (scope, key) => sql<boolean>`EXISTS (SELECT 1 FROM ${paymentIntents}
    WHERE ${paymentIntents.scope} = ${scope} AND ${paymentIntents.idempotencyKey} = ${key})`,
};

export async function findIntent(db: Db, id: string): Promise<PaymentIntent | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  return row;
}

/**
 * Settles an unsettled intent (posted, declined or voided) with the answer to give, and frees its documents.
 * Run inside the ledger posting's transaction so that both commit together. false: already settled by someone
 * else (the reconciler and a retry may race; the ledger posted once either way).
 */
export async function settleIntent(
  tx: Db,
  id: string,
  settlement: {
    state: 'posted' | 'declined' | 'voided';
    response: unknown;
    paymentDocumentNumber?: string;
    /** The gateway's authorisation of a posted payment (kept here since the approval is no longer written alone). */
    authorizationReference?: string;
    declineReason?: string;
    now: Date;
  },
): Promise<boolean> {
  const set = {
    state: settlement.state,
    response: settlement.response,
    paymentDocumentNumber: settlement.paymentDocumentNumber ?? '',
    ...(settlement.authorizationReference ? { authorizationReference: settlement.authorizationReference } : {}),
    declineReason: settlement.declineReason ?? '',
    settledAt: settlement.now,
    updatedAt: settlement.now,
  };
  // Every payment settles its intent, and frees its documents in the same statement: rendered once per shape (with
  // or without an authorisation).
  const rows = await executeWithRows<{ id: string }, typeof set>(
    tx,
    'settle_intent',
    [set],
    ([bound], bind) =>
      sql`WITH settled AS (${tx
        .update(paymentIntents)
        .set(bound!)
        .where(and(eq(paymentIntents.id, bind('id')), inArray(paymentIntents.state, ['pending', 'approved'])))
        .returning({ id: paymentIntents.id })
        .getSQL()}), freed AS (${tx
        .update(paymentIntentDocuments)
        .set({ open: false })
        .where(
          and(
            sql`${paymentIntentDocuments.intentId} IN (SELECT id FROM settled)`,
            eq(paymentIntentDocuments.open, true),
          ),
        )
        .getSQL()}) SELECT id FROM settled`,
    { id },
  );
  return rows.length > 0;
}

/**
 * Takes up to `limit` unsettled intents last touched before `staleBefore` for reconciliation: each is leased by
 * moving its updated_at to `now` (SKIP LOCKED: instances never take the same intent at once; the lease keeps a
 * second instance off it until it is stale again).
 */
export async function leaseStaleIntents(db: Db, staleBefore: Date, now: Date, limit: number): Promise<PaymentIntent[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(and(inArray(paymentIntents.state, ['pending', 'approved']), lte(paymentIntents.updatedAt, staleBefore)))
      .orderBy(asc(paymentIntents.updatedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    return tx
      .update(paymentIntents)
      .set({ updatedAt: now, reconcileAttempts: sql`${paymentIntents.reconcileAttempts} + 1` })
      .where(
        inArray(
          paymentIntents.id,
          candidates.map((candidate) => candidate.id),
        ),
      )
      .returning();
  });
}

/** Of these document keys, those held by an unsettled payment ("in process" in the list). */
export async function documentsInProcess(db: Db, documentKeys: string[]): Promise<string[]> {
  if (documentKeys.length === 0) return [];
  // Every list page asks (100 keys): one prepared statement with the keys as one array value.
  const statement = preparedStatement(db, 'documents_in_process', (database) =>
    database
      .select({ documentKey: paymentIntentDocuments.documentKey })
      .from(paymentIntentDocuments)
      .where(
        and(
          eq(paymentIntentDocuments.open, true),
          sql`${paymentIntentDocuments.documentKey} = ANY(${sql.placeholder('keys')}::text[])`,
        ),
      )
      .prepare('documents_in_process'),
  );
  const rows = await statement.execute({ keys: documentKeys });
  return rows.map((row) => row.documentKey);
}

/** The intent of an order number (a provider's event names the order it concerns). */
export async function findIntentByOrderNumber(db: Db, orderNumber: string): Promise<PaymentIntent | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.orderNumber, orderNumber)).limit(1);
  return row;
}
