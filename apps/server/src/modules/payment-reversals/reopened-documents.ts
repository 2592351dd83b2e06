// Issue 37: why an invoice a payment had paid is open again, from the reversals the portal posted that reopened it
// (found by its finance number in their documents; a chargeback whose dispute was won no longer counts).
import type { InvoiceHeaderData, InvoiceReopened } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFeed, paymentReversals } from '../../db/portal.schema';

export async function reopenedOf(
  db: Db,
  header: Pick<InvoiceHeaderData, 'document_number_finance' | 'payer_number'>,
): Promise<InvoiceReopened[]> {
  const rows = await db
    .select({ reversal: paymentReversals, orderNumber: paymentFeed.orderNumber })
    .from(paymentReversals)
    .innerJoin(paymentFeed, eq(paymentFeed.id, paymentReversals.paymentId))
    .where(
      and(
        eq(paymentReversals.state, 'posted'),
        inArray(paymentReversals.kind, ['refund', 'return', 'chargeback', 'chargeback_reversal']),
        sql`ltrim(${paymentFeed.payerNumber}, '0') = ltrim(${header.payer_number}, '0')`,
        sql`${paymentReversals.postedDocuments} @> ${JSON.stringify([{ document_number_finance: header.document_number_finance }])}::jsonb`,
      ),
    )
    .orderBy(paymentReversals.postedAt);
  const won = new Set(
    rows.filter(({ reversal }) => reversal.kind === 'chargeback_reversal').map(({ reversal }) => reversal.disputeId),
  );
  return rows.flatMap(({ reversal, orderNumber }): InvoiceReopened[] => {
    if (reversal.kind === 'chargeback_reversal') return [];
    if (reversal.kind === 'chargeback' && won.has(reversal.disputeId)) return [];
    const document = reversal.postedDocuments?.find(
      (entry) => entry.document_number_finance === header.document_number_finance,
    );
    return [
      {
        kind: reversal.kind,
        amount: formatMinorUnits(BigInt(document?.amount_minor ?? '0'), reversal.currencyDecimals),
        currency_key: reversal.currencyKey,
        date: (reversal.postedAt ?? reversal.createdAt).toISOString().slice(0, 10),
        return_code: reversal.returnCode,
        reference_code: orderNumber,
      },
    ];
  });
}
