import { paymentDocumentKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ledgerDocument } from '../../../lib/test-fixtures';
import { pickReminderInvoices } from './pick-reminder-invoices';

const invoice = (billing: string, finance: string, currency = 'USD', open = '100.00') =>
  ledgerDocument({
    billing_document_number: billing,
    document_number_finance: finance,
    currency_key: currency,
    open_amount: open,
    total_amount: open,
  });

describe('pickReminderInvoices', () => {
  it('selects the open invoices of the link, matched without leading zeros', () => {
    const first = invoice('0090000001', '1800000001');
    const second = invoice('0090000002', '1800000002');
    const pick = pickReminderInvoices(['90000001', '90000002'], [second, first]);
    expect(pick.documents).toEqual([first, second]);
    expect(pick.currency).toBe('USD');
    expect(pick.paid).toEqual([]);
  });

  it('finds an item without a billing document by its finance document number', () => {
    const charge = invoice('', '1800000009');
    expect(pickReminderInvoices(['1800000009'], [charge]).documents).toEqual([charge]);
  });

  it('names the invoices paid since the reminder', () => {
    const open = invoice('0090000001', '1800000001');
    const cleared = { ...invoice('0090000002', '1800000002'), document_status: '02' as const };
    const pick = pickReminderInvoices(['90000001', '90000002', '90000003'], [open, cleared]);
    expect(pick.documents).toEqual([open]);
    expect(pick.paid).toEqual(['90000002', '90000003']);
  });

  it('counts an invoice held by a payment in process as paid, and never selects a credit', () => {
    const held = invoice('0090000001', '1800000001');
    const credit = invoice('0090000002', '1800000002', 'USD', '-20.00');
    const pick = pickReminderInvoices(['90000001', '90000002'], [held, credit], new Set([paymentDocumentKey(held)]));
    expect(pick.documents).toEqual([]);
    expect(pick.currency).toBeNull();
    expect(pick.paid).toEqual(['90000001', '90000002']);
  });

  it("keeps the first invoice's currency and leaves the others to be paid separately", () => {
    const euro = invoice('0090000001', '1800000001', 'EUR');
    const dollar = invoice('0090000002', '1800000002', 'USD');
    const pound = invoice('0090000003', '1800000003', 'GBP');
    const euroToo = invoice('0090000004', '1800000004', 'EUR');
    const pick = pickReminderInvoices(['90000001', '90000002', '90000003', '90000004'], [dollar, pound, euro, euroToo]);
    expect(pick.currency).toBe('EUR');
    expect(pick.documents).toEqual([euro, euroToo]);
    expect(pick.otherCurrency).toEqual(['90000002', '90000003']);
    expect(pick.otherCurrencies).toEqual(['USD', 'GBP']);
  });

  it('selects each line item of an invoice once', () => {
    const line1 = invoice('0090000001', '1800000001');
    const line2 = { ...line1, line_item_in_the_relevant_invoice: '002' };
    const pick = pickReminderInvoices(['90000001', '1800000001'], [line1, line2, line1]);
    expect(pick.documents).toEqual([line1, line2]);
  });
});
