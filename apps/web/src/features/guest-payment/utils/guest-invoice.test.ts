import { describe, expect, it } from 'vitest';
import { currencySymbol, guestInvoiceState, guestPaymentRules, isCreditAmount, showsPayAmount } from './guest-invoice';
import { guestInvoice } from './test-fixtures';

describe('guestInvoiceState', () => {
  it('is payable when something is open in USD', () => {
    expect(guestInvoiceState(guestInvoice())).toBe('payable');
  });

  it('goes back to the form when paid_amount equals total_amount', () => {
    expect(guestInvoiceState(guestInvoice({ open_amount: '0.00', paid_amount: '150.00' }))).toBe('paid');
  });

  it('warns when the open amount is zero or less', () => {
    expect(guestInvoiceState(guestInvoice({ open_amount: '-20.00', total_amount: '-20.00' }))).toBe('nothing_open');
    expect(guestInvoiceState(guestInvoice({ open_amount: '0.00', total_amount: '0.00' }))).toBe('nothing_open');
  });

  it('cannot pay an invoice in another currency than USD', () => {
    expect(guestInvoiceState(guestInvoice({ currency_key: 'EUR' }))).toBe('currency');
  });
});

describe('the card', () => {
  it('shows the pay amount only when total_amount is zero or more', () => {
    expect(showsPayAmount(guestInvoice())).toBe(true);
    expect(showsPayAmount(guestInvoice({ total_amount: '0.00' }))).toBe(true);
    expect(showsPayAmount(guestInvoice({ total_amount: '-1.00' }))).toBe(false);
  });

  it('labels a negative open amount a credit', () => {
    expect(isCreditAmount('-5.00')).toBe(true);
    expect(isCreditAmount('5.00')).toBe(false);
  });

  it('finds the currency symbol for the pay amount', () => {
    expect(currencySymbol('USD', 'en')).toBe('$');
    expect(currencySymbol('EUR', 'de')).toBe('€');
    expect(currencySymbol('???', 'en')).toBe('???');
  });

  it('takes the pay rules from the lookup', () => {
    const rules = guestPaymentRules(guestInvoice({}, { partial_payment_allowed: false, maximum_card_payment: '500' }));
    expect(rules).toMatchObject({
      partialAllowed: false,
      overpaymentAllowed: true,
      cvvRequired: false,
      limits: { maximumCardPayment: '500', maximumEcheckPayment: '0' },
    });
    expect(rules.reasonCodes.map((code) => code.reason_code)).toEqual(['PP', 'DI']);
  });
});
