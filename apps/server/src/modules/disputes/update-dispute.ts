// PATCH /api/disputes/:id (issue 39, ADR 0034). The AR team (CanManageDisputes) moves a dispute to in_review or
// resolved (with its outcome: credit issued, which may name the credit note, rejected or paid) and gives it to a user
// who works on disputes, or to nobody; the customer may only withdraw it while it is open or in review. A resolved or
// withdrawn dispute is final. Each change is an entry of the thread (with the comment), an event for the feed and the
// webhooks, an audit event and an e-mail to the other side, in one transaction; then the ERP gets its copy.
import {
  UpdateDisputeRequest,
  type Dispute,
  type DisputeEventType,
  type DisputeOutcome,
  type InvoiceDisputeStatus,
} from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invoiceDisputes } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import type { DisputeMailChange } from '../mail/dispute-mail-values';
import { loadVisibleDispute, type DisputeRow } from './dispute-access';
import { recordDisputeEvent } from './dispute-events';
import {
  customerRecipients,
  disputeManagers,
  queueDisputeMail,
  supplierRecipients,
  type DisputeRecipient,
} from './dispute-recipients';
import { reasonDescriptions, isActive } from './dispute-summary';
import { addDisputeEntry, authorOf } from './dispute-thread';
import { readDispute } from './get-dispute';
import { afterDisputeChange } from './open-dispute';

const refused = (key: string, fields: string[]) =>
  new AppError('VALIDATION_FAILED', { messageKey: `validation.disputes.${key}`, details: { fields } });

/** What a request changes, once checked against the dispute and the reader's side. */
type Change = {
  status?: { status: InvoiceDisputeStatus; outcome: DisputeOutcome | null; creditNoteNumber: string };
  assignee?: { userId: number | null; name: string | null };
  comment: string;
};

export async function updateDispute(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: unknown,
  client: ClientInfo,
): Promise<Dispute> {
  const request = UpdateDisputeRequest.parse(input);
  const { dispute, reader } = await loadVisibleDispute(ctx, actor, id);
  if (!isActive(dispute.status)) throw refused('final', ['status']);
  const change = reader.side === 'supplier' ? await supplierChange(ctx, dispute, request) : customerChange(request);
  // Who hears of it: the customer users of a status change the AR team made; the AR side of a withdrawal; the new
  // assignee of an assignment (read now: the customer side's reads the ERP, which no transaction may wait for).
  const recipients: DisputeRecipient[] =
    reader.side === 'customer'
      ? await supplierRecipients(ctx.db, dispute)
      : change.status
        ? await customerRecipients(ctx, dispute)
        : [];
  const assigneeRecipients =
    change.assignee?.userId != null
      ? (await disputeManagers(ctx.db)).filter((manager) => manager.userId === change.assignee!.userId)
      : [];
  const describe = await reasonDescriptions(ctx);
  const now = ctx.now();
  const author = authorOf(actor);

  const updated = await ctx.db.transaction(async (tx) => {
    // The row is locked and checked again: of two changes at once, the second sees the first.
    const [locked] = await tx.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id)).for('update');
    if (!locked || !isActive(locked.status)) throw refused('final', ['status']);
    const [row] = await tx
      .update(invoiceDisputes)
      .set({
        ...(change.status
          ? {
              status: change.status.status,
              outcome: change.status.outcome,
              creditNoteNumber: change.status.creditNoteNumber,
              resolvedAt: isActive(change.status.status) ? null : now,
            }
          : {}),
        ...(change.assignee ? { assigneeUserId: change.assignee.userId } : {}),
        updatedAt: now,
        // The ERP's copy is out of date until the sync after the commit (an ERP without the operation stays so).
        erpStatus: sql`CASE WHEN ${invoiceDisputes.erpStatus} = 'not_supported' THEN 'not_supported' ELSE 'pending' END`,
      })
      .where(and(eq(invoiceDisputes.id, id), inArray(invoiceDisputes.status, ['open', 'in_review'])))
      .returning();
    const next = row!;
    const side = reader.side;
    const mail = (recipientsOf: readonly DisputeRecipient[], mailChange: DisputeMailChange, body: string) =>
      queueDisputeMail(tx, ctx, {
        template: 'dispute_message',
        dispute: next,
        recipients: recipientsOf,
        exceptUserId: actor.userId,
        author: author.authorName,
        body,
        change: mailChange,
        reasonDescription: describe(next.companyCode, next.reasonCode),
      });
    if (change.status) {
      await addDisputeEntry(tx, {
        disputeId: id,
        kind: 'status',
        side,
        ...author,
        body: change.comment,
        status: change.status.status,
        outcome: change.status.outcome,
        createdAt: now,
      });
      await mail(recipients, { kind: 'status', ...pick(change.status) }, change.comment);
      await audit(
        tx,
        actor,
        client,
        next,
        now,
        change.status.status === 'withdrawn' ? 'dispute_withdrawn' : 'dispute_status_changed',
        {
          from: locked.status,
          to: change.status.status,
          outcome: change.status.outcome,
          ...(change.status.creditNoteNumber ? { credit_note_number: change.status.creditNoteNumber } : {}),
        },
      );
    }
    if (change.assignee) {
      // The comment goes with the status entry when there is one.
      const body = change.status ? '' : change.comment;
      await addDisputeEntry(tx, {
        disputeId: id,
        kind: 'assignment',
        side,
        ...author,
        body,
        assigneeName: change.assignee.name,
        createdAt: now,
      });
      await mail(assigneeRecipients, { kind: 'assignment', assignee: change.assignee.name }, body);
      await audit(tx, actor, client, next, now, 'dispute_assigned', {
        from: locked.assigneeUserId,
        to: change.assignee.userId,
      });
    }
    await recordDisputeEvent(tx, next, eventOf(next.status), now);
    return next;
  });
  afterDisputeChange(ctx, [id]);
  return readDispute(ctx, reader, updated);
}

function pick(status: NonNullable<Change['status']>): { status: InvoiceDisputeStatus; outcome: DisputeOutcome | null } {
  return { status: status.status, outcome: status.outcome };
}

function eventOf(status: InvoiceDisputeStatus): DisputeEventType {
  return isActive(status) ? 'dispute.updated' : 'dispute.resolved';
}

type Request = ReturnType<typeof UpdateDisputeRequest.parse>;

/** The AR team: in review, resolved with an outcome (credit issued may name the credit note), the assignee. */
async function supplierChange(ctx: AppContext, dispute: DisputeRow, request: Request): Promise<Change> {
  const change: Change = { comment: request.comment ?? '' };
  if (request.status !== undefined && request.status !== dispute.status) {
    if (request.status === 'in_review') {
      if (request.outcome !== undefined) throw refused('outcome', ['outcome']);
      change.status = { status: 'in_review', outcome: null, creditNoteNumber: '' };
    } else if (request.status === 'resolved') {
      const outcome = request.outcome;
      if (outcome !== 'credit_issued' && outcome !== 'rejected' && outcome !== 'paid') {
        throw refused('outcome', ['outcome']);
      }
      change.status = { status: 'resolved', outcome, creditNoteNumber: '' };
    } else {
      // open again, or withdrawn: not the AR team's to set.
      throw refused('status', ['status']);
    }
  } else if (request.outcome !== undefined) {
    throw refused('outcome', ['outcome']);
  }
  if (request.credit_note_number) {
    if (change.status?.outcome !== 'credit_issued') throw refused('credit_note', ['credit_note_number']);
    change.status.creditNoteNumber = request.credit_note_number;
  }
  if (request.assignee !== undefined && request.assignee !== dispute.assigneeUserId) {
    if (request.assignee === null) change.assignee = { userId: null, name: null };
    else {
      const manager = (await disputeManagers(ctx.db)).find((candidate) => candidate.userId === request.assignee);
      if (!manager) throw refused('assignee', ['assignee']);
      change.assignee = { userId: manager.userId, name: `${manager.firstName} ${manager.lastName}`.trim() };
    }
  }
  if (!change.status && !change.assignee) throw refused('nothing_to_change', ['status', 'assignee']);
  return change;
}

/** The customer: withdrawn, nothing else. */
function customerChange(request: Request): Change {
  if (request.assignee !== undefined || request.credit_note_number) {
    throw refused('manage_only', request.assignee !== undefined ? ['assignee'] : ['credit_note_number']);
  }
  if (request.status !== 'withdrawn') {
    throw refused(request.status === undefined ? 'nothing_to_change' : 'manage_only', ['status']);
  }
  if (request.outcome !== undefined && request.outcome !== 'withdrawn') throw refused('outcome', ['outcome']);
  return {
    status: { status: 'withdrawn', outcome: 'withdrawn', creditNoteNumber: '' },
    comment: request.comment ?? '',
  };
}

async function audit(
  tx: Db,
  actor: Actor,
  client: ClientInfo,
  dispute: DisputeRow,
  at: Date,
  event: 'dispute_status_changed' | 'dispute_withdrawn' | 'dispute_assigned',
  details: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, {
    event,
    at,
    userId: actor.impersonator?.userId ?? actor.userId,
    targetUserId: actor.impersonator ? actor.userId : null,
    subject: dispute.payerNumber,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { dispute_id: dispute.id, company_code: dispute.companyCode, ...details },
  });
}
