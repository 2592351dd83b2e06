import { describe, expect, it } from 'vitest';
import { refusalFromCheck, refusalFromResponse, refusalText } from './payment-refusal';

const body = {
  error: 'PAYMENT_REFUSED',
  messageKey: 'validation.payment.maximum_card_payment_exceeded_message',
  message: 'Maximum card payment of 5000.00 exceeded.',
  uniqueId: 'req-1',
  details: { check: 'validation.payment.maximum_card_payment_exceeded_message', values: { amount: '5000.00' } },
};

// A stand-in for i18next's t: the key and its values, or the default when the key is unknown.
const t = (key: string, options: Record<string, unknown> = {}) =>
  key.startsWith('unknown.')
    ? String(options.defaultValue)
    : `${key}${Object.entries(options)
        .filter(([name]) => name !== 'defaultValue')
        .map(([name, value]) => ` ${name}=${String(value)}`)
        .join('')}`;

const documents = [
  { billing_document_number: '0090000123', document_number_finance: '1800000123' },
  { billing_document_number: '', document_number_finance: '0014000009' },
];

describe('refusalFromResponse', () => {
  it('reads the failing check, its values and the document it is about', () => {
    expect(refusalFromResponse(400, { ...body, details: { ...body.details, documentIndex: 1 } })).toEqual({
      code: 'PAYMENT_REFUSED',
      messageKey: 'validation.payment.maximum_card_payment_exceeded_message',
      message: 'Maximum card payment of 5000.00 exceeded.',
      values: { amount: '5000.00' },
      documentIndex: 1,
    });
  });

  it('is no refusal when the outcome is unknown: a 5xx, the same key in flight, no error body', () => {
    expect(refusalFromResponse(502, body)).toBeNull();
    expect(refusalFromResponse(409, { ...body, error: 'IDEMPOTENCY_IN_FLIGHT' })).toBeNull();
    expect(refusalFromResponse(400, undefined)).toBeNull();
  });

  it('reads a refusal without details (a payment in process, a failed 3-D Secure step)', () => {
    const inProcess = {
      error: 'PAYMENT_IN_PROCESS',
      messageKey: 'errors.codes.PAYMENT_IN_PROCESS',
      message: 'x',
      uniqueId: 'r',
    };
    expect(refusalFromResponse(409, inProcess)).toEqual({
      code: 'PAYMENT_IN_PROCESS',
      messageKey: 'errors.codes.PAYMENT_IN_PROCESS',
      message: 'x',
    });
  });

  it('says that a failed 3-D Secure step charged nothing', () => {
    const failed = {
      error: 'THREE_DS_REQUIRED',
      messageKey: 'errors.codes.THREE_DS_REQUIRED',
      message: 'x',
      uniqueId: 'r',
      reason: 'three_ds_not_passed',
    };
    expect(refusalFromResponse(400, failed)?.messageKey).toBe('payments.error.three_ds_failed');
    expect(refusalFromResponse(400, { ...failed, reason: 'three_ds_missing' })?.messageKey).toBe(
      'errors.codes.THREE_DS_REQUIRED',
    );
  });
});

describe('refusalText', () => {
  it('shows amounts as money and names the invoice without leading zeros', () => {
    const refusal = refusalFromResponse(400, { ...body, details: { ...body.details, documentIndex: 0 } })!;
    expect(refusalText(refusal, documents, t, (amount) => `$${amount}`)).toEqual({
      title: 'payments.pay.invoice_number number=90000123',
      message: 'validation.payment.maximum_card_payment_exceeded_message amount=$5000.00',
    });
  });

  it('falls back to the finance number, and to the server text for a key this app does not know', () => {
    const refusal = refusalFromCheck({ key: 'unknown.key', documentIndex: 1 });
    expect(refusalText({ ...refusal, message: 'Server text' }, documents, t, String)).toEqual({
      title: 'payments.pay.invoice_number number=14000009',
      message: 'Server text',
    });
  });

  it('has no title when the refusal is about the whole payment', () => {
    const refusal = refusalFromCheck({ key: 'validation.payment.card_not_selected' });
    expect(refusalText(refusal, documents, t, String)).toEqual({ message: 'validation.payment.card_not_selected' });
  });
});
