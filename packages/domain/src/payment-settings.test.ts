import { describe, expect, it } from 'vitest';
import {
  areDepositsAllowed,
  arePaymentsAllowed,
  isCvvRequired,
  isOverpaymentAllowed,
  isPartialPaymentAllowed,
  reasonCodesFor,
  type PaymentSettings,
} from './payment-settings';

const reason = (reason_code: string, company_code: string, payment_type: string, comments_required = '') => ({
  reason_code,
  description: reason_code,
  comments_required,
  company_code,
  payment_type,
});

const settings = (overrides: Partial<PaymentSettings> = {}): PaymentSettings => ({
  payment_types: [
    { payment_type: 'O', active: 'X', overpayment_allowed: '' },
    { payment_type: 'D', active: 'X', overpayment_allowed: '' },
  ],
  company_codes: [
    { company_code: '1000', enable_deposits: 'X', disable_payments: '' },
    { company_code: '2000', enable_deposits: '', disable_payments: 'X' },
  ],
  generel_data: { partial_payments_allowed: 'X', cvv_use_control: '1' },
  payment_reason_codes: [
    reason('PP', '1000', 'O'),
    reason('DM', '1000', 'O', 'X'),
    reason('AD', '1000', 'D'),
    reason('PP', '2000', 'O'),
  ],
  ...overrides,
});

describe('payment settings', () => {
  it('allows overpayment only when payment type O has overpayment_allowed X', () => {
    expect(isOverpaymentAllowed(settings())).toBe(false);
    expect(
      isOverpaymentAllowed({ payment_types: [{ payment_type: 'O', active: 'X', overpayment_allowed: 'X' }] }),
    ).toBe(true);
    expect(
      isOverpaymentAllowed({ payment_types: [{ payment_type: 'D', active: 'X', overpayment_allowed: 'X' }] }),
    ).toBe(false);
  });

  it('allows partial payments when the setting is X or R', () => {
    for (const [value, allowed] of [
      ['X', true],
      ['R', true],
      ['', false],
      ['N', false],
    ] as const)
      expect(isPartialPaymentAllowed({ generel_data: { partial_payments_allowed: value } })).toBe(allowed);
  });

  it('requires the CVV when cvv_use_control is 1, which is the default', () => {
    expect(isCvvRequired({ generel_data: { partial_payments_allowed: '', cvv_use_control: '1' } })).toBe(true);
    expect(isCvvRequired({ generel_data: { partial_payments_allowed: '' } })).toBe(true);
    expect(isCvvRequired({ generel_data: { partial_payments_allowed: '', cvv_use_control: '' } })).toBe(true);
    expect(isCvvRequired({ generel_data: { partial_payments_allowed: '', cvv_use_control: '0' } })).toBe(false);
  });

  it('refuses payments for a company code with disable_payments X or one it does not know', () => {
    expect(arePaymentsAllowed(settings(), '1000')).toBe(true);
    expect(arePaymentsAllowed(settings(), '2000')).toBe(false);
    expect(arePaymentsAllowed(settings(), '9999')).toBe(false);
  });

  it('reads ZDISABLEPY and ZENABLEDEP from custom_fields.apparv as well', () => {
    const withApparv = settings({
      custom_fields: {
        apparv: [
          { parnam: 'ZDISABLEPY', company_code: '1000', parval: 'X' },
          { parnam: 'ZENABLEDEP', company_code: '2000', parval: 'X' },
        ],
      },
    });
    expect(arePaymentsAllowed(withApparv, '1000')).toBe(false);
    expect(areDepositsAllowed(withApparv, '2000')).toBe(true);
  });

  it('allows deposits with enable_deposits X and an active payment type D', () => {
    expect(areDepositsAllowed(settings(), '1000')).toBe(true);
    expect(areDepositsAllowed(settings(), '2000')).toBe(false);
    const inactive = settings({ payment_types: [{ payment_type: 'D', active: '', overpayment_allowed: '' }] });
    expect(areDepositsAllowed(inactive, '1000')).toBe(false);
  });

  it('offers the reason codes of the company code and payment type', () => {
    expect(reasonCodesFor(settings(), '1000', 'O').map((r) => r.reason_code)).toEqual(['PP', 'DM']);
    expect(reasonCodesFor(settings(), '1000', 'D').map((r) => r.reason_code)).toEqual(['AD']);
    expect(reasonCodesFor(settings(), '2000', 'O').map((r) => r.reason_code)).toEqual(['PP']);
  });
});
