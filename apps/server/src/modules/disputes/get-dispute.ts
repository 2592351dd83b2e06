// GET /api/disputes/:id (issue 39): one dispute with its thread, its attachments (their metadata: the files are read
// one at a time, as downloads), the credit note it names, how the ERP took it, and what the reader may do now. A
// dispute the reader does not see answers 404, as one that does not exist.
import { disputeAttachmentLimits, type Dispute } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { disputeAttachments, invoiceDisputes, users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { loadVisibleDispute, type DisputeReader, type DisputeRow } from './dispute-access';
import { readDisputeThread, toDisputeEntry } from './dispute-thread';
import { isActive, reasonDescriptions, summaryColumns, toDisputeSummary } from './dispute-summary';

export async function getDispute(ctx: AppContext, actor: Actor, id: string): Promise<Dispute> {
  const { dispute, reader } = await loadVisibleDispute(ctx, actor, id);
  return readDispute(ctx, reader, dispute);
}

/** The dispute as the reader sees it (after loadVisibleDispute, or after a change the reader made). */
export async function readDispute(ctx: AppContext, reader: DisputeReader, dispute: DisputeRow): Promise<Dispute> {
  const [[row], thread, attachments, describe, creditNoteFound] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(invoiceDisputes)
      .leftJoin(users, eq(users.userId, invoiceDisputes.assigneeUserId))
      .where(eq(invoiceDisputes.id, dispute.id)),
    readDisputeThread(ctx.db, dispute.id),
    ctx.db
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
      .where(eq(disputeAttachments.disputeId, dispute.id))
      .orderBy(asc(disputeAttachments.createdAt), asc(disputeAttachments.id)),
    reasonDescriptions(ctx),
    creditNoteInLedger(ctx, dispute),
  ]);
  const current = row!.dispute;
  const active = isActive(current.status);
  const today = ctx.now().toISOString().slice(0, 10);
  return {
    ...toDisputeSummary(row!, describe, today),
    lines: current.lines.map((line) => ({ ...line })),
    open_amount: formatMinorUnits(current.openAmountMinor, current.currencyDecimals),
    credit_note:
      current.outcome === 'credit_issued' && current.creditNoteNumber !== ''
        ? { number: current.creditNoteNumber, found: creditNoteFound }
        : null,
    erp_status: current.erpStatus,
    thread: thread.map(toDisputeEntry),
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      file_name: attachment.fileName,
      content_type: attachment.contentType,
      size: attachment.sizeBytes,
      side: attachment.side,
      uploaded_by: attachment.uploadedByName,
      created_at: attachment.createdAt.toISOString(),
    })),
    can: {
      message: active,
      withdraw: active && reader.side === 'customer',
      manage: active && reader.side === 'supplier',
      attach: active && attachments.length < disputeAttachmentLimits.maxFiles,
    },
  };
}

/**
 * Whether the ledger has the credit note a resolution named: the ERP's invoice detail of that number for the payer
 * (one look-up, only for a dispute resolved with credit issued). An ERP that cannot answer now says not yet.
 */
async function creditNoteInLedger(ctx: AppContext, dispute: DisputeRow): Promise<boolean> {
  if (dispute.outcome !== 'credit_issued' || dispute.creditNoteNumber === '') return false;
  const answer = await ctx.erp
    .getInvoiceDetail({
      document_detail: {
        billing_document_number: dispute.creditNoteNumber,
        document_type: '01',
        customer_number: dispute.payerNumber,
      },
    })
    .catch(() => null);
  const header = answer?.detail?.header_data;
  return answer?.status.message_type === 'S' && header !== undefined && header.company_code === dispute.companyCode;
}
