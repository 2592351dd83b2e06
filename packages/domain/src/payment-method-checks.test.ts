import { describe, expect, it } from 'vitest';
import { applicableMaximum, checkCvv, checkMaximum, checkMethodSelected } from './payment-method-checks';

describe('payment method checks', () => {
  it('requires a method', () => {
    expect(checkMethodSelected(null)).toEqual({ key: 'validation.payment.card_not_selected' });
    expect(checkMethodSelected({ payment_card_type: 'EC' })).toBeNull();
  });

  it('checks the CVV length of the brand: 3 for Visa and Mastercard, 4 for American Express', () => {
    expect(checkCvv({ payment_card_type: 'MC', card_validation_code: '999' }, true)).toBeNull();
    expect(checkCvv({ payment_card_type: 'AMEX', card_validation_code: '9999' }, true)).toBeNull();
    expect(checkCvv({ payment_card_type: 'VISA', card_validation_code: '9999' }, true)?.key).toBe(
      'validation.payment.cvv_invalid',
    );
    expect(checkCvv({ payment_card_type: 'VISA', card_validation_code: '' }, false)).toBeNull();
  });

  it('picks the maximum of the method; 0 or unreadable is no limit', () => {
    const limits = { maximumCardPayment: '5000', maximumEcheckPayment: '0' };
    expect(applicableMaximum({ payment_card_type: 'VISA' }, limits, 2)).toBe(500000n);
    expect(applicableMaximum({ payment_card_type: 'EC' }, limits, 2)).toBeNull();
    expect(applicableMaximum({ payment_card_type: 'VISA' }, { ...limits, maximumCardPayment: '' }, 2)).toBeNull();
    expect(checkMaximum(500000n, { payment_card_type: 'VISA' }, limits, 2)).toBeNull();
    expect(checkMaximum(500001n, { payment_card_type: 'VISA' }, limits, 2)?.values).toEqual({ amount: '5000.00' });
  });
});
