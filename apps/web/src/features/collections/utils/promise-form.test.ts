import type { LedgerDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { checkPromise, owedBy, promisableDocuments, promiseDateBounds, toPromiseRequest } from './promise-form';

const document = (number: string, open: string) =>
  ({ billing_document_number: number, open_amount: open, currency_key: 'USD' }) as LedgerDocument;

const limits = { today: '2026-11-28', maxDays: 60, decimals: 2, owed: '150.00' };

describe('promiseDateBounds', () => {
  it('offers today up to today + promiseMaxDays', () => {
    expect(promiseDateBounds('2026-11-28', 60)).toEqual({ min: '2026-11-28', max: '2027-01-27' });
    expect(promiseDateBounds('2024-02-28', 1)).toEqual({ min: '2024-02-28', max: '2024-02-29' });
  });
});

describe('checkPromise', () => {
  it('accepts a day in the bounds without an amount: all the invoices owe', () => {
    expect(checkPromise({ date: '2026-11-28', amount: '' }, limits)).toEqual({});
    expect(checkPromise({ date: '2027-01-27', amount: ' ' }, limits)).toEqual({});
  });

  it('refuses a missing day, a day past and a day beyond promiseMaxDays', () => {
    expect(checkPromise({ date: '', amount: '' }, limits)).toEqual({
      date: 'collections.promise.errors.date_required',
    });
    expect(checkPromise({ date: '2026-11-27', amount: '' }, limits).date).toBe('collections.promise.errors.date_range');
    expect(checkPromise({ date: '2027-01-28', amount: '' }, limits).date).toBe('collections.promise.errors.date_range');
  });

  it('refuses an amount that is not a plain decimal of the currency, nothing, or more than the invoices owe', () => {
    const amount = (value: string) => checkPromise({ date: '2026-12-01', amount: value }, limits).amount;
    expect(amount('1e3')).toBe('collections.promise.errors.amount_invalid');
    expect(amount('10.005')).toBe('collections.promise.errors.amount_invalid');
    expect(amount('0.00')).toBe('collections.promise.errors.amount_positive');
    expect(amount('-5')).toBe('collections.promise.errors.amount_positive');
    expect(amount('150.01')).toBe('collections.promise.errors.amount_too_high');
    expect(amount('150')).toBeUndefined();
  });

  it('counts a currency without decimals whole', () => {
    const yen = { ...limits, decimals: 0, owed: '15000' };
    expect(checkPromise({ date: '2026-12-01', amount: '100.5' }, yen).amount).toBe(
      'collections.promise.errors.amount_invalid',
    );
    expect(checkPromise({ date: '2026-12-01', amount: '15000' }, yen)).toEqual({});
  });
});

describe('the documents of a promise', () => {
  it('holds the invoices with something open, not credits, and adds up what they owe exactly', () => {
    const documents = [
      document('9001', '100.10'),
      document('9002', '-20.00'),
      document('', '5.00'),
      document('9003', '49.90'),
    ];
    const held = promisableDocuments(documents, 2);
    expect(held.map((entry) => entry.billing_document_number)).toEqual(['9001', '9003']);
    expect(owedBy(held, 2)).toBe('150.00');
  });
});

describe('toPromiseRequest', () => {
  const payer = { customer_number: '100001', company_code: '1000' };

  it("names each invoice once and sends the amount in the currency's decimals", () => {
    const request = toPromiseRequest(
      payer,
      [document('9001', '100.10'), document('9001', '100.10'), document('9003', '49.90')],
      { date: '2026-12-01', amount: '75.5' },
      2,
    );
    expect(request).toEqual({
      payer_data: payer,
      documents: [{ billing_document_number: '9001' }, { billing_document_number: '9003' }],
      promised_date: '2026-12-01',
      amount: '75.50',
    });
  });

  it('leaves the amount out when none was given (all they owe)', () => {
    expect(
      toPromiseRequest(payer, [document('9001', '1.00')], { date: '2026-12-01', amount: '' }, 2),
    ).not.toHaveProperty('amount');
  });
});
