// Issue 38: one account of the worklist and what a collector does with it: its timeline (reminders, promises, the
// portal's payments, notes, calls, pauses, assignments, newest first), a note or a call logged by hand, the account
// given to a collector, the reminders paused until a day, the next reminder sent now. An account the ERP does not
// know answers 404; every change is audited and kept on the timeline.
import { randomUUID } from 'node:crypto';
import {
  maxPauseDays,
  type CollectionAccountDetail,
  type ReminderTemplate,
  type TimelineEntry,
  type WorklistAccount,
} from '@portal/contracts';
import { addIsoDays, formatMinorUnits, reachedStep } from '@portal/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { collectionAccounts, collectionNotes, paymentFeed, paymentPromises, reminders, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { normalizeNumber } from '../customers/account-access';
import { readReminderSchedule } from './reminder-schedule';
import { toWire as promiseToWire } from './promises';
import { activeDisputeHolds } from '../disputes/dispute-holds';
import { openItemKey } from './open-item-key';
import { owedDocument, whollyDisputed } from './run-collections';
import { sendReminder } from './send-reminder';
import { toWorklistAccount } from './worklist';

const timelineLimit = 200;

type AccountKey = { payerNumber: string; companyCode: string };

/** The account as the ERP numbers it (leading zeros), or 404 (a customer the ERP does not know in the company code). */
async function resolveAccount(
  ctx: AppContext,
  payer: string,
  companyCode: string,
): Promise<AccountKey & { name: string }> {
  const answer = await ctx.erp.getPayer({ customer_number: payer, company_code: companyCode });
  const detail = answer.detail;
  if (!detail || detail.company_code !== companyCode) throw new AppError('NOT_FOUND');
  return { payerNumber: detail.customer_number, companyCode, name: detail.address_data.name };
}

export async function getCollectionAccount(
  ctx: AppContext,
  payer: string,
  companyCode: string,
): Promise<CollectionAccountDetail> {
  const key = await resolveAccount(ctx, payer, companyCode);
  const account = await readAccount(ctx, key);
  const [reminderRows, promiseRows, noteRows, payments] = await Promise.all([
    ctx.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.payerNumber, key.payerNumber), eq(reminders.companyCode, companyCode)))
      .orderBy(desc(reminders.createdAt))
      .limit(timelineLimit),
    ctx.db
      .select({ promise: paymentPromises, firstName: users.firstName, lastName: users.lastName })
      .from(paymentPromises)
      .innerJoin(users, eq(users.userId, paymentPromises.userId))
      .where(and(eq(paymentPromises.payerNumber, key.payerNumber), eq(paymentPromises.companyCode, companyCode)))
      .orderBy(desc(paymentPromises.createdAt))
      .limit(timelineLimit),
    ctx.db
      .select()
      .from(collectionNotes)
      .where(and(eq(collectionNotes.payerNumber, key.payerNumber), eq(collectionNotes.companyCode, companyCode)))
      .orderBy(desc(collectionNotes.createdAt))
      .limit(timelineLimit),
    ctx.db
      .select()
      .from(paymentFeed)
      .where(and(eq(paymentFeed.payerNumber, key.payerNumber), eq(paymentFeed.companyCode, companyCode)))
      .orderBy(desc(paymentFeed.postedAt))
      .limit(timelineLimit),
  ]);
  const actorNames = await namesOf(
    ctx,
    reminderRows.map((row) => row.actorUserId).filter((id): id is number => id !== null),
  );
  const timeline: TimelineEntry[] = [
    ...reminderRows.map((row) => ({
      kind: 'reminder' as const,
      at: row.createdAt.toISOString(),
      by: row.actorUserId === null ? '' : (actorNames.get(row.actorUserId) ?? ''),
      text: '',
      reminder: {
        days_from_due: row.daysFromDue,
        manual: row.manual,
        documents: row.documents.map((document) =>
          normalizeNumber(document.billing_document_number || document.document_number_finance),
        ),
        recipients: row.recipients.length,
      },
    })),
    ...promiseRows.map(({ promise, firstName, lastName }) => ({
      kind: 'promise' as const,
      at: promise.createdAt.toISOString(),
      by: `${firstName} ${lastName}`.trim(),
      text: '',
      promise: promiseToWire(promise, `${firstName} ${lastName}`.trim()),
    })),
    ...noteRows.map((row) => noteEntry(row)),
    ...payments.map((row) => ({
      kind: 'payment' as const,
      at: row.postedAt.toISOString(),
      by: row.login,
      text: row.kind,
      payment: {
        amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
        currency_key: row.currencyKey,
        reference: row.orderNumber,
      },
    })),
  ];
  timeline.sort((a, b) => b.at.localeCompare(a.at));
  return { account, timeline: timeline.slice(0, timelineLimit) };
}

export async function addCollectionNote(
  ctx: AppContext,
  actor: Actor,
  payer: string,
  body: { company_code: string; kind: 'note' | 'call'; text: string },
  client: ClientInfo,
): Promise<TimelineEntry> {
  const key = await resolveAccount(ctx, payer, body.company_code);
  const text = body.text.trim();
  const row = await writeNote(ctx, actor, key, { kind: body.kind, text }, client, {
    event: 'collection_note_added',
    details: { kind: body.kind, length: text.length },
    contact: body.kind === 'call',
  });
  return noteEntry(row);
}

export async function assignCollector(
  ctx: AppContext,
  actor: Actor,
  payer: string,
  body: { company_code: string; user_id: number | null },
  client: ClientInfo,
): Promise<WorklistAccount> {
  const key = await resolveAccount(ctx, payer, body.company_code);
  let name = '';
  if (body.user_id !== null) {
    const [collector] = (await listCollectors(ctx)).collectors.filter((entry) => entry.user_id === body.user_id);
    if (!collector) {
      throw new AppError('VALIDATION_FAILED', {
        messageKey: 'validation.collections.collector',
        details: { fields: ['user_id'] },
      });
    }
    name = collector.name;
  }
  await writeNote(ctx, actor, key, { kind: 'assignment', text: name, collectorUserId: body.user_id }, client, {
    event: 'collection_collector_assigned',
    details: { collector_user_id: body.user_id },
    set: { collectorUserId: body.user_id },
  });
  return readAccount(ctx, key);
}

export async function pauseReminders(
  ctx: AppContext,
  actor: Actor,
  payer: string,
  body: { company_code: string; until: string | null },
  client: ClientInfo,
): Promise<WorklistAccount> {
  const key = await resolveAccount(ctx, payer, body.company_code);
  const today = ctx.now().toISOString().slice(0, 10);
  if (body.until !== null && (body.until < today || body.until > addIsoDays(today, maxPauseDays))) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.collections.pause_until',
      details: { fields: ['until'] },
    });
  }
  await writeNote(ctx, actor, key, { kind: 'pause', text: '', pausedUntil: body.until }, client, {
    event: 'collection_reminders_paused',
    details: { until: body.until },
    set: { pausedUntil: body.until, ...(body.until ? { nextStepDate: null, nextStepDays: null } : {}) },
  });
  return readAccount(ctx, key);
}

/**
 * "Send reminder now": the account's open invoices at their reached step (past due ones, else the ones due soonest)
 * with the template of the furthest step among them, whatever the schedule's switch, the pause and the promises (a
 * collector decided). Each invoice's step is claimed, so the schedule does not send it again.
 */
export async function sendReminderNow(
  ctx: AppContext,
  actor: Actor,
  payer: string,
  body: { company_code: string },
  client: ClientInfo,
): Promise<TimelineEntry> {
  const key = await resolveAccount(ctx, payer, body.company_code);
  const today = ctx.now().toISOString().slice(0, 10);
  const schedule = await readReminderSchedule(ctx, body.company_code);
  const items = [];
  for await (const batch of ctx.erp.streamOpenItems({ due_to: '9999-12-31', company_code: body.company_code })) {
    items.push(...batch.filter((item) => item.payer_number === key.payerNumber));
    if (batch.length > 0 && batch[batch.length - 1]!.payer_number > key.payerNumber) break;
  }
  // Issue 39: an invoice wholly disputed is left out, one disputed in part is listed with the rest (ADR 0034).
  const holds = await activeDisputeHolds(ctx.db, { companyCode: key.companyCode, payerNumber: key.payerNumber });
  const owed = items.filter((item) => !whollyDisputed(item, holds.get(openItemKey(item))));
  const pastDue = owed.filter((item) => item.due_date < today);
  const chosen = pastDue.length > 0 ? pastDue : owed;
  if (chosen.length === 0) throw nothingToRemind();
  // Each invoice's step reached, or the schedule's first for one not at a step yet; the furthest gives the template.
  const first = schedule.steps[0] ?? { days_from_due: 0, template: 'reminder_due', attach_statement: false };
  const steps = chosen.map((item) => reachedStep(schedule, item.due_date, today) ?? first);
  const furthest = steps.reduce((a, b) => (b.days_from_due > a.days_from_due ? b : a));
  const sent = await sendReminder(ctx, {
    payerNumber: key.payerNumber,
    companyCode: key.companyCode,
    accountName: items[0]?.payer_name ?? key.name,
    daysFromDue: furthest.days_from_due,
    template: furthest.template as ReminderTemplate,
    attachStatement: furthest.attach_statement,
    manual: true,
    actorUserId: actor.impersonator?.userId ?? actor.userId,
    documents: chosen.map((item) => owedDocument(item, holds.get(openItemKey(item)))),
    client,
  });
  if (!sent) throw nothingToRemind();
  return {
    kind: 'reminder',
    at: ctx.now().toISOString(),
    by: `${actor.contact.firstName} ${actor.contact.lastName}`.trim(),
    text: '',
    reminder: {
      days_from_due: furthest.days_from_due,
      manual: true,
      documents: sent.documents.map((document) =>
        normalizeNumber(document.billing_document_number || document.document_number_finance),
      ),
      recipients: sent.recipients,
    },
  };
}

function nothingToRemind(): AppError {
  return new AppError('CONFLICT', { messageKey: 'validation.collections.nothing_to_remind' });
}

/** The users an account may be given to: active, not deleted, holding CanManageCollections. */
export async function listCollectors(ctx: AppContext): Promise<{ collectors: { user_id: number; name: string }[] }> {
  const rows = await ctx.db
    .select({ userId: users.userId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        sql`'CanManageCollections' = ANY (${users.permissions})`,
      ),
    )
    .orderBy(users.lastName, users.firstName)
    .limit(500);
  return { collectors: rows.map((row) => ({ user_id: row.userId, name: `${row.firstName} ${row.lastName}`.trim() })) };
}

async function readAccount(ctx: AppContext, key: AccountKey & { name?: string }): Promise<WorklistAccount> {
  const [row] = await ctx.db
    .select({ account: collectionAccounts, collectorFirstName: users.firstName, collectorLastName: users.lastName })
    .from(collectionAccounts)
    .leftJoin(users, eq(users.userId, collectionAccounts.collectorUserId))
    .where(
      and(eq(collectionAccounts.payerNumber, key.payerNumber), eq(collectionAccounts.companyCode, key.companyCode)),
    );
  if (row) return toWorklistAccount(row);
  // An account the job has not read yet (nothing open): its facts are empty.
  return toWorklistAccount({
    account: {
      payerNumber: key.payerNumber,
      companyCode: key.companyCode,
      name: key.name ?? '',
      pastDue: [],
      rankBucket: 0,
      rankAmount: 0n,
      refreshedAt: null,
      nextStepDate: null,
      nextStepDays: null,
      autopay: false,
      openDisputes: 0,
      promiseStatus: 'none',
      collectorUserId: null,
      pausedUntil: null,
      lastContactAt: null,
    },
    collectorFirstName: null,
    collectorLastName: null,
  });
}

/** Writes a timeline entry of the collector's, the account row's change with it, and the audit event, at once. */
async function writeNote(
  ctx: AppContext,
  actor: Actor,
  key: AccountKey & { name: string },
  note: {
    kind: 'note' | 'call' | 'pause' | 'assignment';
    text: string;
    pausedUntil?: string | null;
    collectorUserId?: number | null;
  },
  client: ClientInfo,
  effect: {
    event: 'collection_note_added' | 'collection_reminders_paused' | 'collection_collector_assigned';
    details: Record<string, unknown>;
    contact?: boolean;
    set?: Partial<typeof collectionAccounts.$inferInsert>;
  },
): Promise<typeof collectionNotes.$inferSelect> {
  const now = ctx.now();
  const author = actor.impersonator?.userId ?? actor.userId;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectionNotes)
      .values({
        id: randomUUID(),
        payerNumber: key.payerNumber,
        companyCode: key.companyCode,
        kind: note.kind,
        text: note.text,
        pausedUntil: note.pausedUntil ?? null,
        collectorUserId: note.collectorUserId ?? null,
        authorUserId: author,
        authorName: `${actor.contact.firstName} ${actor.contact.lastName}`.trim(),
        createdAt: now,
      })
      .returning();
    const set = { ...(effect.set ?? {}), ...(effect.contact ? { lastContactAt: now } : {}) };
    await tx
      .insert(collectionAccounts)
      .values({ payerNumber: key.payerNumber, companyCode: key.companyCode, name: key.name, ...set })
      .onConflictDoUpdate({
        target: [collectionAccounts.payerNumber, collectionAccounts.companyCode],
        set: Object.keys(set).length > 0 ? set : { payerNumber: sql`excluded.payer_number` },
      });
    await recordAuditEvent(tx, {
      event: effect.event,
      at: now,
      userId: author,
      subject: key.payerNumber,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { company_code: key.companyCode, ...effect.details },
    });
    return row!;
  });
}

function noteEntry(row: typeof collectionNotes.$inferSelect): TimelineEntry {
  return {
    kind: row.kind,
    at: row.createdAt.toISOString(),
    by: row.authorName,
    text: row.kind === 'note' || row.kind === 'call' ? row.text : '',
    ...(row.kind === 'pause' ? { paused_until: row.pausedUntil } : {}),
    ...(row.kind === 'assignment' ? { collector: row.text || null } : {}),
  };
}

async function namesOf(ctx: AppContext, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ userId: users.userId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.userId, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.userId, `${row.firstName} ${row.lastName}`.trim()]));
}
