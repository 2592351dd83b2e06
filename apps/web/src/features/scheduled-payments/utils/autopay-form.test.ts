import { AutopayRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { paymentCard } from '../../../lib/test-fixtures';
import {
  autopayMethods,
  autopayOffered,
  buildAutopayRequest,
  checkMaxAmount,
  clampDaysBeforeDue,
  defaultAutopayForm,
} from './autopay-form';

const payer = { customer_number: '0000100001', company_code: 'US01' };

describe('autopayOffered', () => {
  it('offers AutoPay only for the company codes that have it switched on', () => {
    expect(autopayOffered({ autopayCompanyCodes: ['US01'] }, 'US01')).toBe(true);
    expect(autopayOffered({ autopayCompanyCodes: ['US01'] }, 'CA01')).toBe(false);
    expect(autopayOffered(undefined, 'US01')).toBe(false);
  });
});

describe('autopayMethods', () => {
  it('offers saved methods only, and no card that has expired', () => {
    const saved = paymentCard();
    const session = paymentCard({ payment_card_token: '-VISA-4242-S', is_session: 'X' });
    const expired = paymentCard({ payment_card_token: '-MC-5454-OLD', valid_to: '02-28-2026' });
    expect(autopayMethods([saved, session, expired], '2026-03-01')).toEqual([saved]);
  });
});

describe('checkMaxAmount', () => {
  it('accepts no maximum, and an amount above zero in the currency decimals', () => {
    expect(checkMaxAmount('', 2)).toBeNull();
    expect(checkMaxAmount('  ', 2)).toBeNull();
    expect(checkMaxAmount('500', 2)).toBeNull();
    expect(checkMaxAmount('500.25', 2)).toBeNull();
    expect(checkMaxAmount('1500', 0)).toBeNull();
  });

  it('refuses zero, a negative amount, text, an exponent and more decimals than the currency has', () => {
    for (const text of ['0', '0.00', '-5', 'abc', '1e3', '1,000', '10.005']) {
      expect(checkMaxAmount(text, 2), text).toBe('validation.autopay.max_amount');
    }
    expect(checkMaxAmount('15.5', 0)).toBe('validation.autopay.max_amount');
  });
});

describe('clampDaysBeforeDue', () => {
  it('keeps whole days from 0 to 30', () => {
    expect(clampDaysBeforeDue(5)).toBe(5);
    expect(clampDaysBeforeDue(45)).toBe(30);
    expect(clampDaysBeforeDue(-1)).toBe(0);
    expect(clampDaysBeforeDue('')).toBe(0);
    expect(clampDaysBeforeDue(2.7)).toBe(2);
  });
});

describe('buildAutopayRequest', () => {
  it('builds the PUT /api/autopay body, with no maximum when the field is empty', () => {
    const request = buildAutopayRequest(payer, paymentCard(), defaultAutopayForm);
    expect(request).toEqual({
      payer_data: payer,
      payment_card_token: '-VISA-1111-ABCDEF0123456789',
      payment_card_type: 'VISA',
      days_before_due: 3,
      max_amount: null,
    });
    expect(AutopayRequest.safeParse(request).success).toBe(true);
  });

  it('sends the maximum as typed, trimmed', () => {
    const request = buildAutopayRequest(payer, paymentCard(), { token: null, daysBeforeDue: 0, maxAmount: ' 750.00 ' });
    expect(request.max_amount).toBe('750.00');
    expect(request.days_before_due).toBe(0);
  });
});
