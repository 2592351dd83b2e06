// Payments received over the payments feed's table (portal.payment_feed): pages newest first by keyset on
// (posted_at desc, id desc), and sums in minor units per currency and per UTC day, added up by the database (bigint
// in, numeric out: exact whatever the number of rows). Read only: the feed is written in each posting's transaction.
import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFeed } from '../../db/portal.schema';

export type FeedRow = typeof paymentFeed.$inferSelect;

/** The filters once the period is settled (search-payments-received.ts). */
export type ReceivedFilters = {
  /** yyyy-mm-dd, UTC days, both inclusive. */
  from: string;
  to: string;
  companyCode?: string;
  kind?: FeedRow['kind'];
  method?: string;
  acknowledged: 'all' | 'yes' | 'no';
  payerNumber?: string;
};

/** The last row of a page: where the next one starts (posted_at to the microsecond, as the database holds it). */
export type ReceivedKey = { postedAt: string; id: string };

const dayMs = 86_400_000;

function whereOf(filters: ReceivedFilters, after?: ReceivedKey): SQL | undefined {
  const start = new Date(`${filters.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${filters.to}T00:00:00Z`) + dayMs);
  return and(
    gte(paymentFeed.postedAt, start),
    lt(paymentFeed.postedAt, end),
    filters.companyCode ? eq(paymentFeed.companyCode, filters.companyCode) : undefined,
    filters.kind ? eq(paymentFeed.kind, filters.kind) : undefined,
    filters.method ? eq(paymentFeed.method, filters.method) : undefined,
    filters.acknowledged === 'yes' ? isNotNull(paymentFeed.acknowledgedAt) : undefined,
    filters.acknowledged === 'no' ? isNull(paymentFeed.acknowledgedAt) : undefined,
    // Customer numbers are stored with their leading zeros (0000100001) or as imported; people type them without.
    filters.payerNumber ? sql`ltrim(${paymentFeed.payerNumber}, '0') = ltrim(${filters.payerNumber}, '0')` : undefined,
    after
      ? sql`(${paymentFeed.postedAt}, ${paymentFeed.id}) < (${after.postedAt}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
}

/** posted_at with its microseconds, in UTC: a Date would cut them, and the keyset would skip or repeat a row. */
const postedAtKey = sql<string>`to_char(${paymentFeed.postedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function receivedPage(
  db: Db,
  filters: ReceivedFilters,
  limit: number,
  after?: ReceivedKey,
): Promise<{ row: FeedRow; key: ReceivedKey }[]> {
  const rows = await db
    .select({ row: paymentFeed, postedAtKey })
    .from(paymentFeed)
    .where(whereOf(filters, after))
    .orderBy(desc(paymentFeed.postedAt), desc(paymentFeed.id))
    .limit(limit);
  return rows.map(({ row, postedAtKey: postedAt }) => ({ row, key: { postedAt, id: row.id } }));
}

/** Net (everything), gross (the payments alone, before anything went back) per currency, in minor units. */
export type MinorSum = {
  currencyKey: string;
  currencyDecimals: number;
  amountMinor: bigint;
  grossMinor: bigint;
  count: number;
};

/** Issue 37: a reversal's item (refund, return, chargeback, dispute won) points at its payment; a payment does not. */
const grossAmount = sql<string>`coalesce(sum(${paymentFeed.amountMinor}) FILTER (WHERE ${paymentFeed.reverses} IS NULL), 0)::text`;

// A currency has one number of decimals in the ledger; grouping by both keeps a sum from ever adding minor units of
// different sizes, should a row disagree.
export async function receivedTotals(db: Db, filters: ReceivedFilters): Promise<MinorSum[]> {
  const rows = await db
    .select({
      currencyKey: paymentFeed.currencyKey,
      currencyDecimals: paymentFeed.currencyDecimals,
      amountMinor: sql<string>`sum(${paymentFeed.amountMinor})::text`,
      grossMinor: grossAmount,
      count: sql<number>`count(*)::int`,
    })
    .from(paymentFeed)
    .where(whereOf(filters))
    .groupBy(paymentFeed.currencyKey, paymentFeed.currencyDecimals)
    .orderBy(paymentFeed.currencyKey, paymentFeed.currencyDecimals);
  return rows.map((row) => ({
    ...row,
    amountMinor: BigInt(row.amountMinor),
    grossMinor: BigInt(row.grossMinor),
    count: Number(row.count),
  }));
}

export async function receivedPerDay(db: Db, filters: ReceivedFilters): Promise<(MinorSum & { day: string })[]> {
  const day = sql<string>`to_char(${paymentFeed.postedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      currencyKey: paymentFeed.currencyKey,
      currencyDecimals: paymentFeed.currencyDecimals,
      amountMinor: sql<string>`sum(${paymentFeed.amountMinor})::text`,
      grossMinor: grossAmount,
      count: sql<number>`count(*)::int`,
    })
    .from(paymentFeed)
    .where(whereOf(filters))
    .groupBy(day, paymentFeed.currencyKey, paymentFeed.currencyDecimals)
    .orderBy(day, paymentFeed.currencyKey, paymentFeed.currencyDecimals);
  return rows.map((row) => ({
    ...row,
    amountMinor: BigInt(row.amountMinor),
    grossMinor: BigInt(row.grossMinor),
    count: Number(row.count),
  }));
}
