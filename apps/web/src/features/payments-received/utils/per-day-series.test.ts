import { describe, expect, it } from 'vitest';
import { axisTicks, currenciesByCount, perDaySeries } from './per-day-series';

const perDay = [
  { day: '2026-10-30', currency_key: 'USD', currency_decimals: 2, amount: '12.50', count: 2 },
  { day: '2026-10-30', currency_key: 'JPY', currency_decimals: 0, amount: '1500', count: 1 },
  { day: '2026-11-01', currency_key: 'USD', currency_decimals: 2, amount: '90071992547409.93', count: 3 },
];

describe('perDaySeries', () => {
  it('gives one bar per day of the period for one currency, days without payments at zero', () => {
    const bars = perDaySeries(perDay, 'USD', { date_from: '2026-10-29', date_to: '2026-11-01' });
    expect(bars.map((bar) => [bar.day, bar.amount, bar.count])).toEqual([
      ['2026-10-29', '0.00', 0],
      ['2026-10-30', '12.50', 2],
      ['2026-10-31', '0.00', 0],
      ['2026-11-01', '90071992547409.93', 3],
    ]);
    // The exact amount stays a string; only the bar's height is a number.
    expect(bars[3]!.value).toBeGreaterThan(9e13);
  });

  it('keeps a currency without decimals whole, and spans a whole leap year', () => {
    const bars = perDaySeries(perDay, 'JPY', { date_from: '2024-01-01', date_to: '2025-01-01' });
    expect(bars).toHaveLength(367);
    expect(bars[0]!.amount).toBe('0');
  });
});

describe('currenciesByCount', () => {
  it('puts the currency with the most payments first, then by code', () => {
    expect(
      currenciesByCount([
        { currency_key: 'USD', currency_decimals: 2, amount: '1.00', count: 2 },
        { currency_key: 'KWD', currency_decimals: 3, amount: '1.000', count: 5 },
        { currency_key: 'JPY', currency_decimals: 0, amount: '1', count: 2 },
      ]),
    ).toEqual(['KWD', 'JPY', 'USD']);
  });
});

describe('axisTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten up to the largest bar', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(9e13).at(-1)).toBeGreaterThanOrEqual(9e13);
  });
});
