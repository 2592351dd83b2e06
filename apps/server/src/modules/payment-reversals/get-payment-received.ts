// GET /api/payments-received/{id} (CanViewReceivedPayments, issue 37): one payment with what came back of it (refunds,
// returns, chargebacks, disputes) and what can still be refunded, in all and per document: what the refund dialog
// shows. A reversal's own id answers 404: it is shown with its payment.
import type { PaymentReceivedDetail } from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { toFeedPayment } from '../ledger-feed/feed-payment';
import { findIntent, type IntentPosting } from '../payments/payment-intents.repository';
import { moneyBackFigures, takenPerDocument, toMoneyBack } from './money-back';
import { disputesOf, findPayment, reversalsOf } from './payment-reversals.repository';
import { toPaymentDispute, toPaymentReversal } from './reversal-view';

export async function getPaymentReceived(ctx: AppContext, paymentId: string): Promise<PaymentReceivedDetail> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment) throw new AppError('NOT_FOUND');
  const [reversals, disputes, intent] = await Promise.all([
    reversalsOf(ctx.db, [payment.id]),
    disputesOf(ctx.db, [payment.id]),
    findIntent(ctx.db, payment.id),
  ]);
  const figures = moneyBackFigures(payment.amountMinor, reversals, disputes);
  const decimals = payment.currencyDecimals;
  const taken = takenPerDocument(reversals);
  return {
    payment: toFeedPayment(payment),
    money_back: toMoneyBack(figures, decimals),
    documents: payment.documents.map((document) => {
      const finance = document.document_number_finance ?? '';
      const applied = parseMinorUnits(document.amount ?? '0', decimals) ?? 0n;
      const room = applied - (taken.get(finance) ?? 0n);
      const refundable = room < figures.refundableMinor ? room : figures.refundableMinor;
      return {
        billing_document_number: document.billing_document_number ?? '',
        document_number_finance: finance,
        applied_amount: formatMinorUnits(applied, decimals),
        refundable_amount: formatMinorUnits(refundable > 0n ? refundable : 0n, decimals),
      };
    }),
    reversals: reversals.map(toPaymentReversal),
    disputes: disputes.map(toPaymentDispute),
    payer_email: (intent?.posting as unknown as IntentPosting | undefined)?.notify_email ?? '',
  };
}
