// Issue 39: what opening a dispute writes, in one transaction, whoever opens it (a user raising it, or a short payment
// with a dispute reason): the dispute, the thread's first entry (raised, with the comment), the e-mail to the AR side,
// the audit event, and the event for the feed and the webhooks. After the commit the caller hands it to the ERP and
// nudges the outboxes (afterDisputeChange).
import { formatMinorUnits } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invoiceDisputes } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import { isUniqueViolation } from '../payments/payment-intents.repository';
import { kickWebhookOutbox } from '../webhooks/webhook-outbox-kick';
import type { DisputeRow } from './dispute-access';
import { recordDisputeEvent } from './dispute-events';
import { queueDisputeMail, supplierRecipients } from './dispute-recipients';
import { addDisputeEntry, type NewDisputeEntry } from './dispute-thread';
import { syncDisputeToErp } from './sync-dispute-to-erp';

export type NewDispute = Omit<typeof invoiceDisputes.$inferInsert, 'reference'>;

export async function writeOpenedDispute(
  tx: Db,
  ctx: Pick<AppContext, 'secrets' | 'now' | 'config'>,
  values: NewDispute,
  raised: {
    author: Pick<NewDisputeEntry, 'authorUserId' | 'authorName' | 'actingUserId'>;
    comment: string;
    /** The ERP's description of the reason, for the e-mail ('' when not at hand: the code is shown). */
    reasonDescription: string;
    audit: { userId: number | null; ip?: string; userAgent?: string; requestId?: string };
  },
): Promise<DisputeRow> {
  const [dispute] = await tx.insert(invoiceDisputes).values(values).returning();
  const row = dispute!;
  await addDisputeEntry(tx, {
    disputeId: row.id,
    kind: 'raised',
    side: 'customer',
    ...raised.author,
    body: raised.comment,
    status: 'open',
    createdAt: row.createdAt,
  });
  await queueDisputeMail(tx, ctx, {
    template: 'dispute_opened',
    dispute: row,
    recipients: await supplierRecipients(tx, row),
    exceptUserId: raised.author.authorUserId ?? null,
    author: raised.author.authorName,
    body: raised.comment,
    change: { kind: 'message' },
    reasonDescription: raised.reasonDescription,
  });
  await recordAuditEvent(tx, {
    event: 'dispute_raised',
    at: row.createdAt,
    userId: raised.audit.userId,
    targetUserId: row.raisedByUserId,
    subject: row.payerNumber,
    ip: raised.audit.ip ?? null,
    userAgent: raised.audit.userAgent ?? null,
    requestId: raised.audit.requestId ?? null,
    details: {
      dispute_id: row.id,
      company_code: row.companyCode,
      billing_document_number: row.billingDocumentNumber,
      reason_code: row.reasonCode,
      amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
      currency_key: row.currencyKey,
      source: row.source,
    },
  });
  await recordDisputeEvent(tx, row, 'dispute.opened', row.createdAt);
  return row;
}

/** The dispute open or in review on this invoice (by its document key), if any. */
export async function activeDisputeOf(db: Db, documentKey: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: invoiceDisputes.id })
    .from(invoiceDisputes)
    .where(and(eq(invoiceDisputes.documentKey, documentKey), inArray(invoiceDisputes.status, ['open', 'in_review'])))
    .limit(1);
  return row;
}

/** 409: the invoice has a dispute open already; its id goes with the answer (the user sees it: it is that invoice's). */
export function alreadyOpen(id: string): AppError {
  return new AppError('CONFLICT', { messageKey: 'validation.disputes.already_open', details: { dispute_id: id } });
}

/**
 * A second dispute written at the same moment as the first meets the partial unique index (the only unique value an
 * opening writes that another writer may hold; the drivers do not all name the index).
 */
export function isActiveDisputeTaken(error: unknown): boolean {
  return isUniqueViolation(error);
}

/** After a change's commit: the ERP gets its copy (never throws) and the e-mails and webhooks leave now. */
export function afterDisputeChange(ctx: AppContext, disputeIds: readonly string[]): void {
  if (disputeIds.length === 0) return;
  for (const id of disputeIds) void syncDisputeToErp(ctx, id);
  ctx.mail.kick();
  kickWebhookOutbox(ctx);
}
