import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from './money';
import {
  changePayAmount,
  isPayAmountReadOnly,
  overpayingAmount,
  overUnder,
  selectInvoiceDetail,
  validatePayAmount,
  type PayAmountRules,
} from './pay-amount';

const rules = (overrides: Partial<PayAmountRules> = {}): PayAmountRules => ({
  openAmount: '100.00',
  decimals: 2,
  overpaymentAllowed: true,
  partialAllowed: true,
  ...overrides,
});

describe('validatePayAmount', () => {
  it('accepts the open amount, a partial and an over payment when both are allowed', () => {
    expect(validatePayAmount('100.00', rules())).toBeNull();
    expect(validatePayAmount('40', rules())).toBeNull();
    expect(validatePayAmount('140.5', rules())).toBeNull();
  });

  it('refuses zero, empty, non-numeric and negative amounts with their messages', () => {
    expect(validatePayAmount('0', rules())).toBe('validation.pay_amount.zero');
    expect(validatePayAmount('0.00', rules())).toBe('validation.pay_amount.zero');
    expect(validatePayAmount('', rules())).toBe('validation.pay_amount.empty');
    expect(validatePayAmount('  ', rules())).toBe('validation.pay_amount.empty');
    expect(validatePayAmount('abc', rules())).toBe('validation.pay_amount.not_numeric');
    expect(validatePayAmount('-5', rules())).toBe('validation.pay_amount.negative');
  });

  it('treats the letter e (an exponent) as non-numeric', () => {
    expect(validatePayAmount('1e2', rules())).toBe('validation.pay_amount.not_numeric');
    expect(validatePayAmount('1E2', rules())).toBe('validation.pay_amount.not_numeric');
    expect(validatePayAmount('e', rules())).toBe('validation.pay_amount.not_numeric');
  });

  it('refuses an over-payment when overpayment is not allowed, at the open amount boundary', () => {
    const noOver = rules({ overpaymentAllowed: false });
    expect(validatePayAmount('100.01', noOver)).toBe('validation.pay_amount.over_payment_not_allowed');
    expect(validatePayAmount('100.00', noOver)).toBeNull();
    expect(validatePayAmount('100', noOver)).toBeNull();
  });

  it('refuses a partial payment when partial payment is not allowed', () => {
    const noPartial = rules({ partialAllowed: false });
    expect(validatePayAmount('99.99', noPartial)).toBe('validation.pay_amount.partial_payment_not_allowed');
    expect(validatePayAmount('100.00', noPartial)).toBeNull();
  });

  it('lets later rules override earlier ones', () => {
    const noPartial = rules({ partialAllowed: false });
    // zero and negative are also under the open amount: partial payment not allowed wins.
    expect(validatePayAmount('0', noPartial)).toBe('validation.pay_amount.partial_payment_not_allowed');
    expect(validatePayAmount('-1', noPartial)).toBe('validation.pay_amount.partial_payment_not_allowed');
    // over the open amount and over the maximum: maximum wins.
    expect(validatePayAmount('600', rules({ overpaymentAllowed: false, maximum: '500' }))).toBe(
      'validation.pay_amount.maximum_exceeded',
    );
  });

  it('refuses an amount above a maximum greater than 0, not one equal to it, and 0 means no limit', () => {
    const open = rules({ openAmount: '1000.00' });
    expect(validatePayAmount('500.01', { ...open, maximum: '500' })).toBe('validation.pay_amount.maximum_exceeded');
    expect(validatePayAmount('500.00', { ...open, maximum: '500' })).toBeNull();
    expect(validatePayAmount('999', { ...open, maximum: '0' })).toBeNull();
    expect(validatePayAmount('999', { ...open, maximum: '0.00' })).toBeNull();
  });

  it('scales to the currency decimals: JPY has none, KWD three', () => {
    const jpy = rules({ openAmount: '1000', decimals: 0, overpaymentAllowed: false, partialAllowed: false });
    expect(validatePayAmount('1000', jpy)).toBeNull();
    expect(validatePayAmount('1001', jpy)).toBe('validation.pay_amount.over_payment_not_allowed');
    // 1000.4 yen rounds to 1000; 1000.5 rounds to 1001.
    expect(validatePayAmount('1000.4', jpy)).toBeNull();
    expect(validatePayAmount('1000.5', jpy)).toBe('validation.pay_amount.over_payment_not_allowed');
    const kwd = rules({ openAmount: '10.125', decimals: 3, overpaymentAllowed: false, partialAllowed: false });
    expect(validatePayAmount('10.125', kwd)).toBeNull();
    expect(validatePayAmount('10.126', kwd)).toBe('validation.pay_amount.over_payment_not_allowed');
    expect(validatePayAmount('10.124', kwd)).toBe('validation.pay_amount.partial_payment_not_allowed');
  });

  it('takes a credit only at its own open amount', () => {
    const credit = rules({ openAmount: '-50.00' });
    expect(validatePayAmount('-50', credit)).toBeNull();
    expect(validatePayAmount('-60', credit)).toBe('validation.pay_amount.over_payment_not_allowed');
    expect(validatePayAmount('-40', credit)).toBe('validation.pay_amount.partial_payment_not_allowed');
  });

  it('never reports over or partial for the open amount itself, for many random amounts', () => {
    let state = 7;
    const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0);
    for (let run = 0; run < 2000; run++) {
      const decimals = [0, 2, 3][next() % 3] as number;
      const open = BigInt(next() % 100_000_000) + 1n;
      const delta = BigInt(next() % 1000) + 1n;
      const strict = rules({
        openAmount: formatMinorUnits(open, decimals),
        decimals,
        overpaymentAllowed: false,
        partialAllowed: false,
      });
      expect(validatePayAmount(formatMinorUnits(open, decimals), strict)).toBeNull();
      expect(validatePayAmount(formatMinorUnits(open + delta, decimals), strict)).toBe(
        'validation.pay_amount.over_payment_not_allowed',
      );
      // Under the open amount (0 and negatives included): partial payment is the last failing rule.
      expect(validatePayAmount(formatMinorUnits(open - delta, decimals), strict)).toBe(
        'validation.pay_amount.partial_payment_not_allowed',
      );
    }
  });
});

describe('isPayAmountReadOnly', () => {
  it('is read-only for credits and when neither partial nor over payment is allowed', () => {
    const base = { openAmount: '100', decimals: 2, overpaymentAllowed: false, partialAllowed: false };
    expect(isPayAmountReadOnly(base)).toBe(true);
    expect(isPayAmountReadOnly({ ...base, partialAllowed: true })).toBe(false);
    expect(isPayAmountReadOnly({ ...base, overpaymentAllowed: true })).toBe(false);
    expect(isPayAmountReadOnly({ ...base, openAmount: '-1', overpaymentAllowed: true, partialAllowed: true })).toBe(
      true,
    );
  });
});

describe('direction and reason', () => {
  it('gives -1 under, 1 over and 0 equal', () => {
    expect(overUnder('99.99', '100', 2)).toBe(-1);
    expect(overUnder('100.01', '100', 2)).toBe(1);
    expect(overUnder('100.00', '100', 2)).toBe(0);
    expect(overUnder('x', '100', 2)).toBe(0);
  });

  it('starts a selection at the open amount scaled to the currency', () => {
    expect(selectInvoiceDetail('1250', 2)).toEqual({
      amount: '1250.00',
      amountValidation: null,
      reason: '',
      comment: '',
      overUnder: 0,
    });
    expect(selectInvoiceDetail('1250', 0).amount).toBe('1250');
    expect(selectInvoiceDetail('1.5', 3).amount).toBe('1.500');
  });

  it('keeps the reason while the direction is unchanged and resets it when it changes', () => {
    const under = changePayAmount(selectInvoiceDetail('100', 2), '60', rules());
    const withReason = { ...under, reason: 'PP', comment: 'later' };
    expect(changePayAmount(withReason, '70', rules())).toMatchObject({ reason: 'PP', overUnder: -1, comment: 'later' });
    expect(changePayAmount(withReason, '120', rules())).toMatchObject({ reason: '', overUnder: 1 });
    expect(changePayAmount(withReason, '100', rules())).toMatchObject({ reason: '', overUnder: 0 });
  });

  it('records the amount validation on change', () => {
    const detail = changePayAmount(selectInvoiceDetail('100', 2), '1e2', rules());
    expect(detail.amountValidation).toBe('validation.pay_amount.not_numeric');
  });
});

describe('overpayingAmount', () => {
  it('is the payment total minus the invoice total, exact at every scale', () => {
    expect(
      overpayingAmount(
        [
          { amount: '0.1', openAmount: '0.05' },
          { amount: '0.2', openAmount: '0.05' },
        ],
        2,
      ),
    ).toBe(20n);
    expect(overpayingAmount([{ amount: '100', openAmount: '120' }], 2)).toBe(-2000n);
    expect(overpayingAmount([{ amount: '1001', openAmount: '1000' }], 0)).toBe(1n);
    expect(overpayingAmount([{ amount: '1.001', openAmount: '1' }], 3)).toBe(1n);
  });
});
