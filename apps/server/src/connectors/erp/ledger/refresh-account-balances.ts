// The maintained totals per payer, sold-to and currency (ledger.account_balances): rebuilt from the documents in one
// grouped INSERT once a day, and moved by each posting's or import batch's changes in between. Due, past due and
// the aging buckets (issue 29) split at the rows' as_of day, so the totals are true for that day (the invoices issue
// decides when to refresh). One definition of each column here serves the rebuild and the moves.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoDay } from './ledger-format';
import { accountBalances, documents } from './ledger.schema';

/** The columns every write fills, in the order of balanceSums. */
const balanceColumns = sql.raw(`payer_number, soldto_number, currency_key, as_of, invoices_amount, credits_amount,
  due_amount, past_due_amount, balance_amount, open_invoice_count, open_credit_count, due_count,
  aging_1_30_amount, aging_1_30_count, aging_31_60_amount, aging_31_60_count, aging_61_90_amount, aging_61_90_count,
  aging_over_90_amount, aging_over_90_count`);

/** Days past due at as_of of each bucket (packages/domain aging.ts: 0 or less is current). */
const pastDueBuckets = [
  { from: 1, to: 30 },
  { from: 31, to: 60 },
  { from: 61, to: 90 },
  { from: 91, to: null },
] as const;

/**
 * The sums of the columns after as_of, over rows that each bring an invoice amount, a credit amount and counts
 * (a document in the rebuild, a change in a move) and the due date that places them.
 */
function balanceSums(row: {
  asOf: SQL;
  dueDate: SQL;
  invoices: SQL;
  credits: SQL;
  invoiceCount: SQL;
  creditCount: SQL;
}) {
  const days = sql`(${row.asOf} - ${row.dueDate})`;
  const when = (condition: SQL, value: SQL) => sql`coalesce(sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`;
  const buckets = pastDueBuckets.flatMap(({ from, to }) => {
    const inBucket =
      to === null ? sql`${days} >= ${sql.raw(String(from))}` : sql`${days} BETWEEN ${sql.raw(`${from} AND ${to}`)}`;
    return [when(inBucket, row.invoices), when(inBucket, row.invoiceCount)];
  });
  return sql.join(
    [
      sql`coalesce(sum(${row.invoices}), 0)`,
      sql`coalesce(sum(${row.credits}), 0)`,
      when(sql`${days} <= 0`, row.invoices),
      when(sql`${days} > 0`, row.invoices),
      sql`coalesce(sum(${row.invoices} + ${row.credits}), 0)`,
      sql`coalesce(sum(${row.invoiceCount}), 0)`,
      sql`coalesce(sum(${row.creditCount}), 0)`,
      when(sql`${days} <= 0`, row.invoiceCount),
      ...buckets,
    ],
    sql`, `,
  );
}

export async function refreshAccountBalances(
  db: Db,
  asOf: Date,
  options: { onlyIfStale?: boolean } = {},
): Promise<number> {
  const day = isoDay(asOf);
  return db.transaction(async (tx) => {
    // One rebuild at a time across instances: a second one waits, then (onlyIfStale) finds the work done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger.account_balances'))`);
    if (options.onlyIfStale) {
      const [current] = await tx.select({ asOf: accountBalances.asOf }).from(accountBalances).limit(1);
      if (current?.asOf === day) {
        const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(accountBalances);
        return row?.count ?? 0;
      }
    }
    await tx.delete(accountBalances);
    // spec §4: a credit is an open item with a negative open amount; payments never count as open items.
    const sums = balanceSums({
      asOf: sql`${day}::date`,
      dueDate: sql`due_date`,
      invoices: sql`greatest(open_amount, 0)`,
      credits: sql`least(open_amount, 0)`,
      invoiceCount: sql`(open_amount > 0)::int`,
      creditCount: sql`(open_amount < 0)::int`,
    });
    await tx.execute(sql`
      INSERT INTO ${accountBalances} (${balanceColumns})
      SELECT payer_number, soldto_number, currency_key, ${day}::date, ${sums}
      FROM ${documents}
      WHERE document_status = '01' AND NOT item_is_a_payment
      GROUP BY payer_number, soldto_number, currency_key`);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(accountBalances);
    return row?.count ?? 0;
  });
}

/**
 * Moves the totals by changes read from `changes`, a row source named v with columns payer_number, soldto_number,
 * currency_key, due_date, invoices, credits, invoice_count, credit_count. An account without a row had no open
 * items at the last rebuild: its row starts from this change. While the table is empty (never built) nothing is
 * written: the first totals read builds it from the documents. Rows in key order, so that concurrent moves lock
 * them in one order.
 */
export function moveBalances(changes: SQL): SQL {
  const sums = balanceSums({
    asOf: sql`a.as_of`,
    dueDate: sql`v.due_date`,
    invoices: sql`v.invoices`,
    credits: sql`v.credits`,
    invoiceCount: sql`v.invoice_count`,
    creditCount: sql`v.credit_count`,
  });
  const added = [
    'invoices_amount',
    'credits_amount',
    'due_amount',
    'past_due_amount',
    'balance_amount',
    'open_invoice_count',
    'open_credit_count',
    'due_count',
    'aging_1_30_amount',
    'aging_1_30_count',
    'aging_31_60_amount',
    'aging_31_60_count',
    'aging_61_90_amount',
    'aging_61_90_count',
    'aging_over_90_amount',
    'aging_over_90_count',
  ].map((column) => sql.raw(`${column} = b.${column} + excluded.${column}`));
  return sql`
    INSERT INTO ${accountBalances} AS b (${balanceColumns})
    SELECT v.payer_number, v.soldto_number, v.currency_key, a.as_of, ${sums}
    FROM ${changes}, (SELECT max(as_of) AS as_of FROM ${accountBalances}) AS a
    WHERE a.as_of IS NOT NULL
    GROUP BY v.payer_number, v.soldto_number, v.currency_key, a.as_of
    ORDER BY v.payer_number, v.soldto_number, v.currency_key
    ON CONFLICT (payer_number, soldto_number, currency_key) DO UPDATE SET ${sql.join(added, sql`, `)}`;
}
