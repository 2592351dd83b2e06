import { checkGuestPayment } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { guestPaymentRules } from './guest-invoice';
import { buildGuestPayRequest, guestCheckInput, guestThreeDsApplies, type GuestCard } from './guest-pay-request';
import { guestInvoice } from './test-fixtures';

const payer = { first_name: ' Gia ', last_name: 'Guest', email: 'gia@example.org ' };
const card: GuestCard = {
  accessToken: 'cc-access',
  token: '-VISA-1111-XXXXXXXXXXXXXXXX',
  type: 'VISA',
  lastFour: '1111',
  expirationMonth: '12',
  expirationYear: '2030',
};

describe('buildGuestPayRequest', () => {
  it('pays the invoice in USD with the frame’s card and trimmed names, and no CVV (the frame took it)', () => {
    const request = buildGuestPayRequest({
      invoice: guestInvoice(),
      payer,
      amount: { amount: '150.00', reason: '', comment: '' },
      card,
      reasonShown: false,
    });
    expect(request).toEqual({
      guest: { first_name: 'Gia', last_name: 'Guest', email: 'gia@example.org' },
      document: {
        billing_document_number: '0090000123',
        open_amount: '150.00',
        amount_to_process: '150.00',
        reason_code: '',
        comment: '',
      },
      currency_key: 'USD',
      payment_detail: {
        payment_card_token: card.token,
        payment_card_type: 'VISA',
        card_access_token: 'cc-access',
      },
      log: { id: 'POST_INVOICE' },
    });
  });

  it('sends the reason and comment only where the reason shows', () => {
    const build = (reasonShown: boolean) =>
      buildGuestPayRequest({
        invoice: guestInvoice(),
        payer,
        amount: { amount: '100.00', reason: 'DI', comment: ' late ' },
        card,
        reasonShown,
      });
    expect(build(true).document).toMatchObject({ reason_code: 'DI', comment: 'late' });
    expect(build(false).document).toMatchObject({ reason_code: '', comment: '' });
  });
});

describe('guestCheckInput with checkGuestPayment', () => {
  const check = (amount: { amount: string; reason: string; comment: string }) => {
    const invoice = guestInvoice();
    return checkGuestPayment(guestCheckInput({ invoice, payer, amount, cardType: 'VISA' }), guestPaymentRules(invoice));
  };

  it('passes a full payment', () => {
    expect(check({ amount: '150.00', reason: '', comment: '' })).toBeNull();
  });

  it('asks for a reason on a short payment and a comment for a reason flagged X', () => {
    expect(check({ amount: '100.00', reason: '', comment: '' })).toMatchObject({
      key: 'validation.invoice_detail.reason_code_required',
      field: 'reason_code',
    });
    expect(check({ amount: '100.00', reason: 'DI', comment: '' })).toMatchObject({
      key: 'validation.invoice_detail.reason_comment_required',
      field: 'comment',
    });
    expect(check({ amount: '100.00', reason: 'PP', comment: '' })).toBeNull();
  });
});

describe('guestThreeDsApplies', () => {
  it('applies to Visa and Mastercard when the company code has it, never to AMEX', () => {
    expect(guestThreeDsApplies(guestInvoice(), 'VISA')).toBe(true);
    expect(guestThreeDsApplies(guestInvoice(), 'AMEX')).toBe(false);
    expect(guestThreeDsApplies(guestInvoice({}, { secure_3ds: false }), 'MC')).toBe(false);
  });
});
