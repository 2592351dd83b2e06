import { describe, expect, it } from 'vitest';
import { daysToPay, documentKind, documentStatusText, dueState } from './document-state';

const row = (open_amount: string, clearing_date: string | null = null, item_is_a_payment = '') => ({
  open_amount,
  clearing_date,
  item_is_a_payment,
});

describe('derived document state', () => {
  it('tells invoices, credits and payments apart', () => {
    expect(documentKind(row('100.00'))).toBe('invoice');
    expect(documentKind(row('0.00'))).toBe('invoice');
    expect(documentKind(row('-0.00'))).toBe('invoice');
    expect(documentKind(row('-12.50'))).toBe('credit');
    expect(documentKind(row('-0.05'))).toBe('credit');
    expect(documentKind(row('0.00', '03-01-2026'))).toBe('payment');
    expect(documentKind(row('-5', null, 'X'))).toBe('payment');
  });

  it('shows Paid, Credit or Open', () => {
    expect(documentStatusText(row('0.00', '03-01-2026'))).toBe('paid');
    expect(documentStatusText(row('-1500'))).toBe('credit');
    expect(documentStatusText(row('99.99'))).toBe('open');
  });
});

describe('due dates', () => {
  const today = new Date(2026, 2, 10, 23, 59);
  it('counts days to pay, negative when overdue', () => {
    expect(daysToPay('03-10-2026', today)).toBe(0);
    expect(daysToPay('03-15-2026', today)).toBe(5);
    expect(daysToPay('03-01-2026', today)).toBe(-9);
    expect(daysToPay('2025-03-10', today)).toBe(-365);
    expect(daysToPay('garbage', today)).toBeNull();
  });
  it('marks earlier due dates overdue', () => {
    expect(dueState('03-09-2026', today)).toBe('overdue');
    expect(dueState('03-10-2026', today)).toBe('due');
  });
});
