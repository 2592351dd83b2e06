import { describe, expect, it } from 'vitest';
import { emptyLookup, lookupFromLink, lookupRefusal, validateLookup } from './lookup-form';

const error = (code: string, extra: Record<string, unknown> = {}) => ({
  error: code,
  message: code,
  messageKey: 'x',
  uniqueId: 'u',
  ...extra,
});

describe('validateLookup', () => {
  it('names every empty field with the spec texts', () => {
    expect(validateLookup(emptyLookup)).toEqual({
      accountNumber: 'validation.account_lookup.account_number_required',
      invoiceNumber: 'validation.account_lookup.invoice_number_required',
      invoiceAmount: 'validation.account_lookup.invoice_amount_required',
    });
  });

  it('uses the numeric variant for an account number with letters', () => {
    expect(validateLookup({ ...emptyLookup, accountNumber: '10A' }).accountNumber).toBe(
      'validation.account_lookup.account_number_numeric',
    );
  });

  it('accepts an optional minus, digits and up to three decimals, nothing else', () => {
    const amount = (invoiceAmount: string) =>
      validateLookup({ accountNumber: '0000100001', invoiceNumber: '90000123', invoiceAmount }).invoiceAmount;
    for (const ok of ['150', '150.5', '-12.30', '0.125', ' 99.00 ']) expect(amount(ok)).toBeUndefined();
    for (const bad of ['1e3', '1,50', '.5', '12.', '--1', '1.2345', 'abc'])
      expect(amount(bad)).toBe('validation.account_lookup.invoice_amount_required');
  });

  it('passes a complete triple', () => {
    expect(validateLookup({ accountNumber: '100001', invoiceNumber: 'INV-1', invoiceAmount: '10.00' })).toEqual({});
  });
});

describe('lookupRefusal', () => {
  it('maps 404 to no account found', () => {
    expect(lookupRefusal(404, error('NOT_FOUND'))).toEqual({
      kind: 'error',
      messageKey: 'errors.account.no_account_found',
    });
  });

  it('maps a duplicate to already added', () => {
    expect(lookupRefusal(409, error('GUEST_ALREADY_ADDED', { reason: 'duplicate' }))).toEqual({
      kind: 'error',
      messageKey: 'errors.account.already_added',
    });
  });

  it('replaces the form at the four-account cap and says when guest payment is off', () => {
    expect(lookupRefusal(409, error('GUEST_MAX_ACCOUNTS'))).toEqual({ kind: 'max_accounts' });
    expect(lookupRefusal(403, error('GUEST_PAYMENT_DISABLED'))).toEqual({ kind: 'disabled' });
  });

  it('answers anything else with too many attempts (spec §8)', () => {
    for (const [status, body] of [
      [429, error('RATE_LIMITED')],
      [400, error('VALIDATION_FAILED')],
      [500, undefined],
    ] as const)
      expect(lookupRefusal(status, body)).toEqual({ kind: 'error', messageKey: 'errors.account.too_many_attempts' });
  });
});

describe("lookupFromLink (a payment reminder's guest link)", () => {
  it('fills in the account and the invoice, never the amount', () => {
    expect(lookupFromLink(new URLSearchParams('account=100001&invoice=90000123&amount=10'))).toEqual({
      accountNumber: '100001',
      invoiceNumber: '90000123',
      invoiceAmount: '',
    });
  });

  it('leaves out what does not look like a number', () => {
    expect(lookupFromLink(new URLSearchParams('account=1%3Cscript%3E&invoice=%22%3E%3Cimg'))).toEqual(emptyLookup);
    expect(lookupFromLink(new URLSearchParams(''))).toEqual(emptyLookup);
  });
});
