// What came back of a payment (issue 37), from its reversals and disputes: the one rule for the lists, the detail,
// the refund checks and the payer's history. A refund still waiting for the provider or the ERP counts (it holds its
// amount); a refused one does not. A chargeback counts until a chargeback_reversal (the dispute won) gives it back.
import type { MoneyBackStatus, PaymentMoneyBack } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import type { DisputeRow, ReversalRow } from './payment-reversals.repository';

export type MoneyBackFigures = {
  status: MoneyBackStatus;
  refundedMinor: bigint;
  returnedMinor: bigint;
  chargedBackMinor: bigint;
  /** What is left of the payment after everything that went back. */
  leftMinor: bigint;
  /** What may still be refunded: what is left, and nothing while a dispute is open. */
  refundableMinor: bigint;
  openDispute: boolean;
};

const counts = (row: ReversalRow) => row.state !== 'refused';

export function moneyBackFigures(
  amountMinor: bigint,
  reversals: readonly ReversalRow[],
  disputes: readonly DisputeRow[],
): MoneyBackFigures {
  const sum = (kind: ReversalRow['kind']) =>
    reversals.filter((row) => row.kind === kind && counts(row)).reduce((total, row) => total + row.amountMinor, 0n);
  const refundedMinor = sum('refund');
  const returnedMinor = sum('return');
  const chargedBackMinor = sum('chargeback') - sum('chargeback_reversal');
  const leftMinor = amountMinor - refundedMinor - returnedMinor - chargedBackMinor;
  const openDispute = disputes.some(
    (dispute) => dispute.status === 'needs_response' || dispute.status === 'under_review',
  );
  const refundableMinor = openDispute || leftMinor < 0n ? 0n : leftMinor;
  return {
    status: statusOf({ amountMinor, refundedMinor, returnedMinor, openDispute, disputes }),
    refundedMinor,
    returnedMinor,
    chargedBackMinor,
    leftMinor,
    refundableMinor,
    openDispute,
  };
}

function statusOf(figures: {
  amountMinor: bigint;
  refundedMinor: bigint;
  returnedMinor: bigint;
  openDispute: boolean;
  disputes: readonly DisputeRow[];
}): MoneyBackStatus {
  if (figures.openDispute) return 'disputed';
  if (figures.disputes.some((dispute) => dispute.status === 'lost')) return 'dispute_lost';
  if (figures.returnedMinor > 0n) return 'returned';
  if (figures.refundedMinor > 0n)
    return figures.refundedMinor >= figures.amountMinor ? 'refunded' : 'partially_refunded';
  if (figures.disputes.some((dispute) => dispute.status === 'won')) return 'dispute_won';
  return 'posted';
}

export function toMoneyBack(figures: MoneyBackFigures, decimals: number): PaymentMoneyBack {
  return {
    status: figures.status,
    refunded_amount: formatMinorUnits(figures.refundedMinor, decimals),
    returned_amount: formatMinorUnits(figures.returnedMinor, decimals),
    charged_back_amount: formatMinorUnits(figures.chargedBackMinor, decimals),
    refundable_amount: formatMinorUnits(figures.refundableMinor, decimals),
  };
}

/**
 * What reversals took back from each document the payment paid, by finance document number: a refund still on its
 * way holds its shares, a refused one none, and a dispute won gives back what its chargeback took.
 */
export function takenPerDocument(reversals: readonly ReversalRow[]): Map<string, bigint> {
  const taken = new Map<string, bigint>();
  for (const row of reversals) {
    if (row.state === 'refused') continue;
    const sign = row.kind === 'chargeback_reversal' ? -1n : 1n;
    for (const document of row.postedDocuments ?? row.documents) {
      const moved = sign * BigInt(document.amount_minor);
      taken.set(document.document_number_finance, (taken.get(document.document_number_finance) ?? 0n) + moved);
    }
  }
  return taken;
}
