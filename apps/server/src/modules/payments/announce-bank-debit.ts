// Issue 36: a bank debit is processing for days before it is posted (ADR 0031), so the supplier's systems hear of
// it twice: `payment.processing` when the provider has started it, and then `payment.posted` (the feed item, when the
// bank confirmed it) or `payment.failed` (the bank refused it: nothing was posted). Each is queued once per payment
// (its message id), in a transaction of its own or of the settlement, like every webhook of the portal.
import { formatMinorUnits } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import { kickWebhookOutbox } from '../webhooks/webhook-outbox-kick';
import type { IntentPosting, PaymentIntent } from './payment-intents.repository';

/** What an endpoint learns of a payment not (yet) posted: no ledger document, its documents and amounts. */
function debitData(intent: PaymentIntent, extra: Record<string, unknown>): Record<string, unknown> {
  const posting = intent.posting as IntentPosting;
  return {
    id: intent.id,
    kind: intent.userId === null && intent.kind === 'invoice' ? 'guest' : intent.kind,
    company_code: intent.companyCode,
    payer_number: intent.payerNumber,
    soldto_number: posting.soldto_number ?? '',
    amount: formatMinorUnits(intent.amountMinor, intent.currencyDecimals),
    currency: intent.currencyKey,
    method: intent.paymentCardType,
    order_number: intent.orderNumber,
    documents: posting.documents.map((document) => ({
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      amount: formatMinorUnits(BigInt(document.amount_minor), intent.currencyDecimals),
    })),
    ...extra,
  };
}

/** The provider started the debit: `payment.processing`, once (a later look-up that finds it so queues nothing). */
export async function announceProcessing(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await enqueueWebhookEvent(tx as unknown as Db, {
      type: 'payment.processing',
      messageId: `msg_processing_${intent.id}`,
      timestamp: intent.createdAt,
      data: debitData(intent, { state: 'processing' }),
    });
  });
  kickWebhookOutbox(ctx);
}

/** A bank debit refused (in the settlement's transaction): `payment.failed` with the bank's reason. */
export async function announceFailedDebit(tx: Db, ctx: AppContext, intent: PaymentIntent, reason: string) {
  if (intent.paymentCardType !== 'EC') return;
  await enqueueWebhookEvent(tx, {
    type: 'payment.failed',
    messageId: `msg_failed_${intent.id}`,
    timestamp: ctx.now(),
    data: debitData(intent, { state: 'failed', reason }),
  });
}
