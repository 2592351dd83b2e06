import { describe, expect, it } from 'vitest';
import {
  checkGuestPayment,
  isGuestReasonShown,
  isValidEmail,
  validateGuestPayer,
  type GuestPaymentInput,
} from './guest-payment-checks';
import type { InvoicePaymentRules } from './invoice-payment-checks';

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

const request = (
  document: Partial<GuestPaymentInput['document']> = {},
  overrides: Partial<GuestPaymentInput> = {},
): GuestPaymentInput => ({
  company_code: '1000',
  currency_decimals: 2,
  guest: { first_name: 'Gia', last_name: 'Guest', email: 'gia@example.com' },
  document: { open_amount: '120.00', amount_to_process: '120.00', reason_code: '', comment: '', ...document },
  payment_method: { payment_card_type: 'VISA' },
  ...overrides,
});

describe('validateGuestPayer', () => {
  it('requires first name, last name and a valid e-mail', () => {
    expect(validateGuestPayer({ first_name: ' ', last_name: '', email: '' })).toEqual({
      first_name: 'validation.guest.first_name_required',
      last_name: 'validation.guest.last_name_required',
      email: 'validation.guest.email_required',
    });
    expect(validateGuestPayer({ first_name: 'A', last_name: 'B', email: 'not-an-email' })).toEqual({
      email: 'validation.guest.email_invalid',
    });
  });

  it('accepts ordinary addresses and refuses broken ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['a@b', 'a b@c.de', '@c.de', 'a@.de', 'a@@c.de']) expect(isValidEmail(bad)).toBe(false);
  });
});

describe('checkGuestPayment', () => {
  it('lets the full open amount through without a reason', () => {
    expect(checkGuestPayment(request(), rules())).toBeNull();
  });

  it('checks the guest first, in field order', () => {
    expect(checkGuestPayment(request({}, { guest: { first_name: '', last_name: '', email: 'x' } }), rules())).toEqual({
      key: 'validation.guest.first_name_required',
      field: 'first_name',
    });
    expect(
      checkGuestPayment(request({}, { guest: { first_name: 'a', last_name: 'b', email: 'x' } }), rules())?.key,
    ).toBe('validation.guest.email_invalid');
  });

  it('requires a pay amount, then the pay amount rules', () => {
    expect(checkGuestPayment(request({ amount_to_process: ' ' }), rules())?.key).toBe(
      'validation.invoice_detail.pay_amount_required',
    );
    expect(checkGuestPayment(request({ amount_to_process: '1e2' }), rules())?.key).toBe(
      'validation.pay_amount.not_numeric',
    );
    expect(checkGuestPayment(request({ amount_to_process: '130.00' }), rules())?.key).toBe(
      'validation.payment.over_pay_not_allowed',
    );
    expect(checkGuestPayment(request({ amount_to_process: '0' }), rules())?.key).toBe(
      'validation.payment.pay_amount_validation_message',
    );
  });

  it('refuses a short payment without a reason, and a reason flagged X without a comment', () => {
    expect(checkGuestPayment(request({ amount_to_process: '20.00' }), rules())).toEqual({
      key: 'validation.invoice_detail.reason_code_required',
      field: 'reason_code',
    });
    expect(checkGuestPayment(request({ amount_to_process: '20.00', reason_code: 'XX' }), rules())?.key).toBe(
      'validation.invoice_detail.reason_code_required',
    );
    expect(checkGuestPayment(request({ amount_to_process: '20.00', reason_code: 'DM' }), rules())?.key).toBe(
      'validation.invoice_detail.reason_comment_required',
    );
    expect(
      checkGuestPayment(request({ amount_to_process: '20.00', reason_code: 'DM', comment: 'dented' }), rules()),
    ).toBeNull();
    expect(checkGuestPayment(request({ amount_to_process: '20.00', reason_code: 'PP' }), rules())).toBeNull();
  });

  it('leaves the CVV to the provider’s frame and applies the maximum card payment', () => {
    expect(checkGuestPayment(request({}, { payment_method: { payment_card_type: 'VISA' } }), rules())).toBeNull();
    expect(
      checkGuestPayment(request(), rules({ limits: { maximumCardPayment: '100', maximumEcheckPayment: '0' } }))?.key,
    ).toBe('validation.payment.maximum_card_payment_exceeded_message');
  });

  it('shows the reason only when the amount differs and codes exist', () => {
    expect(isGuestReasonShown({ open_amount: '10.00', amount_to_process: '10' }, 2, 2)).toBe(false);
    expect(isGuestReasonShown({ open_amount: '10.00', amount_to_process: '9' }, 2, 2)).toBe(true);
    expect(isGuestReasonShown({ open_amount: '10.00', amount_to_process: '9' }, 2, 0)).toBe(false);
  });
});
