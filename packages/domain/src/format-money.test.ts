import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('formats a decimal string with the currency of the language', () => {
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('90071992547409.93', 'USD', 'en')).toBe('$90,071,992,547,409.93');
  });

  it('uses the currency decimals (JPY has none)', () => {
    expect(formatMoney('1500', 'JPY', 'en')).toBe('¥1,500');
  });

  it('honours the ledger decimals when given', () => {
    expect(formatMoney('1.235', 'KWD', 'en', { decimals: 3 })).toContain('1.235');
  });

  it('names the currency by its code when asked, in the order of the language', () => {
    expect(formatMoney('25', 'USD', 'en', { decimals: 2, display: 'code' })).toBe('USD\u00a025.00');
    expect(formatMoney('25', 'USD', 'fr', { decimals: 2, display: 'code' })).toMatch(/^25,00\s+USD$/);
  });

  it('returns a value that is not a decimal unchanged', () => {
    expect(formatMoney('n/a', 'USD', 'en')).toBe('n/a');
  });
});
