// Issue 38: the worklist's promise status of an account, from its promises: open while one is open, else the newest
// settled one's (kept or broken), else none. The job writes it for every account; a promise made or withdrawn, for
// its own.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectionAccounts, paymentPromises } from '../../db/schema';

export async function refreshPromiseStatus(db: Db, account?: { payerNumber: string; companyCode: string }) {
  await db.execute(sql`
    UPDATE ${collectionAccounts} AS a SET promise_status = coalesce((
      SELECT CASE WHEN bool_or(p.status = 'open') THEN 'open'
        ELSE (array_agg(p.status ORDER BY p.resolved_at DESC NULLS LAST))[1] END
      FROM ${paymentPromises} AS p
      WHERE p.payer_number = a.payer_number AND p.company_code = a.company_code AND p.status IN ('open', 'kept', 'broken')
    ), 'none')
    ${account ? sql`WHERE a.payer_number = ${account.payerNumber} AND a.company_code = ${account.companyCode}` : sql``}`);
}
