// The outbox and the template store: SQL in, plain objects out.
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { EmailTemplateKey, OutboxStatus } from '@portal/contracts';
import type { Db } from '../../db/client';
import { executeWithRows } from '../../db/prepared';
import { emailTemplates, emailTypes, mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export type NewMail = {
  template: EmailTemplateKey;
  recipient: string;
  language: string;
  /** Placeholder values and facts to build them from (dates as ISO strings); never a secret. */
  payload: Record<string, unknown>;
  /** Already sealed (ConfigSecrets): links holding a one-time token. */
  secrets?: string | null;
  dedupeKey: string;
  createdAt: Date;
};

/** Queues a message in the caller's transaction; a second message with the same dedupe key is not queued. */
export async function insertMail(db: Db, mail: NewMail): Promise<boolean> {
  // Every payment queues its receipt: rendered once per shape (db/prepared.ts).
  const rows = await executeWithRows(
    db,
    'queue_mail',
    [{ ...mail, secrets: mail.secrets ?? null, nextAttemptAt: mail.createdAt }],
    (bound) =>
      db
        .insert(mailOutbox)
        .values(bound)
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning({ id: mailOutbox.id }),
  );
  return rows.length > 0;
}

/**
 * Leases up to `limit` queued messages that are due: FOR UPDATE SKIP LOCKED, so two workers never take one message,
 * and a lease (locked_until) so that a message being sent is not taken again until the lease runs out (a crashed
 * worker's message is retried then). Each lease counts as an attempt.
 */
export async function leaseDueMail(db: Db, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'queued'),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markMailSent(
  db: Db,
  id: number,
  result: { at: Date; sentTo: string; subject: string; reply: string },
): Promise<void> {
  // The links (one-time tokens) are dropped with the send: nothing secret rests once the message is gone.
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: result.at,
      sentTo: result.sentTo,
      subject: result.subject,
      lastError: result.reply,
      lockedUntil: null,
      secrets: null,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markMailRetry(
  db: Db,
  id: number,
  result: { nextAttemptAt: Date; subject: string; reply: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: result.nextAttemptAt, subject: result.subject, lastError: result.reply, lockedUntil: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: number, result: { subject: string; reply: string }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', subject: result.subject, lastError: result.reply, lockedUntil: null, secrets: null })
    .where(eq(mailOutbox.id, id));
}

export async function listOutboxRows(
  db: Db,
  filter: { status?: OutboxStatus; before?: number; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        filter.status ? eq(mailOutbox.status, filter.status) : undefined,
        filter.before ? lt(mailOutbox.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(filter.limit);
}

export async function findOutboxRow(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

export type StoredTemplate = { language: string; title: string; template: string };

export async function readEmailType(
  db: Db,
  key: EmailTemplateKey,
): Promise<{ isEnabled: boolean; templates: StoredTemplate[] } | undefined> {
  const [type] = await db.select().from(emailTypes).where(eq(emailTypes.key, key)).limit(1);
  if (!type) return undefined;
  const templates = await db
    .select({ language: emailTemplates.language, title: emailTemplates.title, template: emailTemplates.template })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key))
    .orderBy(asc(emailTemplates.language));
  return { isEnabled: type.isEnabled, templates };
}

export async function writeEmailType(
  db: Db,
  key: EmailTemplateKey,
  input: { isEnabled: boolean; templates: StoredTemplate[] },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(emailTypes)
      .values({ key, isEnabled: input.isEnabled, updatedAt: now })
      .onConflictDoUpdate({ target: emailTypes.key, set: { isEnabled: input.isEnabled, updatedAt: now } });
    for (const text of input.templates) {
      await tx
        .insert(emailTemplates)
        .values({ key, ...text, updatedAt: now })
        .onConflictDoUpdate({
          target: [emailTemplates.key, emailTemplates.language],
          set: { title: text.title, template: text.template, updatedAt: now },
        });
    }
  });
}
