import { PayInvoicesRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildPayRequest, checkInput, initialLines, payTotals, threeDsApplies, type PayLine } from './pay-form';
import { ledgerDocument, paymentCard } from '../../../lib/test-fixtures';

const invoice = ledgerDocument();
const second = ledgerDocument({
  billing_document_number: '0090000124',
  document_number_finance: '1800000124',
  open_amount: '49.5',
  total_amount: '49.50',
});
const credit = ledgerDocument({
  billing_document_number: '',
  document_number_finance: '1400000009',
  open_amount: '-20.00',
  total_amount: '-20.00',
});
const payer = { customer_number: '100001', company_code: 'US01' };

function lines(...documents: (typeof invoice)[]): PayLine[] {
  return initialLines(
    documents.map((document, index) => ({ key: `k${index}`, document })),
    2,
  );
}

function withDetail(line: PayLine, detail: Partial<PayLine['detail']>): PayLine {
  return { ...line, detail: { ...line.detail, ...detail } };
}

describe('initialLines', () => {
  it('starts every selected invoice at its open amount, scaled to the currency', () => {
    const [first, other] = lines(invoice, second);
    expect(first!.detail).toEqual({ amount: '150.00', amountValidation: null, reason: '', comment: '', overUnder: 0 });
    expect(other!.detail.amount).toBe('49.50');
  });

  it('uses no decimals for a currency without them (JPY)', () => {
    const [yen] = initialLines(
      [{ key: 'y', document: ledgerDocument({ currency_key: 'JPY', open_amount: '1500' }) }],
      0,
    );
    expect(yen!.detail.amount).toBe('1500');
  });
});

describe('payTotals', () => {
  it('adds invoices, credits and what is paid in minor units', () => {
    const selected = lines(invoice, second, credit);
    selected[1] = withDetail(selected[1]!, { amount: '10.05' });
    expect(payTotals(selected, 2)).toEqual({ invoices: 19_950n, credits: -2_000n, pay: 14_005n });
  });

  it('counts an amount that cannot be read as nothing', () => {
    const [only] = lines(invoice);
    expect(payTotals([withDetail(only!, { amount: '1e3' })], 2).pay).toBe(0n);
  });
});

describe('buildPayRequest', () => {
  it('builds the contract request from the selection, amounts, reasons and comments', () => {
    const selected = lines(invoice, second);
    selected[1] = withDetail(selected[1]!, { amount: ' 20.00 ', reason: 'PP', comment: '  damaged goods ' });
    const request = buildPayRequest({
      payer,
      soldto: '100001',
      currency: 'USD',
      decimals: 2,
      lines: selected,
      method: paymentCard(),
      cvv: '123',
    });
    expect(PayInvoicesRequest.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({
      payer_data: payer,
      soldto: { account_number: '100001' },
      payment_detail: {
        payment_card_token: '-VISA-1111-ABCDEF0123456789',
        payment_card_type: 'VISA',
        card_validation_code: '123',
      },
      currency_key: 'USD',
      currency_decimals: 2,
      log: { id: 'POST_INVOICE' },
    });
    expect(request.payment_detail).not.toHaveProperty('three_ds_access_token');
    expect(request.documents).toEqual([
      {
        document_number_finance: '1800000123',
        line_item_in_the_relevant_invoice: '001',
        fiscal_year_of_the_relevant_invoice: '2026',
        open_amount: '150.00',
        amount_to_process: '150.00',
        currency_key: 'USD',
        reason_code: '',
        comment: '',
        reference_number: 'PO-77',
        billing_document_number: '0090000123',
        document_date: '01-15-2026',
      },
      expect.objectContaining({
        open_amount: '49.5',
        amount_to_process: '20.00',
        reason_code: 'PP',
        comment: 'damaged goods',
      }),
    ]);
  });

  it('sends no CVV with an e-check, and the 3-D Secure access token when the card went through the step', () => {
    const base = { payer, soldto: '', currency: 'USD', decimals: 2, lines: lines(invoice), cvv: '123' };
    const echeck = buildPayRequest({
      ...base,
      method: paymentCard({ payment_card_type: 'EC', payment_card_token: '-ECHK-6789-ABCDEF0123456789' }),
    });
    expect(echeck.payment_detail).toEqual({
      payment_card_token: '-ECHK-6789-ABCDEF0123456789',
      payment_card_type: 'EC',
    });

    const card = buildPayRequest({ ...base, method: paymentCard(), threeDsAccessToken: 'at_123' });
    expect(card.payment_detail.three_ds_access_token).toBe('at_123');
  });
});

describe('checkInput', () => {
  it('hands checks 1-8 the amounts, reasons, comments and the chosen method with the typed CVV', () => {
    const selected = [withDetail(lines(invoice)[0]!, { amount: '100.00', reason: 'PP', comment: 'short' })];
    expect(checkInput(selected, 'US01', 2, paymentCard(), '999')).toEqual({
      company_code: 'US01',
      currency_decimals: 2,
      documents: [{ open_amount: '150.00', amount_to_process: '100.00', reason_code: 'PP', comment: 'short' }],
      payment_method: { payment_card_type: 'VISA', card_validation_code: '999' },
    });
    expect(checkInput(selected, 'US01', 2, null, '').payment_method).toBeNull();
  });
});

describe('threeDsApplies', () => {
  const configuration = (secure: 'X' | '', disable3ds: 'X' | '') => ({
    payment_provider: [{ secure_3ds_enabled: secure, secure_3ds_version: '2.1.0' }],
    company_codes: [
      {
        company_code: 'US01',
        name: 'Acme US',
        country: 'US',
        currency_key: 'USD',
        enable_deposits: 'X' as const,
        disable_payments: '' as const,
        enable_echeck: 'X' as const,
        disable_3ds: disable3ds,
      },
    ],
  });

  it('applies to Visa and Mastercard when the provider has it on and the company code does not turn it off', () => {
    expect(threeDsApplies(configuration('X', ''), 'US01', { payment_card_type: 'VISA' })).toBe(true);
    expect(threeDsApplies(configuration('X', ''), 'US01', { payment_card_type: 'MC' })).toBe(true);
  });

  it('never applies to AMEX or e-checks, nor when it is off for the provider or the company code', () => {
    expect(threeDsApplies(configuration('X', ''), 'US01', { payment_card_type: 'AMEX' })).toBe(false);
    expect(threeDsApplies(configuration('X', ''), 'US01', { payment_card_type: 'EC' })).toBe(false);
    expect(threeDsApplies(configuration('', ''), 'US01', { payment_card_type: 'VISA' })).toBe(false);
    expect(threeDsApplies(configuration('X', 'X'), 'US01', { payment_card_type: 'VISA' })).toBe(false);
  });
});
