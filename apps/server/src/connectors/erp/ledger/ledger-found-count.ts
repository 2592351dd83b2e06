// The found count of a search (ADR 0006): exact up to the cap, else the cap with found_count_capped. Counting stops
// at cap + 1 rows, so "1,000+" never costs a count of a whole account. Shared by the invoice search and the
// payment history.
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client';

export type FoundCount = { found_count: number; found_count_capped: boolean };

/** @param matching the search's rows (any one column) limited to `limit` rows. */
export async function countFound(db: Db, matching: (limit: number) => SQLWrapper, cap: number): Promise<FoundCount> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS count FROM ${matching(cap + 1)} AS matching`,
  )) as unknown as { rows: { count: number | string }[] };
  return foundCount(Number(result.rows[0]?.count ?? 0), cap);
}

/** The found count of `count` matching rows, counted up to cap + 1. */
export function foundCount(count: number, cap: number): FoundCount {
  return { found_count: Math.min(count, cap), found_count_capped: count > cap };
}
