// A payment that was not made, and why, in the user's language (spec §5 checks 1-8, §8 payment warnings). The page's
// own checks and the server's refusals (the one error shape: PAYMENT_REFUSED carries the failing check's message key
// and the document it is about) read the same way.
import type { ErrorResponse, PayInvoicesRequest } from '@portal/contracts';

/** What a refusal's title names: the invoice it is about. */
export type RefusedDocument = Pick<
  PayInvoicesRequest['documents'][number],
  'billing_document_number' | 'document_number_finance'
>;

export type PaymentRefusal = {
  /** The error code (PAYMENT_REFUSED, DOCUMENT_CHANGED, ...) or CHECK for the page's own checks. */
  code: string;
  messageKey: string;
  /** The server's own text: shown when this app has no translation of the key. */
  message?: string;
  values?: Record<string, string>;
  /** Index in the request's documents of the invoice the refusal is about. */
  documentIndex?: number;
};

/** Refusals that say nothing was charged. Unknown outcomes (network, 5xx, the same key in flight) are not. */
export function refusalFromResponse(status: number, body: ErrorResponse | undefined): PaymentRefusal | null {
  if (!body || status >= 500 || body.error === 'IDEMPOTENCY_IN_FLIGHT') return null;
  const details = body.details ?? {};
  const values = isStringRecord(details.values) ? details.values : undefined;
  const documentIndex = typeof details.documentIndex === 'number' ? details.documentIndex : undefined;
  return {
    code: body.error,
    // The server's key says only that the card needs 3-D Secure; after a challenge the user failed, say that, and
    // that nothing was charged.
    messageKey:
      body.error === 'THREE_DS_REQUIRED' && body.reason === 'three_ds_not_passed'
        ? 'payments.error.three_ds_failed'
        : body.messageKey,
    message: body.message,
    ...(values ? { values } : {}),
    ...(documentIndex === undefined ? {} : { documentIndex }),
  };
}

export function refusalFromCheck(failure: {
  key: string;
  values?: Record<string, string>;
  documentIndex?: number;
}): PaymentRefusal {
  return {
    code: 'CHECK',
    messageKey: failure.key,
    ...(failure.values ? { values: failure.values } : {}),
    ...(failure.documentIndex === undefined ? {} : { documentIndex: failure.documentIndex }),
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The toast's text and, when the refusal is about one invoice, a title naming it. Amounts in the values are
 * decimal strings: they are shown as money.
 */
export function refusalText(
  refusal: PaymentRefusal,
  documents: RefusedDocument[],
  t: Translate,
  formatAmount: (amount: string) => string,
): { title?: string; message: string } {
  const values = { ...refusal.values };
  if (values.amount !== undefined) values.amount = formatAmount(values.amount);
  const message = t(refusal.messageKey, { ...values, defaultValue: refusal.message ?? refusal.messageKey });
  const document = refusal.documentIndex === undefined ? undefined : documents[refusal.documentIndex];
  if (!document) return { message };
  const number = (document.billing_document_number || document.document_number_finance).replace(/^0+(?=.)/, '');
  return { title: t('payments.pay.invoice_number', { number }), message };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string')
  );
}
