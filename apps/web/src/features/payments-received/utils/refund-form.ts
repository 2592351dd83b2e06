// The refund dialog's form (issue 37) and the request it makes. The checks are the server's own, in its order
// (apps/server/src/modules/payment-reversals/refund-payment.ts): an amount with at most the currency's decimals,
// above zero, at most what is left to refund; per document, each amount of the same form and at most what is left on
// that document, adding up to the refund. The messages are the server's keys, so a refusal reads the same from
// either side. A dispute opened since the dialog loaded, or another refund, is the server's to refuse.
import type { PaymentReceived, PaymentReceivedDetail, RefundPaymentRequest, RefundReason } from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits } from '@portal/domain';

export type RefundDraft = {
  /** full: everything left to refund; partial: the amount typed. */
  mode: 'full' | 'partial';
  amount: string;
  /** Amounts per document (an invoice payment): billing document number → amount typed; empty: not that one. */
  perDocument: boolean;
  documents: Record<string, string>;
  reason: RefundReason | '';
  comment: string;
};

export const emptyRefundDraft: RefundDraft = {
  mode: 'full',
  amount: '',
  perDocument: false,
  documents: {},
  reason: '',
  comment: '',
};

/** Message keys per field; `documents` is the whole split (the sum), `document` one document's amount. */
export type RefundErrors = {
  amount?: string;
  documents?: string;
  document?: Record<string, string>;
  reason?: string;
};

export type RefundCheck =
  { ok: true; request: RefundPaymentRequest; amount: string } | { ok: false; errors: RefundErrors };

/** Refund is offered on a payment (never on a reversal) that has something left to refund. */
export function mayBeRefunded(item: Pick<PaymentReceived, 'reverses' | 'money_back' | 'currency_decimals'>): boolean {
  if (item.reverses !== null || !item.money_back) return false;
  return (parseMinorUnits(item.money_back.refundable_amount, item.currency_decimals) ?? 0n) > 0n;
}

const errorKey = (problem: string) => `money-back.errors.refund_${problem}`;

/** The documents a refund may name: those the payment paid that still have something to give back. */
export function refundableDocuments(detail: PaymentReceivedDetail, decimals: number) {
  return detail.documents.filter(
    (document) =>
      document.billing_document_number !== '' && (parseMinorUnits(document.refundable_amount, decimals) ?? 0n) > 0n,
  );
}

/** Whether the dialog offers amounts per document: an invoice payment with a document left to refund. */
export function offersPerDocument(detail: PaymentReceivedDetail, decimals: number): boolean {
  return detail.payment.kind === 'invoice' && refundableDocuments(detail, decimals).length > 0;
}

function amountProblem(value: string, decimals: number, most: bigint, above: string): string | bigint {
  const minor = parseMinorUnits(value, decimals);
  if (minor === undefined) return errorKey('amount_format');
  if (minor <= 0n) return errorKey('amount_positive');
  if (minor > most) return errorKey(above);
  return minor;
}

export function checkRefund(draft: RefundDraft, detail: PaymentReceivedDetail, decimals: number): RefundCheck {
  const errors: RefundErrors = {};
  const rest = parseMinorUnits(detail.money_back.refundable_amount, decimals) ?? 0n;
  const amount =
    draft.mode === 'full'
      ? rest > 0n
        ? rest
        : errorKey('above_rest')
      : amountProblem(draft.amount, decimals, rest, 'above_rest');
  if (typeof amount === 'string') errors.amount = amount;

  const shares: { billing_document_number: string; amount: string }[] = [];
  if (draft.perDocument && offersPerDocument(detail, decimals)) {
    const documentErrors: Record<string, string> = {};
    let sum = 0n;
    for (const document of refundableDocuments(detail, decimals)) {
      const typed = draft.documents[document.billing_document_number]?.trim() ?? '';
      if (typed === '') continue;
      const room = parseMinorUnits(document.refundable_amount, decimals) ?? 0n;
      const share = amountProblem(typed, decimals, room, 'document_above_rest');
      if (typeof share === 'string') {
        documentErrors[document.billing_document_number] = share;
        continue;
      }
      sum += share;
      shares.push({
        billing_document_number: document.billing_document_number,
        amount: formatMinorUnits(share, decimals),
      });
    }
    if (Object.keys(documentErrors).length > 0) errors.document = documentErrors;
    else if (typeof amount === 'bigint' && sum !== amount) errors.documents = errorKey('documents_sum');
  }

  if (draft.reason === '') errors.reason = 'payments-received.refund.reason_required';
  if (typeof amount === 'string' || Object.keys(errors).length > 0) return { ok: false, errors };
  const text = formatMinorUnits(amount, decimals);
  return {
    ok: true,
    amount: text,
    request: {
      amount: text,
      ...(shares.length > 0 ? { documents: shares } : {}),
      reason: draft.reason as RefundReason,
      comment: draft.comment.trim(),
    },
  };
}

/** One refund submission per payment and body: a retry of the same one sends the same Idempotency-Key. */
export const refundFingerprint = (submission: { paymentId: string; request: RefundPaymentRequest }): string =>
  JSON.stringify(submission);
