// Issue 39, the ledger's side of disputes (ADR 0034): the ERP's copy of a portal dispute as a dispute case
// (ledger.dispute_cases), keyed by the portal's dispute id so that the same dispute again updates its case and keeps
// its number. Case numbers are DC and ten digits, given in order under an advisory lock: the table has no sequence of
// its own, and two first records at the same moment must not take the same number.
import { ErpDisputeCase, ErpDisputeCaseParams } from '@portal/contracts/erp-api';
import { parseMinorUnits } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DisputeCaseOutcome, DisputeCaseRequest, ErpConnector } from '../erp-connector';
import { disputeCases } from './ledger.schema';

export type DisputeCaseOptions = {
  now: () => Date;
  decimalsOf: (currencyKeys: Iterable<string>) => Promise<Map<string, number>>;
};

export function createDisputeCases(
  db: Db,
  options: DisputeCaseOptions,
): Required<Pick<ErpConnector, 'recordDisputeCase'>> {
  async function recordDisputeCase(input: DisputeCaseRequest): Promise<DisputeCaseOutcome> {
    const { dispute_id: disputeId, ...rest } = input;
    ErpDisputeCaseParams.parse({ dispute_id: disputeId });
    const request = ErpDisputeCase.parse(rest);
    // Read before the transaction: on PGlite a read on another connection inside it would wait forever.
    const decimals = (await options.decimalsOf([request.currency])).get(request.currency);
    if (decimals === undefined) throw new Error(`Dispute case in an unknown currency ${request.currency}`);
    const amountMinor = parseMinorUnits(request.amount, decimals);
    if (amountMinor === undefined) throw new Error(`Dispute case amount not in ${decimals} decimals`);
    const at = options.now();
    const fields = {
      companyCode: request.company_code,
      payerNumber: request.payer_number,
      documentNumberFinance: request.document_number_finance,
      fiscalYear: request.fiscal_year,
      lineItem: request.line_item,
      reasonCode: request.reason_code,
      amountMinor,
      currencyKey: request.currency,
      status: request.status,
      outcome: request.outcome,
      updatedAt: at,
    };
    const returned = { caseId: disputeCases.caseId };
    const row = await db.transaction(async (tx) => {
      const update = () =>
        tx.update(disputeCases).set(fields).where(eq(disputeCases.disputeId, disputeId)).returning(returned);
      const [updated] = await update();
      if (updated) return updated;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger.dispute_cases'))`);
      // A first record of the same dispute may have committed while this one waited for the lock.
      const [again] = await update();
      if (again) return again;
      const [inserted] = await tx
        .insert(disputeCases)
        .values({
          ...fields,
          disputeId,
          // Fixed width: the greatest number is the greatest text.
          caseId: sql`'DC' || lpad((coalesce((SELECT max(substr(case_id, 3)::bigint) FROM ${disputeCases}), 0) + 1)::text, 10, '0')`,
          createdAt: at,
        })
        .returning(returned);
      return inserted!;
    });
    return { outcome: 'recorded', case_id: row.caseId, status: request.status };
  }

  return { recordDisputeCase };
}
