// GET /api/disputes (issue 39): disputes newest first, a page at a time by keyset on (created_at, id). The AR team
// (CanManageDisputes) sees every one; a customer user those of the invoices it sees (visibleDisputes), whatever the
// filters ask. Filters: status, reason, company code, assignee (or none), age since raised, late, one invoice.
import { disputePageSize, type DisputeFilters, type DisputeSummary } from '@portal/contracts';
import { addIsoDays } from '@portal/domain';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { invoiceDisputes, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { normalizeNumber } from '../customers/account-access';
import { disputeReader, visibleDisputes } from './dispute-access';
import { reasonDescriptions, summaryColumns, toDisputeSummary } from './dispute-summary';

type Filters = z.output<typeof DisputeFilters>;

export async function listDisputes(
  ctx: AppContext,
  actor: Actor,
  filters: Filters,
): Promise<{ disputes: DisputeSummary[]; next: string | null }> {
  const reader = await disputeReader(ctx, actor);
  const today = ctx.now().toISOString().slice(0, 10);
  const after = filters.after ? decodeCursor(filters.after) : null;
  const conditions: (SQL | undefined)[] = [
    visibleDisputes(reader),
    filters.status ? eq(invoiceDisputes.status, filters.status) : undefined,
    filters.reason_code ? eq(invoiceDisputes.reasonCode, filters.reason_code) : undefined,
    filters.company_code ? eq(invoiceDisputes.companyCode, filters.company_code) : undefined,
    assigneeCondition(filters.assignee),
    ageCondition(filters.age, today),
    filters.late === 'true'
      ? and(inArray(invoiceDisputes.status, ['open', 'in_review']), lt(invoiceDisputes.targetDate, today))
      : undefined,
    filters.billing_document_number
      ? sql`ltrim(${invoiceDisputes.billingDocumentNumber}, '0') = ${normalizeNumber(filters.billing_document_number)}`
      : undefined,
    after
      ? or(
          lt(invoiceDisputes.createdAt, after.createdAt),
          and(eq(invoiceDisputes.createdAt, after.createdAt), lt(invoiceDisputes.id, after.id)),
        )
      : undefined,
  ];
  const rows = await ctx.db
    .select(summaryColumns)
    .from(invoiceDisputes)
    .leftJoin(users, eq(users.userId, invoiceDisputes.assigneeUserId))
    .where(and(...conditions))
    .orderBy(desc(invoiceDisputes.createdAt), desc(invoiceDisputes.id))
    .limit(disputePageSize + 1);
  const page = rows.slice(0, disputePageSize);
  const describe = await reasonDescriptions(ctx);
  const last = page.at(-1);
  return {
    disputes: page.map((row) => toDisputeSummary(row, describe, today)),
    next: rows.length > disputePageSize && last ? encodeCursor(last.dispute) : null,
  };
}

function assigneeCondition(assignee: Filters['assignee']): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return isNull(invoiceDisputes.assigneeUserId);
  return eq(invoiceDisputes.assigneeUserId, assignee);
}

/** Whole days since raised, counted on the UTC calendar as age_days is: 0-7, 8-30, 31 and more. */
function ageCondition(age: Filters['age'], today: string): SQL | undefined {
  const dayStart = (days: number) => new Date(`${addIsoDays(today, -days)}T00:00:00Z`);
  switch (age) {
    case '0-7':
      return gte(invoiceDisputes.createdAt, dayStart(7));
    case '8-30':
      return and(gte(invoiceDisputes.createdAt, dayStart(30)), lt(invoiceDisputes.createdAt, dayStart(7)));
    case '31+':
      return lt(invoiceDisputes.createdAt, dayStart(30));
    default:
      return undefined;
  }
}

function encodeCursor(dispute: { createdAt: Date; id: string }): string {
  return Buffer.from(`${dispute.createdAt.toISOString()}|${dispute.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.disputes.cursor',
      details: { fields: ['after'] },
    });
  }
  return { createdAt, id };
}
