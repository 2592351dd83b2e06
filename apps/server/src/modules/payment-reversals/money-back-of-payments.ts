// What came back of each payment of a page (issue 37): two reads for the page, not two per row.
import type { PaymentMoneyBack } from '@portal/contracts';
import type { Db } from '../../db/client';
import { moneyBackFigures, toMoneyBack } from './money-back';
import { disputesOf, reversalsOf, type PaymentFeedRow } from './payment-reversals.repository';

/** By payment id, for the payments among `rows` (a reversal's row gets none). */
export async function moneyBackOfPayments(
  db: Db,
  rows: readonly PaymentFeedRow[],
): Promise<Map<string, PaymentMoneyBack>> {
  const payments = rows.filter((row) => row.reverses === null);
  const ids = payments.map((row) => row.id);
  const [reversals, disputes] = await Promise.all([reversalsOf(db, ids), disputesOf(db, ids)]);
  return new Map(
    payments.map((row) => [
      row.id,
      toMoneyBack(
        moneyBackFigures(
          row.amountMinor,
          reversals.filter((reversal) => reversal.paymentId === row.id),
          disputes.filter((dispute) => dispute.paymentId === row.id),
        ),
        row.currencyDecimals,
      ),
    ]),
  );
}
