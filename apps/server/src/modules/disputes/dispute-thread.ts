// Issue 39: a dispute's thread (ADR 0034): messages as typed, and every change (raised, status, assignment,
// attachment) as an entry of its own, so that the thread is the dispute's whole history. Plain text, never HTML.
import type { DisputeEntry } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { disputeMessages } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

export type DisputeEntryRow = typeof disputeMessages.$inferSelect;
export type NewDisputeEntry = Omit<typeof disputeMessages.$inferInsert, 'id'>;

export async function addDisputeEntry(tx: Db, entry: NewDisputeEntry): Promise<DisputeEntryRow> {
  const [row] = await tx.insert(disputeMessages).values(entry).returning();
  return row!;
}

export async function readDisputeThread(db: Db, disputeId: string): Promise<DisputeEntryRow[]> {
  return db
    .select()
    .from(disputeMessages)
    .where(eq(disputeMessages.disputeId, disputeId))
    .orderBy(asc(disputeMessages.id));
}

/** Who wrote an entry: the signed-in user as named then (the person worked for, when someone works as a user). */
export function authorOf(actor: Actor): Pick<NewDisputeEntry, 'authorUserId' | 'authorName' | 'actingUserId'> {
  return {
    authorUserId: actor.userId,
    authorName: `${actor.contact.firstName} ${actor.contact.lastName}`.trim(),
    actingUserId: actor.impersonator?.userId ?? null,
  };
}

export function toDisputeEntry(row: DisputeEntryRow): DisputeEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    side: row.side,
    author: row.authorName,
    body: row.body,
    status: (row.status as DisputeEntry['status']) ?? null,
    outcome: (row.outcome as DisputeEntry['outcome']) ?? null,
    assignee: row.assigneeName ?? null,
    attachment_id: row.attachmentId ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
