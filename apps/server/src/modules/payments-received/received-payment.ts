// A row of the payments feed as Payments received shows it: the amount from minor units by the row's own decimals.
import type { PaymentReceived } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { feedDocumentsOf } from '../ledger-feed/feed-payment';
import type { FeedRow } from './payments-received.repository';

export function toPaymentReceived(row: FeedRow): PaymentReceived {
  return {
    id: row.id,
    posted_at: row.postedAt.toISOString(),
    kind: row.kind,
    company_code: row.companyCode,
    payer_number: row.payerNumber,
    soldto_number: row.soldtoNumber,
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    method: row.method,
    gateway_reference: row.gatewayReference,
    order_number: row.orderNumber,
    payment_document_number: row.paymentDocumentNumber,
    login: row.login,
    documents: feedDocumentsOf(row),
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    erp_document_number: row.erpDocumentNumber,
    acknowledged_by: row.acknowledgedBy,
  };
}
