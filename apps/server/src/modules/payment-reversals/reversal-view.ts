// Reversal and dispute rows as the API tells them (contracts/payment-reversals.ts).
import type { PaymentDispute, PaymentReversal } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import type { DisputeRow, ReversalRow } from './payment-reversals.repository';

export function toPaymentReversal(row: ReversalRow): PaymentReversal {
  const documents = row.postedDocuments ?? row.documents;
  return {
    id: row.id,
    payment_id: row.paymentId,
    kind: row.kind,
    state: row.state === 'posted' ? 'posted' : row.state === 'refused' ? 'refused' : 'pending',
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    documents: documents.map((document) => ({
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      amount: formatMinorUnits(BigInt(document.amount_minor), row.currencyDecimals),
    })),
    reason: row.reason,
    return_code: row.returnCode,
    comment: row.comment,
    login: row.login,
    created_at: row.createdAt.toISOString(),
    posted_at: row.postedAt?.toISOString() ?? null,
    reversal_document_number: row.reversalDocumentNumber,
    refusal: row.refusal,
  };
}

export function toPaymentDispute(row: DisputeRow): PaymentDispute {
  const open = row.status === 'needs_response';
  return {
    id: row.id,
    payment_id: row.paymentId,
    provider_reference: row.providerReference,
    status: row.status,
    reason: row.reason,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    evidence_due_by: open ? (row.evidenceDueBy?.toISOString() ?? null) : null,
    evidence_url: row.evidenceUrl,
    funds_withdrawn: row.fundsWithdrawn,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}
