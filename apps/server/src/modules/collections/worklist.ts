// Issue 38: the collector's worklist: the accounts with something past due, oldest bucket first, then the largest
// past due in the company code's currency, keyset-paged on the partial rank indexes (collection_accounts; the collections
// job keeps the rows). The export writes every account of the filter, one row per account and currency.
import {
  WorklistFilters,
  WorklistRequest,
  collectionBuckets,
  worklistPageSize,
  type CollectionBucket,
  type WorklistAccount,
  type WorklistResponse,
} from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { collectionAccounts, users } from '../../db/schema';
import { AppError } from '../../errors';
import { lastRefreshedAt } from './run-collections';

export type WorklistRow = {
  account: typeof collectionAccounts.$inferSelect;
  collectorFirstName: string | null;
  collectorLastName: string | null;
};

type Cursor = [bucket: number, amount: string, payer: string, companyCode: string];

export async function getWorklist(ctx: AppContext, input: unknown): Promise<WorklistResponse> {
  const request = WorklistRequest.parse(input);
  const after = request.after ? decodeCursor(request.after) : null;
  const rows = await worklistPage(ctx, request, after, worklistPageSize + 1);
  const page = rows.slice(0, worklistPageSize);
  const last = page[page.length - 1]?.account;
  return {
    accounts: page.map(toWorklistAccount),
    next:
      rows.length > worklistPageSize && last
        ? encodeCursor([last.rankBucket, last.rankAmount.toString(), last.payerNumber, last.companyCode])
        : null,
    refreshed_at: await lastRefreshedAt(ctx),
  };
}

/** Every account of the filter, in the worklist's order, in batches (the export). */
export async function* streamWorklist(ctx: AppContext, input: unknown): AsyncGenerator<WorklistRow[]> {
  const filters = WorklistFilters.parse(input);
  let after: Cursor | null = null;
  for (;;) {
    const rows: WorklistRow[] = await worklistPage(ctx, filters, after, 500);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!.account;
    after = [last.rankBucket, last.rankAmount.toString(), last.payerNumber, last.companyCode];
    if (rows.length < 500) return;
  }
}

const rankOrder = [
  desc(collectionAccounts.rankBucket),
  desc(collectionAccounts.rankAmount),
  desc(collectionAccounts.payerNumber),
  desc(collectionAccounts.companyCode),
];

/** Rows of the filter after the cursor, in the worklist's order: the rank index read backwards. */
function worklistPage(ctx: AppContext, filters: WorklistFilters, after: Cursor | null, limit: number) {
  return ctx.db
    .select({
      account: collectionAccounts,
      collectorFirstName: users.firstName,
      collectorLastName: users.lastName,
    })
    .from(collectionAccounts)
    .leftJoin(users, eq(users.userId, collectionAccounts.collectorUserId))
    .where(
      and(
        filtersOf(filters),
        after
          ? sql`(${collectionAccounts.rankBucket}, ${collectionAccounts.rankAmount}, ${collectionAccounts.payerNumber}, ${collectionAccounts.companyCode}) < (${after[0]}, ${after[1]}::bigint, ${after[2]}, ${after[3]})`
          : undefined,
      ),
    )
    .orderBy(...rankOrder)
    .limit(limit);
}

function filtersOf(filters: WorklistFilters): SQL | undefined {
  const parsed = WorklistFilters.parse(filters);
  const pattern = parsed.q ? `%${parsed.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  return and(
    sql`${collectionAccounts.rankBucket} > 0`,
    parsed.company_code ? eq(collectionAccounts.companyCode, parsed.company_code) : undefined,
    parsed.bucket ? eq(collectionAccounts.rankBucket, bucketRank(parsed.bucket)) : undefined,
    parsed.collector === 'none'
      ? isNull(collectionAccounts.collectorUserId)
      : parsed.collector
        ? eq(collectionAccounts.collectorUserId, parsed.collector)
        : undefined,
    parsed.promise_status ? eq(collectionAccounts.promiseStatus, parsed.promise_status) : undefined,
    pattern
      ? or(
          ilike(collectionAccounts.name, pattern),
          sql`ltrim(${collectionAccounts.payerNumber}, '0') ILIKE ltrim(${pattern}, '0')`,
        )
      : undefined,
  );
}

export function bucketRank(bucket: CollectionBucket): number {
  return collectionBuckets.indexOf(bucket) + 1;
}

export function toWorklistAccount(row: WorklistRow): WorklistAccount {
  const { account } = row;
  return {
    payer_number: account.payerNumber,
    company_code: account.companyCode,
    name: account.name,
    past_due: account.pastDue.map((entry) => ({
      currency_key: entry.currency_key,
      currency_decimals: entry.currency_decimals,
      amount: formatMinorUnits(BigInt(entry.amount_minor), entry.currency_decimals),
      oldest_days: entry.oldest_days,
      buckets: entry.buckets_minor.map((minor) => formatMinorUnits(BigInt(minor), entry.currency_decimals)),
    })),
    bucket: collectionBuckets[Math.max(0, account.rankBucket - 1)]!,
    last_contact_at: account.lastContactAt?.toISOString() ?? null,
    next_step:
      account.nextStepDate && account.nextStepDays !== null
        ? { date: account.nextStepDate, days_from_due: account.nextStepDays }
        : null,
    promise_status: account.promiseStatus,
    open_disputes: account.openDisputes,
    autopay: account.autopay,
    collector:
      account.collectorUserId === null
        ? null
        : {
            user_id: account.collectorUserId,
            name: `${row.collectorFirstName ?? ''} ${row.collectorLastName ?? ''}`.trim(),
          },
    paused_until: account.pausedUntil,
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 4 &&
      Number.isInteger(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      /^-?\d{1,19}$/.test(parsed[1]) &&
      typeof parsed[2] === 'string' &&
      typeof parsed[3] === 'string'
    ) {
      return parsed as Cursor;
    }
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.collections.cursor',
    details: { fields: ['after'] },
  });
}
