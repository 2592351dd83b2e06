import { describe, expect, it } from 'vitest';
import { checkContinueToPay } from './continue-to-pay';

describe('checkContinueToPay', () => {
  it('warns when no invoice is selected', () => {
    expect(checkContinueToPay([], 2)).toBe('validation.payment.no_invoices_selected');
  });

  it('warns when the total with credits is 0 or less', () => {
    expect(checkContinueToPay([{ amount: '50' }, { amount: '-50' }], 2)).toBe(
      'validation.payment.credit_amount_validation',
    );
    expect(checkContinueToPay([{ amount: '50' }, { amount: '-60' }], 2)).toBe(
      'validation.payment.credit_amount_validation',
    );
    expect(checkContinueToPay([{ amount: '0' }], 0)).toBe('validation.payment.credit_amount_validation');
  });

  it('lets a positive total through, exactly at the smallest unit', () => {
    expect(checkContinueToPay([{ amount: '50.01' }, { amount: '-50' }], 2)).toBeNull();
    expect(checkContinueToPay([{ amount: '0.1' }, { amount: '0.2' }, { amount: '-0.3' }], 2)).toBe(
      'validation.payment.credit_amount_validation',
    );
    expect(checkContinueToPay([{ amount: '1' }], 0)).toBeNull();
  });
});
