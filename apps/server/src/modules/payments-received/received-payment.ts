// A row of the payments feed as Payments received shows it: the amount from minor units by the row's own decimals.
import type { PaymentMoneyBack, PaymentReceived } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { feedDocumentsOf } from '../ledger-feed/feed-payment';
import type { FeedRow } from './payments-received.repository';

/** `moneyBack`: what came back of a payment since (issue 37); null for a reversal, and where it is not asked for. */
export function toPaymentReceived(row: FeedRow, moneyBack: PaymentMoneyBack | null): PaymentReceived {
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
    reverses: row.reverses,
    reason: row.reason,
    return_code: row.returnCode,
    money_back: moneyBack,
  };
}
