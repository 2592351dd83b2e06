// Issue 39: a dispute's events for the supplier's systems (ADR 0034): dispute.opened, dispute.updated and
// dispute.resolved (a withdrawal is a resolution), each written in the change's transaction to the disputes feed
// (portal.dispute_events, read by cursor) and to the webhook outbox with the same id, so that an event exists if and
// only if its change committed.
import type { DisputeEventType, FeedDispute } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { disputeEvents } from '../../db/schema';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import type { DisputeRow } from './dispute-access';

export function disputeReference(row: Pick<DisputeRow, 'reference'>): string {
  return `D-${row.reference}`;
}

/** The dispute as the feed and the webhooks carry it. */
export function toFeedDispute(row: DisputeRow): FeedDispute {
  return {
    id: row.id,
    reference: disputeReference(row),
    company_code: row.companyCode,
    payer_number: row.payerNumber,
    soldto_number: row.soldtoNumber,
    billing_document_number: row.billingDocumentNumber,
    document_number_finance: row.documentNumberFinance,
    fiscal_year: row.fiscalYear,
    line_item: row.lineItem,
    reason_code: row.reasonCode,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    currency: row.currencyKey,
    status: row.status,
    outcome: row.outcome ?? null,
    credit_note_number: row.creditNoteNumber,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Writes the event of a change with the dispute as it is after it. Call it last in the change's transaction: the
 * writers of the feed take turns from here to their commit (an advisory lock), so that the cursors are given in commit
 * order and a reader that saw cursor n has seen every event below it.
 */
export async function recordDisputeEvent(tx: Db, dispute: DisputeRow, type: DisputeEventType, at: Date): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('portal.dispute_events'))`);
  const [written] = await tx
    .select({ events: count() })
    .from(disputeEvents)
    .where(eq(disputeEvents.disputeId, dispute.id));
  // The same id for the feed's item and every endpoint's message: a receiver drops one it already took.
  const messageId = `msg_dispute_${dispute.id}_${(written?.events ?? 0) + 1}`;
  const data = toFeedDispute(dispute);
  await tx.insert(disputeEvents).values({ messageId, disputeId: dispute.id, type, at, data });
  await enqueueWebhookEvent(tx, { type, messageId, timestamp: at, data });
}
