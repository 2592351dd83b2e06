import type { PayInvoicesResponse, PaymentState } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { paymentStatusOf } from './payment-outcome';

function answer(state: PaymentState, messageType: 'S' | 'E', message = ''): PayInvoicesResponse {
  return {
    status: [
      {
        index_number: 0,
        document_number_finance: '1800000123',
        billing_document_number: '0090000123',
        message_type: messageType,
        message_line_string: message,
        authorization_reference_code: messageType === 'S' ? 'AUTH1' : '',
        authorization_amount: '100.00',
        currency_key: 'USD',
      },
    ],
    payment: {
      state,
      payment_document_number: messageType === 'S' ? '1400000001' : '',
      reference_code: 'ORDER-1',
      payment_card_type: 'EC',
      payment_method_label: 'EC 6789',
      processed_at: '2026-03-01T10:00:00.000Z',
      total_amount: '100.00',
      currency_key: 'USD',
      currency_decimals: 2,
    },
  };
}

describe('paymentStatusOf', () => {
  it('reads a posted payment as a success and a pending one as being confirmed', () => {
    expect(paymentStatusOf(answer('posted', 'S'))).toBe('success');
    expect(paymentStatusOf(answer('pending', 'E', 'Payment is being confirmed'))).toBe('pending');
  });

  it('reads a bank debit on its way as processing, whether or not the ledger shows it yet', () => {
    expect(paymentStatusOf(answer('processing', 'E', 'Bank payment is processing'))).toBe('processing');
    expect(paymentStatusOf(answer('processing', 'S'))).toBe('processing');
  });

  it('tells a failed authentication from another decline', () => {
    expect(paymentStatusOf(answer('declined', 'E', 'Payment declined: authentication_required'))).toBe(
      'authentication_failed',
    );
    expect(paymentStatusOf(answer('declined', 'E', 'Payment declined: payment_intent_authentication_failure'))).toBe(
      'authentication_failed',
    );
    expect(paymentStatusOf(answer('declined', 'E', 'Payment declined: card_declined'))).toBe('declined');
  });

  it('reads an authentication the payer never finished as failed: nothing was taken', () => {
    expect(paymentStatusOf(answer('requires_action', 'E', 'Authentication required'))).toBe('authentication_failed');
  });
});
