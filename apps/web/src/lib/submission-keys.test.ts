import type { PayInvoicesRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { createKeyedSubmissions, createSubmissionKeys } from './submission-keys';

function request(amount = '150.00', cvv = '123'): PayInvoicesRequest {
  return {
    payer_data: { customer_number: '100001', company_code: 'US01' },
    soldto: { account_number: '100001' },
    payment_detail: {
      payment_card_token: '-VISA-1111-ABCDEF0123456789',
      payment_card_type: 'VISA',
      card_validation_code: cvv,
    },
    documents: [
      {
        document_number_finance: '1800000123',
        line_item_in_the_relevant_invoice: '001',
        fiscal_year_of_the_relevant_invoice: '2026',
        open_amount: '150.00',
        amount_to_process: amount,
        currency_key: 'USD',
      },
    ],
    currency_key: 'USD',
    currency_decimals: 2,
    log: { id: 'POST_INVOICE' },
  };
}

function counter() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('createSubmissionKeys', () => {
  it('gives a double click or a retry after an unknown outcome the same key', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor(request())).toBe('key-1');
    expect(keys.keyFor(request())).toBe('key-1');
  });

  it('keeps the key when only the re-typed CVV differs (the server leaves it out of its hash too)', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor(request('150.00', '123'))).toBe('key-1');
    expect(keys.keyFor(request('150.00', '321'))).toBe('key-1');
  });

  it('makes a new key for a different payment', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor(request('150.00'))).toBe('key-1');
    expect(keys.keyFor(request('100.00'))).toBe('key-2');
    expect(keys.keyFor(request('150.00'))).toBe('key-3');
  });

  it('makes a new key once the server answered for certain, even for the same body', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor(request())).toBe('key-1');
    keys.spend();
    expect(keys.keyFor(request())).toBe('key-2');
  });

  it('uses random UUIDs by default', () => {
    const key = createSubmissionKeys().keyFor(request());
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('createKeyedSubmissions', () => {
  it('keys any request by its own fingerprint (issue 37: a refund of one payment)', () => {
    const keys = createKeyedSubmissions(
      (refund: { paymentId: string; amount: string }) => JSON.stringify(refund),
      counter(),
    );
    expect(keys.keyFor({ paymentId: 'a', amount: '25.00' })).toBe('key-1');
    expect(keys.keyFor({ paymentId: 'a', amount: '25.00' })).toBe('key-1');
    expect(keys.keyFor({ paymentId: 'b', amount: '25.00' })).toBe('key-2');
    keys.spend();
    expect(keys.keyFor({ paymentId: 'b', amount: '25.00' })).toBe('key-3');
  });
});
