import { describe, expect, it } from 'vitest';
import {
  checkDeposit,
  depositRules,
  validateDepositAmount,
  validateDepositForm,
  type DepositInput,
  type DepositRules,
} from './deposit-checks';
import type { PaymentSettings } from './payment-settings';

const reasons = [
  { reason_code: 'AD', description: 'Advance', comments_required: '', company_code: '1000', payment_type: 'D' },
  { reason_code: 'OT', description: 'Other', comments_required: 'X', company_code: '1000', payment_type: 'D' },
];

const rules = (overrides: Partial<DepositRules> = {}): DepositRules => ({
  paymentsAllowed: true,
  depositsAllowed: true,
  cvvRequired: true,
  limits: { maximumCardPayment: '0', maximumEcheckPayment: '0' },
  reasonCodes: reasons,
  ...overrides,
});

const request = (
  overrides: Partial<DepositInput> = {},
  amount = '250.00',
  reason_code = 'AD',
  comment = '',
): DepositInput => ({
  company_code: '1000',
  currency_decimals: 2,
  deposit_detail: { amount_to_process: amount, reason_code, comment },
  payment_method: { payment_card_type: 'VISA', card_validation_code: '123' },
  ...overrides,
});

describe('validateDepositAmount', () => {
  it('requires a numeric value, the letter e included', () => {
    for (const text of ['', ' ', 'abc', '1e3', '2E1'])
      expect(validateDepositAmount(text, 2)).toBe('validation.deposit.amount_required');
  });

  it('requires 1 or more: 0, negatives and fractions below 1 are refused, 1 is accepted', () => {
    for (const text of ['0', '-5', '0.99'])
      expect(validateDepositAmount(text, 2)).toBe('validation.deposit.amount_minimum');
    expect(validateDepositAmount('1', 2)).toBeNull();
    expect(validateDepositAmount('1.00', 2)).toBeNull();
  });

  it('scales the minimum to the currency: JPY 1, KWD 1.000', () => {
    expect(validateDepositAmount('1', 0)).toBeNull();
    expect(validateDepositAmount('0.4', 0)).toBe('validation.deposit.amount_minimum');
    expect(validateDepositAmount('0.999', 3)).toBe('validation.deposit.amount_minimum');
    expect(validateDepositAmount('1.000', 3)).toBeNull();
  });
});

describe('validateDepositForm', () => {
  it('requires a reason offered for deposits, then a comment when the reason needs one', () => {
    const form = { amount_to_process: '10', reason_code: '', comment: '' };
    expect(validateDepositForm(form, reasons, 2)).toEqual({ reason_code: 'validation.deposit.reason_required' });
    expect(validateDepositForm({ ...form, reason_code: 'PP' }, reasons, 2)).toEqual({
      reason_code: 'validation.deposit.reason_required',
    });
    expect(validateDepositForm({ ...form, reason_code: 'OT' }, reasons, 2)).toEqual({
      comment: 'validation.invoice_detail.reason_comment_required',
    });
    expect(validateDepositForm({ ...form, reason_code: 'OT', comment: 'prepay' }, reasons, 2)).toEqual({});
  });

  it('asks no reason when the company code offers none', () => {
    expect(validateDepositForm({ amount_to_process: '10', reason_code: '', comment: '' }, [], 2)).toEqual({});
  });
});

describe('checkDeposit', () => {
  it('lets a valid deposit through', () => {
    expect(checkDeposit(request(), rules())).toBeNull();
  });

  it('refuses when payments or deposits are disabled for the company code', () => {
    expect(checkDeposit(request(), rules({ paymentsAllowed: false }))?.key).toBe(
      'validation.payment.payments_disabled',
    );
    expect(checkDeposit(request(), rules({ depositsAllowed: false }))?.key).toBe(
      'validation.deposit.deposits_disabled',
    );
  });

  it('reports the form first, in field order, with the field', () => {
    expect(checkDeposit(request({ payment_method: null }, '1e3', ''), rules())).toEqual({
      key: 'validation.deposit.amount_required',
      field: 'amount_to_process',
    });
    expect(checkDeposit(request({ payment_method: null }, '5', ''), rules())).toEqual({
      key: 'validation.deposit.reason_required',
      field: 'reason_code',
    });
  });

  it('then the method, then the CVV', () => {
    expect(checkDeposit(request({ payment_method: null }), rules())?.key).toBe('validation.payment.card_not_selected');
    expect(
      checkDeposit(request({ payment_method: { payment_card_type: 'AMEX', card_validation_code: '' } }), rules())?.key,
    ).toBe('validation.payment.cvv_empty');
    expect(
      checkDeposit(request({ payment_method: { payment_card_type: 'AMEX', card_validation_code: '123' } }), rules())
        ?.key,
    ).toBe('validation.payment.cvv_invalid');
    expect(checkDeposit(request({ payment_method: { payment_card_type: 'EC' } }), rules())).toBeNull();
  });

  it('then the maximum of the method, equal allowed, 0 no limit', () => {
    const limits = { maximumCardPayment: '250', maximumEcheckPayment: '100' };
    expect(checkDeposit(request(), rules({ limits }))).toBeNull();
    expect(checkDeposit(request({}, '250.01'), rules({ limits }))).toEqual({
      key: 'validation.payment.maximum_card_payment_exceeded_message',
      values: { amount: '250.00' },
    });
    expect(checkDeposit(request({ payment_method: { payment_card_type: 'EC' } }), rules({ limits }))).toEqual({
      key: 'validation.payment.maximum_echeck_payment_exceeded_message',
      values: { amount: '100.00' },
    });
    expect(checkDeposit(request({}, '999999'), rules())).toBeNull();
  });
});

describe('depositRules', () => {
  it('reads enable_deposits, an active payment type D and the D reason codes of the company code', () => {
    const settings: PaymentSettings = {
      payment_types: [{ payment_type: 'D', active: 'X', overpayment_allowed: '' }],
      company_codes: [
        { company_code: '1000', enable_deposits: 'X', disable_payments: '' },
        { company_code: '2000', enable_deposits: '', disable_payments: '' },
      ],
      generel_data: { partial_payments_allowed: '', cvv_use_control: '0' },
      payment_reason_codes: [
        ...reasons,
        { reason_code: 'PP', description: 'Partial', comments_required: '', company_code: '1000', payment_type: 'O' },
      ],
    };
    const limits = { maximumCardPayment: '0', maximumEcheckPayment: '0' };
    const read = depositRules(settings, limits, '1000');
    expect(read).toMatchObject({ paymentsAllowed: true, depositsAllowed: true, cvvRequired: false });
    expect(read.reasonCodes.map((reason) => reason.reason_code)).toEqual(['AD', 'OT']);
    expect(depositRules(settings, limits, '2000').depositsAllowed).toBe(false);
  });
});
