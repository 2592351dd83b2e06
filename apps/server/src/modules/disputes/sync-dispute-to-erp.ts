// Issue 39: a dispute's copy in the ERP (ADR 0034, the contract's optional PUT /disputes/{dispute_id}), sent whole
// after each change's commit and again by the collections job while it is pending or failed. The outcome is kept on
// the dispute (erp_status): recorded with the ERP's case id; not_supported when the ERP keeps no dispute cases (it
// answered 501, or its connector has no such operation); failed on any other error. Never throws: the change it
// follows has committed and its caller has answered.
import { disputeCommentMaxLength } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import type { AppContext } from '../../app-context';
import type { DisputeCaseRequest } from '../../connectors/erp/erp-connector';
import { disputeMessages, invoiceDisputes } from '../../db/portal.schema';

/** Disputes per retry: the collections job runs it once a day, and a long-failing ERP must not hold the run up. */
const retryBatchSize = 100;

type SyncOutcome = 'recorded' | 'not_supported' | 'failed' | 'gone';
type DisputeRow = typeof invoiceDisputes.$inferSelect;

/** Records the dispute's current state with the ERP after a change's commit; never throws (the outcome is kept). */
export async function syncDisputeToErp(ctx: AppContext, disputeId: string): Promise<void> {
  await sync(ctx, disputeId);
}

/** Retries the disputes whose ERP copy is pending or failed (the collections job calls it); how many it recorded. */
export async function retryDisputeSync(ctx: AppContext): Promise<number> {
  let due: { id: string }[];
  try {
    due = await ctx.db
      .select({ id: invoiceDisputes.id })
      .from(invoiceDisputes)
      // Written out so that the partial index invoice_disputes_erp_idx (the same predicate) serves it.
      .where(sql`${invoiceDisputes.erpStatus} IN ('pending', 'failed')`)
      .orderBy(asc(invoiceDisputes.updatedAt), asc(invoiceDisputes.id))
      .limit(retryBatchSize);
  } catch (error) {
    logOf(ctx).error({ ...errorFields(error) }, 'disputes to record in the ERP not read');
    return 0;
  }
  let recorded = 0;
  for (const { id } of due) if ((await sync(ctx, id)) === 'recorded') recorded += 1;
  return recorded;
}

async function sync(ctx: AppContext, disputeId: string): Promise<SyncOutcome> {
  try {
    const read = await readDispute(ctx, disputeId);
    if (!read) return 'gone';
    const { dispute, comment, version } = read;
    const keep = (status: 'recorded' | 'not_supported', caseId?: string) =>
      keepOutcome(ctx, disputeId, version, status, caseId);
    if (!ctx.erp.recordDisputeCase) return await keep('not_supported');
    const result = await ctx.erp.recordDisputeCase(disputeCaseOf(dispute, comment));
    if (result.outcome === 'not_implemented') {
      logOf(ctx).debug({ disputeId }, 'the ERP keeps no dispute cases');
      return await keep('not_supported');
    }
    logOf(ctx).debug({ disputeId, caseId: result.case_id }, 'dispute recorded in the ERP');
    return await keep('recorded', result.case_id);
  } catch (error) {
    // Identifiers only: an error's message may carry the request (a database error quotes its parameters).
    logOf(ctx).warn({ disputeId, ...errorFields(error) }, 'dispute not recorded in the ERP');
    try {
      await ctx.db.update(invoiceDisputes).set({ erpStatus: 'failed' }).where(eq(invoiceDisputes.id, disputeId));
    } catch (failure) {
      logOf(ctx).error({ disputeId, ...errorFields(failure) }, 'dispute sync outcome not kept');
    }
    return 'failed';
  }
}

/**
 * The dispute, the comment to send (the newest entry of the thread with a text) and its version: when it was last
 * changed (as the database holds it, microseconds included) and its newest entry.
 */
async function readDispute(ctx: AppContext, disputeId: string) {
  const [dispute] = await ctx.db
    .select({ row: invoiceDisputes, updatedAt: sql<string>`${invoiceDisputes.updatedAt}::text` })
    .from(invoiceDisputes)
    .where(eq(invoiceDisputes.id, disputeId));
  if (!dispute) return undefined;
  const [[latest], [newest]] = await Promise.all([
    ctx.db
      .select({ body: disputeMessages.body })
      .from(disputeMessages)
      .where(and(eq(disputeMessages.disputeId, disputeId), ne(disputeMessages.body, '')))
      .orderBy(desc(disputeMessages.id))
      .limit(1),
    ctx.db
      .select({ id: max(disputeMessages.id) })
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, disputeId)),
  ]);
  return {
    dispute: dispute.row,
    comment: truncated(latest?.body ?? '', disputeCommentMaxLength),
    version: { updatedAt: dispute.updatedAt, newestEntry: Number(newest?.id ?? 0) },
  };
}

function disputeCaseOf(dispute: DisputeRow, comment: string): DisputeCaseRequest {
  return {
    dispute_id: dispute.id,
    company_code: dispute.companyCode,
    payer_number: dispute.payerNumber,
    soldto_number: dispute.soldtoNumber,
    billing_document_number: dispute.billingDocumentNumber,
    document_number_finance: dispute.documentNumberFinance,
    fiscal_year: dispute.fiscalYear,
    line_item: dispute.lineItem,
    reason_code: dispute.reasonCode,
    amount: formatMinorUnits(dispute.amountMinor, dispute.currencyDecimals),
    currency: dispute.currencyKey,
    status: dispute.status,
    outcome: dispute.outcome ?? '',
    credit_note_number: dispute.creditNoteNumber,
    comment,
  };
}

/**
 * Keeps what the ERP answered, unless the dispute changed while it was asked: two changes close together sync at the
 * same time and may reach the ERP in the other order, so the older answer leaves the dispute pending and the retry
 * sends the state it has now.
 */
async function keepOutcome(
  ctx: AppContext,
  disputeId: string,
  version: { updatedAt: string; newestEntry: number },
  status: 'recorded' | 'not_supported',
  caseId: string | undefined,
): Promise<SyncOutcome> {
  const unchanged = sql`${invoiceDisputes.updatedAt} = ${version.updatedAt}::timestamptz
    AND coalesce((SELECT max(${disputeMessages.id}) FROM ${disputeMessages}
      WHERE ${disputeMessages.disputeId} = ${disputeId}), 0) = ${version.newestEntry}`;
  await ctx.db
    .update(invoiceDisputes)
    .set({
      erpStatus: sql`CASE WHEN ${unchanged} THEN ${status} ELSE 'pending' END`,
      ...(caseId ? { erpCaseId: caseId } : {}),
    })
    .where(eq(invoiceDisputes.id, disputeId));
  return status;
}

/** At most `limit` UTF-16 units (the contract's max), never half of a surrogate pair. */
function truncated(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** What may be logged of an error: its kind and the ERP's status and code, never its message. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const { reason, status, body } = error as { reason?: unknown; status?: unknown; body?: { code?: unknown } };
  return {
    error: error.name,
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
  };
}

// AppContext has no logger and the two signatures above take none: the lines go out as the app's own (pino's JSON on
// stdout, at LOG_LEVEL), with identifiers only, so they need none of the request log's redaction.
const loggers = new WeakMap<AppContext, Logger>();
function logOf(ctx: AppContext): Logger {
  let log = loggers.get(ctx);
  if (!log) {
    log = pino({ level: ctx.config.LOG_LEVEL, base: { pid: process.pid } }, process.stdout).child({
      module: 'dispute-sync',
    });
    loggers.set(ctx, log);
  }
  return log;
}
