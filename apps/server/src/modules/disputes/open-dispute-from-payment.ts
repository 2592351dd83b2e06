// Issue 39 (ADR 0034): a short payment with a dispute reason opens a dispute by itself: a document paid for less than
// it owed, with a reason code that is one of the company code's dispute reasons, is disputed for the rest, raised by
// the payer, source payment. Written in the posting's transaction, so that the dispute exists if and only if the
// payment does. Nothing here reads the ERP (the embedded database runs one transaction at a time): what it needs
// comes with the payment.
import { randomUUID } from 'node:crypto';
import { addIsoDays } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { LedgerPostingResult } from '../../connectors/erp/erp-connector';
import type { Db } from '../../db/client';
import type { IntentPosting, PaymentIntent } from '../payments/payment-intents.repository';
import { shortPaymentDisputeReason } from './dispute-reasons';
import { activeDisputeOf, afterDisputeChange, writeOpenedDispute } from './open-dispute';

export type ShortPayment = {
  paymentId: string;
  payerNumber: string;
  payerName: string;
  companyCode: string;
  soldtoNumber: string;
  billingDocumentNumber: string;
  documentNumberFinance: string;
  fiscalYear: string;
  lineItem: string;
  /** paymentDocumentKey of the document. */
  documentKey: string;
  currencyKey: string;
  currencyDecimals: number;
  /** What the document still owes after the payment: the disputed amount. */
  openAfterMinor: bigint;
  reasonCode: string;
  comment: string;
  /** The payer (null for a guest) and who worked as the payer, with the name the thread shows. */
  raisedBy: { userId: number | null; actingUserId: number | null; name: string };
  at: Date;
};

/**
 * Opens the dispute of one short-paid document, if its reason is a dispute reason and it has none open yet (a
 * document already disputed keeps its dispute). Answers the new dispute's id, or null.
 */
export async function openDisputeFromShortPayment(
  tx: Db,
  ctx: Pick<AppContext, 'secrets' | 'now' | 'config'>,
  payment: ShortPayment,
): Promise<string | null> {
  if (payment.openAfterMinor <= 0n) return null;
  const reason = await shortPaymentDisputeReason(tx, payment.companyCode, payment.reasonCode);
  if (!reason || (await activeDisputeOf(tx, payment.documentKey))) return null;
  const id = randomUUID();
  await writeOpenedDispute(
    tx,
    ctx,
    {
      id,
      payerNumber: payment.payerNumber,
      payerName: payment.payerName,
      companyCode: payment.companyCode,
      soldtoNumber: payment.soldtoNumber,
      billingDocumentNumber: payment.billingDocumentNumber,
      documentNumberFinance: payment.documentNumberFinance,
      fiscalYear: payment.fiscalYear,
      lineItem: payment.lineItem,
      documentKey: payment.documentKey,
      currencyKey: payment.currencyKey,
      currencyDecimals: payment.currencyDecimals,
      amountMinor: payment.openAfterMinor,
      openAmountMinor: payment.openAfterMinor,
      reasonCode: payment.reasonCode.trim(),
      lines: [],
      status: 'open',
      raisedByUserId: payment.raisedBy.userId,
      actingUserId: payment.raisedBy.actingUserId,
      source: 'payment',
      paymentId: payment.paymentId,
      targetDate: addIsoDays(payment.at.toISOString().slice(0, 10), reason.target_days),
      erpStatus: 'pending',
      createdAt: payment.at,
      updatedAt: payment.at,
    },
    {
      author: {
        authorUserId: payment.raisedBy.userId,
        authorName: payment.raisedBy.name,
        actingUserId: payment.raisedBy.actingUserId,
      },
      comment: payment.comment.trim(),
      reasonDescription: '',
      audit: { userId: payment.raisedBy.actingUserId ?? payment.raisedBy.userId },
    },
  );
  return id;
}

/**
 * The disputes a posted invoice payment opens (settle-payment-intent.ts calls it in the posting's transaction): one
 * per document paid short with a dispute reason. Then, after the commit, disputesOpened.
 */
export async function openDisputesOfPayment(
  tx: Db,
  ctx: Pick<AppContext, 'secrets' | 'now' | 'config'>,
  intent: PaymentIntent,
  result: LedgerPostingResult,
): Promise<string[]> {
  const posting = intent.posting as unknown as IntentPosting;
  if (intent.kind !== 'invoice') return [];
  const applied = new Map(result.documents.map((document) => [document.document_key, document]));
  const opened: string[] = [];
  for (const document of posting.documents) {
    const ledger = applied.get(document.document_key);
    if (!ledger || document.reason_code.trim() === '') continue;
    // The key is the document's company code, finance number, fiscal year and line item (paymentDocumentKey).
    const [, , fiscalYear = '', lineItem = ''] = document.document_key.split('|');
    const id = await openDisputeFromShortPayment(tx, ctx, {
      paymentId: intent.id,
      payerNumber: intent.payerNumber,
      payerName: posting.payer_name ?? '',
      companyCode: intent.companyCode,
      soldtoNumber: document.soldto_number ?? posting.soldto_number,
      billingDocumentNumber: ledger.billing_document_number || document.billing_document_number,
      documentNumberFinance: ledger.document_number_finance || document.document_number_finance,
      fiscalYear,
      lineItem,
      documentKey: document.document_key,
      currencyKey: intent.currencyKey,
      currencyDecimals: intent.currencyDecimals,
      openAfterMinor: ledger.open_after_minor,
      reasonCode: document.reason_code,
      comment: document.comment,
      raisedBy: {
        userId: intent.userId,
        actingUserId: intent.actingUserId,
        name: `${posting.notify_first_name ?? ''} ${posting.notify_last_name ?? ''}`.trim(),
      },
      at: ctx.now(),
    });
    if (id) opened.push(id);
  }
  return opened;
}

/** After the posting's commit: the disputes it opened go to the ERP, their e-mails and webhooks leave now. */
export function disputesOpened(ctx: AppContext, ids: readonly string[]): void {
  afterDisputeChange(ctx, ids);
}
