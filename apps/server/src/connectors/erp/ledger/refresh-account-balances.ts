// Rebuilds the maintained totals per payer, sold-to and currency from the documents in one grouped INSERT.
// Due and past due split at asOf, so the totals are true for that day (the invoices issue decides when to refresh).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoDay } from './ledger-format';
import { accountBalances, documents } from './ledger.schema';

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
    await tx.execute(sql`
      INSERT INTO ${accountBalances} (payer_number, soldto_number, currency_key, as_of, invoices_amount,
        credits_amount, due_amount, past_due_amount, balance_amount, open_invoice_count, open_credit_count)
      SELECT payer_number, soldto_number, currency_key, ${day}::date,
        coalesce(sum(open_amount) FILTER (WHERE open_amount > 0), 0),
        coalesce(sum(open_amount) FILTER (WHERE open_amount < 0), 0),
        coalesce(sum(open_amount) FILTER (WHERE open_amount > 0 AND due_date >= ${day}::date), 0),
        coalesce(sum(open_amount) FILTER (WHERE open_amount > 0 AND due_date < ${day}::date), 0),
        coalesce(sum(open_amount), 0),
        count(*) FILTER (WHERE open_amount > 0),
        count(*) FILTER (WHERE open_amount < 0)
      FROM ${documents}
      WHERE document_status = '01' AND NOT item_is_a_payment
      GROUP BY payer_number, soldto_number, currency_key`);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(accountBalances);
    return row?.count ?? 0;
  });
}
