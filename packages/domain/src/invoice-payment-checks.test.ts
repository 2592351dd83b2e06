import { describe, expect, it } from 'vitest';
import {
  checkInvoicePayment,
  invoicePaymentRules,
  type InvoicePaymentDocumentInput,
  type InvoicePaymentInput,
  type InvoicePaymentRules,
} from './invoice-payment-checks';
import { formatMinorUnits } from './money';
import type { PaymentSettings } from './payment-settings';

const reasons = [
  { reason_code: 'PP', description: 'Partial payment', comments_required: '', company_code: '1000', payment_type: 'O' },
  { reason_code: 'DM', description: 'Damaged', comments_required: 'X', company_code: '1000', payment_type: 'O' },
];

const rules = (overrides: Partial<InvoicePaymentRules> = {}): InvoicePaymentRules => ({
  paymentsAllowed: true,
  overpaymentAllowed: false,
  partialAllowed: true,
  cvvRequired: true,
  reasonsRequired: true,
  limits: { maximumCardPayment: '0', maximumEcheckPayment: '0' },
  reasonCodes: reasons,
  ...overrides,
});

const doc = (open: string, amount = open, reason_code = '', comment = ''): InvoicePaymentDocumentInput => ({
  open_amount: open,
  amount_to_process: amount,
  reason_code,
  comment,
});

const visa = { payment_card_type: 'VISA' as const, card_validation_code: '123' };

const request = (overrides: Partial<InvoicePaymentInput> = {}): InvoicePaymentInput => ({
  company_code: '1000',
  currency_decimals: 2,
  documents: [doc('100.00'), doc('50.00')],
  payment_method: visa,
  ...overrides,
});

describe('checkInvoicePayment, each check', () => {
  it('lets a valid payment of two invoices in full through', () => {
    expect(checkInvoicePayment(request(), rules())).toBeNull();
  });

  it('refuses when the company code disables payments', () => {
    expect(checkInvoicePayment(request(), rules({ paymentsAllowed: false }))).toEqual({
      key: 'validation.payment.payments_disabled',
    });
  });

  it('refuses an empty request and an unreadable amount', () => {
    expect(checkInvoicePayment(request({ documents: [] }), rules())?.key).toBe(
      'validation.payment.no_invoices_selected',
    );
    expect(checkInvoicePayment(request({ documents: [doc('100', '1e2')] }), rules())).toEqual({
      key: 'validation.pay_amount.not_numeric',
      documentIndex: 0,
    });
  });

  it('(1) with several invoices, refuses a payment above its open amount, even when overpayment is allowed', () => {
    const documents = [doc('100.00'), doc('50.00', '50.01')];
    expect(checkInvoicePayment(request({ documents }), rules({ overpaymentAllowed: true }))).toEqual({
      key: 'validation.payment.over_payment_not_allowed',
      documentIndex: 1,
    });
    expect(checkInvoicePayment(request({ documents: [doc('100'), doc('50', '50.00')] }), rules())).toBeNull();
  });

  it('(2) refuses when no payment method is selected', () => {
    expect(checkInvoicePayment(request({ payment_method: null }), rules())?.key).toBe(
      'validation.payment.card_not_selected',
    );
  });

  it('(3) refuses overpaying a single invoice when not allowed, and allows it when payment type O allows it', () => {
    const documents = [doc('100.00', '100.01')];
    expect(checkInvoicePayment(request({ documents }), rules())?.key).toBe('validation.payment.over_pay_not_allowed');
    expect(checkInvoicePayment(request({ documents }), rules({ overpaymentAllowed: true }))).toBeNull();
  });

  it('(4) requires a CVV of the card brand length when cvv_use_control is 1', () => {
    const withCvv = (card_validation_code: string, payment_card_type: 'VISA' | 'AMEX' = 'VISA') =>
      checkInvoicePayment(request({ payment_method: { payment_card_type, card_validation_code } }), rules())?.key;
    expect(withCvv('')).toBe('validation.payment.cvv_empty');
    expect(withCvv('12')).toBe('validation.payment.cvv_invalid');
    expect(withCvv('1234')).toBe('validation.payment.cvv_invalid');
    expect(withCvv('12a')).toBe('validation.payment.cvv_invalid');
    expect(withCvv('123', 'AMEX')).toBe('validation.payment.cvv_invalid');
    expect(withCvv('1234', 'AMEX')).toBeUndefined();
    expect(checkInvoicePayment(request({ payment_method: { payment_card_type: 'MC' } }), rules())?.key).toBe(
      'validation.payment.cvv_empty',
    );
  });

  it('(4) asks no CVV of an e-check, nor of a card when cvv_use_control is not 1', () => {
    expect(checkInvoicePayment(request({ payment_method: { payment_card_type: 'EC' } }), rules())).toBeNull();
    expect(
      checkInvoicePayment(request({ payment_method: { payment_card_type: 'VISA' } }), rules({ cvvRequired: false })),
    ).toBeNull();
  });

  it('(5) refuses credits that bring the total to 0 or less', () => {
    const equal = [doc('100.00'), doc('-100.00')];
    expect(checkInvoicePayment(request({ documents: equal }), rules())?.key).toBe(
      'validation.payment.credit_amount_validation',
    );
    const more = [doc('100.00'), doc('-100.01')];
    expect(checkInvoicePayment(request({ documents: more }), rules())?.key).toBe(
      'validation.payment.credit_amount_validation',
    );
    expect(checkInvoicePayment(request({ documents: [doc('100.01'), doc('-100.00')] }), rules())).toBeNull();
  });

  it('(6) refuses a pay total of 0 without credits', () => {
    const documents = [doc('100.00', '0', 'PP')];
    expect(checkInvoicePayment(request({ documents }), rules())?.key).toBe(
      'validation.payment.pay_amount_validation_message',
    );
  });

  it('(7) refuses a total above the maximum card payment, with the amount, not one equal to it', () => {
    const limits = { maximumCardPayment: '150', maximumEcheckPayment: '0' };
    expect(checkInvoicePayment(request({ documents: [doc('100'), doc('50')] }), rules({ limits }))).toBeNull();
    expect(checkInvoicePayment(request({ documents: [doc('100'), doc('50.01')] }), rules({ limits }))).toEqual({
      key: 'validation.payment.maximum_card_payment_exceeded_message',
      values: { amount: '150.00' },
    });
  });

  it('(7) uses the maximum e-check payment for e-checks, and 0 means no limit', () => {
    const echeck = { payment_card_type: 'EC' as const };
    const limits = { maximumCardPayment: '0', maximumEcheckPayment: '120.5' };
    expect(checkInvoicePayment(request({ payment_method: echeck }), rules({ limits }))).toEqual({
      key: 'validation.payment.maximum_echeck_payment_exceeded_message',
      values: { amount: '120.50' },
    });
    expect(checkInvoicePayment(request(), rules({ limits }))).toBeNull();
    expect(
      checkInvoicePayment(
        request({ documents: [doc('99999999.99')] }),
        rules({ limits: { maximumCardPayment: '0', maximumEcheckPayment: '0' } }),
      ),
    ).toBeNull();
  });

  it('(8) needs a reason for a short payment of an invoice, not of a credit', () => {
    const short = [doc('100.00', '60.00'), doc('50.00')];
    expect(checkInvoicePayment(request({ documents: short }), rules())).toEqual({
      key: 'validation.payment.reason_required',
      documentIndex: 0,
    });
    const withReason = [doc('100.00', '60.00', 'PP'), doc('50.00')];
    expect(checkInvoicePayment(request({ documents: withReason }), rules())).toBeNull();
    const credit = [doc('100.00'), doc('-20.00')];
    expect(checkInvoicePayment(request({ documents: credit }), rules())).toBeNull();
  });

  it('(8) refuses a reason code the company code does not offer for payments', () => {
    const documents = [doc('100.00', '60.00', 'ZZ')];
    expect(checkInvoicePayment(request({ documents }), rules())?.key).toBe('validation.payment.reason_required');
  });

  it('(8) needs a comment for a reason flagged comments_required X, and not for PP without the flag', () => {
    const noComment = [doc('100.00', '60.00', 'DM', '  ')];
    expect(checkInvoicePayment(request({ documents: noComment }), rules())).toEqual({
      key: 'validation.payment.reason_description_validation_message',
      documentIndex: 0,
    });
    expect(
      checkInvoicePayment(request({ documents: [doc('100.00', '60.00', 'DM', 'two broken')] }), rules()),
    ).toBeNull();
    expect(checkInvoicePayment(request({ documents: [doc('100.00', '60.00', 'PP')] }), rules())).toBeNull();
  });

  it('(8) follows comments_required for PP too when the configuration flags it', () => {
    const flagged = rules({ reasonCodes: [{ ...reasons[0]!, comments_required: 'X' }] });
    expect(checkInvoicePayment(request({ documents: [doc('100.00', '60.00', 'PP')] }), flagged)?.key).toBe(
      'validation.payment.reason_description_validation_message',
    );
  });

  it('(8) skips reasons when they are not required', () => {
    const documents = [doc('100.00', '60.00'), doc('50.00', '50.00', 'DM')];
    expect(checkInvoicePayment(request({ documents }), rules({ reasonsRequired: false }))).toBeNull();
  });

  it('after the eight, refuses a partial payment when partial payment is not allowed', () => {
    const documents = [doc('100.00', '60.00', 'PP')];
    expect(checkInvoicePayment(request({ documents }), rules({ partialAllowed: false }))).toEqual({
      key: 'validation.pay_amount.partial_payment_not_allowed',
      documentIndex: 0,
    });
  });

  it('after the eight, refuses a credit applied other than in full', () => {
    const documents = [doc('100.00'), doc('-20.00', '-30.00')];
    expect(checkInvoicePayment(request({ documents }), rules())).toEqual({
      key: 'validation.pay_amount.over_payment_not_allowed',
      documentIndex: 1,
    });
  });
});

describe('checkInvoicePayment, the order of the checks', () => {
  // Each request fails every check from its index on; the earliest must be reported.
  const limits = { maximumCardPayment: '10', maximumEcheckPayment: '10' };
  const failing = {
    1: { documents: [doc('100', '60'), doc('50', '50.01')] },
    2: { payment_method: null },
    3: { documents: [doc('100', '100.01')] },
    4: { payment_method: { payment_card_type: 'VISA' as const, card_validation_code: '' } },
    5: { documents: [doc('100', '60'), doc('-100')] },
    6: { documents: [doc('100', '0')] },
    7: { documents: [doc('100', '60')] },
    8: { documents: [doc('100', '5')] },
  } as const;
  const expected = [
    'validation.payment.over_payment_not_allowed',
    'validation.payment.card_not_selected',
    'validation.payment.over_pay_not_allowed',
    'validation.payment.cvv_empty',
    'validation.payment.credit_amount_validation',
    'validation.payment.pay_amount_validation_message',
    'validation.payment.maximum_card_payment_exceeded_message',
    'validation.payment.reason_required',
  ];

  it('reports each check alone', () => {
    for (let check = 1; check <= 8; check++) {
      const only = { ...failing[check as keyof typeof failing] };
      expect(checkInvoicePayment(request(only), rules({ limits: check === 7 ? limits : rules().limits }))?.key).toBe(
        expected[check - 1],
      );
    }
  });

  it('reports the earliest of several failing checks', () => {
    // Several invoices, one over its open amount, a total of 0 and no method: check 1 wins.
    const all = request({ documents: [doc('100', '0'), doc('50', '50.01')], payment_method: null });
    expect(checkInvoicePayment(all, rules({ limits }))?.key).toBe(expected[0]);
    // No method and overpaying a single invoice: check 2 before 3.
    expect(checkInvoicePayment(request({ documents: [doc('100', '200')], payment_method: null }), rules())?.key).toBe(
      expected[1],
    );
    // Overpaying, no CVV, above the maximum: check 3.
    const overNoCvv = request({ documents: [doc('100', '200')], payment_method: { payment_card_type: 'VISA' } });
    expect(checkInvoicePayment(overNoCvv, rules({ limits }))?.key).toBe(expected[2]);
    // No CVV, credits to 0: check 4.
    const cvvAndCredit = request({
      documents: [doc('100', '60'), doc('-100')],
      payment_method: { payment_card_type: 'MC' },
    });
    expect(checkInvoicePayment(cvvAndCredit, rules({ limits }))?.key).toBe(expected[3]);
    // Credits to 0 and a short payment without reason: check 5.
    expect(checkInvoicePayment(request({ documents: [doc('100', '60'), doc('-100')] }), rules({ limits }))?.key).toBe(
      expected[4],
    );
    // Total 0, no reason: check 6.
    expect(checkInvoicePayment(request({ documents: [doc('100', '0')] }), rules({ limits }))?.key).toBe(expected[5]);
    // Above the maximum and a short payment without reason: check 7.
    expect(checkInvoicePayment(request({ documents: [doc('100', '60')] }), rules({ limits }))?.key).toBe(expected[6]);
    // A short payment without reason and partial payment not allowed: check 8 before the amount rules.
    expect(checkInvoicePayment(request({ documents: [doc('100', '5')] }), rules({ partialAllowed: false }))?.key).toBe(
      expected[7],
    );
  });
});

describe('checkInvoicePayment, currencies and many amounts', () => {
  it('compares JPY amounts without decimals and KWD amounts with three', () => {
    const jpy = request({ currency_decimals: 0, documents: [doc('1000'), doc('500', '501')] });
    expect(checkInvoicePayment(jpy, rules())?.key).toBe('validation.payment.over_payment_not_allowed');
    const jpyLimit = { maximumCardPayment: '1500', maximumEcheckPayment: '0' };
    expect(
      checkInvoicePayment(
        request({ currency_decimals: 0, documents: [doc('1000'), doc('500')] }),
        rules({ limits: jpyLimit }),
      ),
    ).toBeNull();
    expect(
      checkInvoicePayment(request({ currency_decimals: 0, documents: [doc('1501')] }), rules({ limits: jpyLimit })),
    ).toEqual({ key: 'validation.payment.maximum_card_payment_exceeded_message', values: { amount: '1500' } });
    const kwdLimit = { maximumCardPayment: '10.125', maximumEcheckPayment: '0' };
    expect(
      checkInvoicePayment(request({ currency_decimals: 3, documents: [doc('10.126')] }), rules({ limits: kwdLimit })),
    ).toEqual({ key: 'validation.payment.maximum_card_payment_exceeded_message', values: { amount: '10.125' } });
    expect(
      checkInvoicePayment(request({ currency_decimals: 3, documents: [doc('10.125')] }), rules({ limits: kwdLimit })),
    ).toBeNull();
  });

  it('sums 0.1 and 0.2 exactly against a maximum of 0.3', () => {
    const limits = { maximumCardPayment: '0.3', maximumEcheckPayment: '0' };
    expect(checkInvoicePayment(request({ documents: [doc('0.1'), doc('0.2')] }), rules({ limits }))).toBeNull();
  });

  it('agrees with bigint arithmetic for many random totals against a maximum', () => {
    let state = 42;
    const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0);
    for (let run = 0; run < 1000; run++) {
      const decimals = [0, 2, 3][next() % 3] as number;
      const minors = Array.from({ length: 1 + (next() % 6) }, () => BigInt(next() % 1_000_000) + 1n);
      const total = minors.reduce((sum, minor) => sum + minor, 0n);
      const maximum = total + BigInt(next() % 3) - 1n;
      const documents = minors.map((minor) => doc(formatMinorUnits(minor, decimals)));
      const limits = { maximumCardPayment: formatMinorUnits(maximum, decimals), maximumEcheckPayment: '0' };
      const result = checkInvoicePayment(request({ currency_decimals: decimals, documents }), rules({ limits }));
      expect(result?.key ?? null).toBe(
        total > maximum ? 'validation.payment.maximum_card_payment_exceeded_message' : null,
      );
    }
  });
});

describe('invoicePaymentRules', () => {
  const settings: PaymentSettings = {
    payment_types: [{ payment_type: 'O', active: 'X', overpayment_allowed: 'X' }],
    company_codes: [{ company_code: '1000', enable_deposits: '', disable_payments: '' }],
    generel_data: { partial_payments_allowed: 'R', cvv_use_control: '' },
    payment_reason_codes: [...reasons, { ...reasons[0]!, company_code: '1000', payment_type: 'D', reason_code: 'AD' }],
  };

  it('reads the rules of a company code from the configuration', () => {
    const limits = { maximumCardPayment: '0', maximumEcheckPayment: '0' };
    const read = invoicePaymentRules(settings, limits, '1000');
    expect(read).toMatchObject({
      paymentsAllowed: true,
      overpaymentAllowed: true,
      partialAllowed: true,
      cvvRequired: true,
      reasonsRequired: true,
    });
    expect(read.reasonCodes.map((reason) => reason.reason_code)).toEqual(['PP', 'DM']);
    expect(invoicePaymentRules(settings, limits, '3000').paymentsAllowed).toBe(false);
    expect(invoicePaymentRules(settings, limits, '1000', { reasonsRequired: false }).reasonsRequired).toBe(false);
  });
});
