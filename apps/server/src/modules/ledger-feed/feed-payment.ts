// A posted payment as the feed and the webhooks tell it (contracts/ledger-feed.ts FeedPayment), from its feed row.
import type { FeedPayment } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import type { FeedRow, NewFeedRow } from './payment-feed.repository';

export function toFeedPayment(row: FeedRow): FeedPayment {
  return {
    id: row.id,
    cursor: row.seq === null ? '' : String(row.seq),
    posted_at: row.postedAt.toISOString(),
    kind: row.kind,
    company_code: row.companyCode,
    payer_number: row.payerNumber,
    soldto_number: row.soldtoNumber,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    currency: row.currencyKey,
    method: row.method,
    gateway_reference: row.gatewayReference,
    order_number: row.orderNumber,
    payment_document_number: row.paymentDocumentNumber,
    acknowledged: row.acknowledgedAt !== null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    erp_document_number: row.erpDocumentNumber,
    documents: feedDocumentsOf(row),
    reverses: row.reverses,
    reason: row.reason,
    return_code: row.returnCode,
  };
}

/** The documents a payment applied to, as its posting wrote them (decimal strings); a missing field reads empty. */
export function feedDocumentsOf(row: Pick<FeedRow, 'documents'>): FeedPayment['documents'] {
  return row.documents.map((document) => ({
    billing_document_number: document.billing_document_number ?? '',
    document_number_finance: document.document_number_finance ?? '',
    amount: document.amount ?? '0',
    reason_code: document.reason_code ?? '',
    comment: document.comment ?? '',
  }));
}

/**
 * A feed row written in its posting's transaction as the webhooks tell it: no position yet (numbered after commit),
 * and the fields the insert left to their defaults as the table will hold them.
 */
export function toUnsequencedFeedPayment(row: NewFeedRow): Omit<FeedPayment, 'cursor'> {
  const { cursor: _cursor, ...data } = toFeedPayment({
    ...row,
    seq: null,
    soldtoNumber: row.soldtoNumber ?? '',
    orderNumber: row.orderNumber ?? '',
    paymentDocumentNumber: row.paymentDocumentNumber ?? '',
    login: row.login ?? '',
    acknowledgedAt: null,
    erpDocumentNumber: '',
    acknowledgedBy: '',
    reverses: row.reverses ?? null,
    reason: row.reason ?? '',
    returnCode: row.returnCode ?? '',
  });
  return data;
}
