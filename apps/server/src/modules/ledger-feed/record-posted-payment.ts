// Writes a posted payment into the payments feed and queues its webhook (payment.posted or deposit.posted), in the
// posting's transaction: the ERP learns of every payment that committed, and of none that did not.
import { formatMinorUnits } from '@portal/domain';
import type { LedgerPostingResult } from '../../connectors/erp/erp-connector';
import type { Db } from '../../db/client';
import type { IntentPosting, PaymentIntent } from '../payments/payment-intents.repository';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import { toUnsequencedFeedPayment } from './feed-payment';
import { insertFeedRow, type NewFeedRow } from './payment-feed.repository';

export async function recordPostedPayment(
  tx: Db,
  intent: PaymentIntent,
  result: LedgerPostingResult,
  postedAt: Date,
): Promise<void> {
  const posting = intent.posting as unknown as IntentPosting;
  const applied = new Map(result.documents.map((document) => [document.document_key, document]));
  // A guest pays without a user (pay-guest-invoice.ts writes no user id); deposits are always a user's.
  const kind = intent.userId === null && intent.kind === 'invoice' ? 'guest' : intent.kind;
  const row: NewFeedRow = {
    id: intent.id,
    kind,
    postedAt,
    companyCode: intent.companyCode,
    payerNumber: intent.payerNumber,
    soldtoNumber: posting.soldto_number,
    currencyKey: intent.currencyKey,
    currencyDecimals: intent.currencyDecimals,
    amountMinor: intent.amountMinor,
    method: intent.paymentCardType,
    gatewayReference: intent.authorizationReference,
    orderNumber: intent.orderNumber,
    paymentDocumentNumber: result.payment_document_number,
    login: intent.login,
    documents: posting.documents.map((document) => {
      const ledger = applied.get(document.document_key);
      return {
        billing_document_number: document.billing_document_number,
        document_number_finance: document.document_number_finance,
        amount: formatMinorUnits(
          ledger ? ledger.applied_minor : BigInt(document.amount_minor),
          intent.currencyDecimals,
        ),
        reason_code: document.reason_code,
        comment: document.comment,
      };
    }),
  };
  await insertFeedRow(tx, row);
  const data = toUnsequencedFeedPayment(row);
  await enqueueWebhookEvent(tx, {
    type: kind === 'deposit' ? 'deposit.posted' : 'payment.posted',
    // The same for every endpoint and every retry: a receiver drops a message id it already took.
    messageId: `msg_${intent.id}`,
    timestamp: postedAt,
    data,
  });
}
