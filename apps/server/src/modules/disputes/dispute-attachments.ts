// Issue 39: a dispute's attachments (ADR 0034). Either side adds files while the dispute is open or in review, at most
// disputeAttachmentLimits.maxFiles in all; each file is checked (attachment-checks.ts) before any is stored, and the
// files of one upload are stored together or not at all, each with its entry in the thread and in the audit trail.
// Whoever sees the dispute reads them; anyone else gets the same 404 as for an id that does not exist.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { disputeAttachmentLimits, type AuditAction, type DisputeAttachment } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { disputeAttachments, disputeMessages, invoiceDisputes } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import type { AttachmentType, CheckedAttachment } from './attachment-checks';
import { loadVisibleDispute, type DisputeRow, type DisputeSide } from './dispute-access';

type AttachmentRow = typeof disputeAttachments.$inferSelect;

/** The dispute an upload goes to, as the uploader sees it, and how many more files it takes. */
export type AttachmentTarget = { dispute: DisputeRow; side: DisputeSide; room: number };

// The ADR's audit action for an added file; contracts/audit.ts lists it with the disputes' other actions.
const attachmentAdded: AuditAction = 'dispute_attachment_added';

/** Files are added while the dispute is worked: a resolution is final, a withdrawal too. */
export function canAttach(dispute: Pick<DisputeRow, 'status'>): boolean {
  return dispute.status === 'open' || dispute.status === 'in_review';
}

/**
 * Before a byte of the upload is read: 404 for a reader who may not see the dispute, refused when it is closed or
 * already holds every file it may.
 */
export async function openAttachmentUpload(
  ctx: AppContext,
  actor: Actor,
  disputeId: string,
): Promise<AttachmentTarget> {
  const { dispute, reader } = await loadVisibleDispute(ctx, actor, disputeId);
  if (!canAttach(dispute)) throw disputeClosed();
  const room = disputeAttachmentLimits.maxFiles - (await countAttachments(ctx.db, dispute.id));
  if (room <= 0) throw attachmentCountExceeded();
  return { dispute, side: reader.side, room };
}

/**
 * Stores the checked files of one upload in one transaction (the attachments, their thread entries, the audit rows)
 * and answers the files added, in the order they were sent.
 */
export async function addDisputeAttachments(
  ctx: AppContext,
  actor: Actor,
  target: AttachmentTarget,
  files: CheckedAttachment[],
  client: ClientInfo,
): Promise<DisputeAttachment[]> {
  const now = ctx.now();
  const name = `${actor.contact.firstName} ${actor.contact.lastName}`.trim() || actor.login;
  const rows = await ctx.db.transaction(async (tx) => {
    // The dispute's row locked: two uploads at once cannot pass the limit together, nor land on a dispute just closed.
    const [dispute] = await tx
      .select({ status: invoiceDisputes.status })
      .from(invoiceDisputes)
      .where(eq(invoiceDisputes.id, target.dispute.id))
      .for('update');
    if (!dispute || !canAttach(dispute)) throw disputeClosed();
    if ((await countAttachments(tx, target.dispute.id)) + files.length > disputeAttachmentLimits.maxFiles)
      throw attachmentCountExceeded();
    // Activity on the thread, as a message is; nothing the ERP or the feed keep changes (no event, no sync).
    await tx.update(invoiceDisputes).set({ updatedAt: now }).where(eq(invoiceDisputes.id, target.dispute.id));
    const stored: AttachmentRow[] = [];
    for (const file of files) {
      const [row] = await tx
        .insert(disputeAttachments)
        .values({
          id: randomUUID(),
          disputeId: target.dispute.id,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.length,
          sha256: file.sha256,
          content: file.bytes,
          side: target.side,
          uploadedByUserId: actor.userId,
          uploadedByName: name,
          createdAt: now,
        })
        .returning();
      stored.push(row!);
      await tx.insert(disputeMessages).values({
        disputeId: target.dispute.id,
        kind: 'attachment',
        side: target.side,
        authorUserId: actor.userId,
        authorName: name,
        actingUserId: actor.impersonator?.userId ?? null,
        body: file.fileName,
        attachmentId: row!.id,
        createdAt: now,
      });
      await recordAuditEvent(tx, {
        event: attachmentAdded,
        at: now,
        userId: actor.impersonator?.userId ?? actor.userId,
        targetUserId: actor.userId,
        subject: `D-${target.dispute.reference}`,
        ip: client.ip,
        userAgent: client.userAgent,
        requestId: client.requestId,
        details: {
          dispute_id: target.dispute.id,
          attachment_id: row!.id,
          content_type: file.contentType,
          size: file.bytes.length,
          sha256: file.sha256,
        },
      });
    }
    return stored;
  });
  return rows.map(toDisputeAttachment);
}

/** A dispute's attachments, oldest first, without their content (the dispute's detail lists them). */
export async function listDisputeAttachments(db: Db, disputeId: string): Promise<DisputeAttachment[]> {
  const rows = await db
    .select({
      id: disputeAttachments.id,
      fileName: disputeAttachments.fileName,
      contentType: disputeAttachments.contentType,
      sizeBytes: disputeAttachments.sizeBytes,
      side: disputeAttachments.side,
      uploadedByName: disputeAttachments.uploadedByName,
      createdAt: disputeAttachments.createdAt,
    })
    .from(disputeAttachments)
    .where(eq(disputeAttachments.disputeId, disputeId))
    .orderBy(asc(disputeAttachments.createdAt), asc(disputeAttachments.id));
  return rows.map(toDisputeAttachment);
}

/** One attachment of a dispute the reader sees: 404 for any other (another dispute's file included). */
export async function readDisputeAttachment(
  ctx: AppContext,
  actor: Actor,
  disputeId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: AttachmentType; content: Buffer }> {
  const { dispute } = await loadVisibleDispute(ctx, actor, disputeId);
  const [row] = await ctx.db
    .select({
      fileName: disputeAttachments.fileName,
      contentType: disputeAttachments.contentType,
      content: disputeAttachments.content,
    })
    .from(disputeAttachments)
    .where(and(eq(disputeAttachments.id, attachmentId), eq(disputeAttachments.disputeId, dispute.id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function toDisputeAttachment(
  row: Pick<AttachmentRow, 'id' | 'fileName' | 'contentType' | 'sizeBytes' | 'side' | 'uploadedByName' | 'createdAt'>,
): DisputeAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.sizeBytes,
    side: row.side,
    uploaded_by: row.uploadedByName,
    created_at: row.createdAt.toISOString(),
  };
}

async function countAttachments(db: Db, disputeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputeAttachments)
    .where(eq(disputeAttachments.disputeId, disputeId));
  return row?.n ?? 0;
}

export function attachmentCountExceeded(): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.disputes.attachment_count',
    details: { fields: ['file'], max_files: disputeAttachmentLimits.maxFiles },
  });
}

/** Resolved or withdrawn: final, as for a message (post-dispute-message.ts). */
function disputeClosed(): AppError {
  return new AppError('VALIDATION_FAILED', { messageKey: 'validation.disputes.final', details: { fields: ['file'] } });
}
