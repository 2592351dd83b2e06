import type { PayInvoicesRequest, PayInvoicesResponse } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPaymentSuccess, paymentOutcome, pendingPayment } from './payment-session';
import { memoryStorage } from '../../../lib/test-fixtures';

const request: PayInvoicesRequest = {
  payer_data: { customer_number: '100001', company_code: 'US01' },
  soldto: { account_number: '100001' },
  payment_detail: {
    payment_card_token: '-VISA-1091-ABCDEF0123456789',
    payment_card_type: 'VISA',
    card_validation_code: '123',
  },
  documents: [
    {
      document_number_finance: '1800000123',
      line_item_in_the_relevant_invoice: '001',
      fiscal_year_of_the_relevant_invoice: '2026',
      open_amount: '150.00',
      amount_to_process: '100.00',
      currency_key: 'USD',
      reason_code: 'PP',
      comment: 'short shipment',
    },
  ],
  currency_key: 'USD',
  currency_decimals: 2,
  log: { id: 'POST_INVOICE' },
};

function response(...types: ('S' | 'E')[]): PayInvoicesResponse {
  return {
    status: types.map((message_type, index_number) => ({
      index_number,
      document_number_finance: '1800000123',
      billing_document_number: '0090000123',
      message_type,
      message_line_string: '',
      authorization_reference_code: message_type === 'S' ? 'AUTH1' : '',
      authorization_amount: '100.00',
      currency_key: 'USD',
    })),
    payment: {
      state: types.includes('S') ? 'posted' : 'declined',
      payment_document_number: '1500000001',
      reference_code: 'c0ffee',
      payment_card_type: 'VISA',
      payment_method_label: 'VISA •••• 1091',
      processed_at: '2026-11-23T00:00:00.000Z',
      total_amount: '100.00',
      currency_key: 'USD',
      currency_decimals: 2,
    },
  };
}

let storage: Storage;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pendingPayment (across the 3-D Secure redirect)', () => {
  it('gives back the cached payment, its key and CVV, for the access token the return address carries', () => {
    pendingPayment.save({ accessToken: 'at_1', idempotencyKey: 'key-1', request });
    expect(pendingPayment.take('at_1')).toEqual({ accessToken: 'at_1', idempotencyKey: 'key-1', request });
  });

  it('is read once: the CVV does not stay in session storage after the return', () => {
    pendingPayment.save({ accessToken: 'at_1', idempotencyKey: 'key-1', request });
    pendingPayment.take('at_1');
    expect(storage.length).toBe(0);
    expect(pendingPayment.take('at_1')).toBeNull();
  });

  it('does not hand out a payment cached for another access token', () => {
    pendingPayment.save({ accessToken: 'at_1', idempotencyKey: 'key-1', request });
    expect(pendingPayment.take('at_other')).toBeNull();
    expect(pendingPayment.take('at_1')?.idempotencyKey).toBe('key-1');
  });

  it('reads nothing from a damaged entry', () => {
    storage.setItem('portal.payments.pending3ds', '{not json');
    expect(pendingPayment.take('at_1')).toBeNull();
  });
});

describe('paymentOutcome (what the status page shows, also after a reload)', () => {
  it('keeps an answer, a refusal and a failure', () => {
    expect(paymentOutcome.read()).toBeNull();
    paymentOutcome.save({ kind: 'answer', response: response('S') });
    expect(paymentOutcome.read()).toEqual({ kind: 'answer', response: response('S') });
    const refusal = { code: 'THREE_DS_REQUIRED', messageKey: 'errors.codes.THREE_DS_REQUIRED' };
    paymentOutcome.save({ kind: 'refused', refusal, documents: request.documents });
    expect(paymentOutcome.read()).toEqual({ kind: 'refused', refusal, documents: request.documents });
    paymentOutcome.save({ kind: 'failed' });
    expect(paymentOutcome.read()).toEqual({ kind: 'failed' });
  });
});

describe('isPaymentSuccess', () => {
  it('is a success when any document is S (spec §4)', () => {
    expect(isPaymentSuccess(response('E', 'S'))).toBe(true);
    expect(isPaymentSuccess(response('E', 'E'))).toBe(false);
    expect(isPaymentSuccess(response())).toBe(false);
  });
});
