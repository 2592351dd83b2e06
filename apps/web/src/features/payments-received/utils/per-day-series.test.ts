import { describe, expect, it } from 'vitest';
import { axisTicks, currenciesByCount, perDaySeries } from './per-day-series';

const perDay = [
  day('2026-10-30', 'USD', 2, '12.50', 2),
  day('2026-10-30', 'JPY', 0, '1500', 1),
  day('2026-11-01', 'USD', 2, '90071992547409.93', 3),
  // Issue 37: a refund alone on a day.
  day('2026-11-02', 'USD', 2, '-25.00', 1),
];

function day(date: string, currency: string, decimals: number, amount: string, count: number) {
  const zero = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  const gross = amount.startsWith('-') ? zero : amount;
  const reversed = amount.startsWith('-') ? amount.slice(1) : zero;
  return {
    day: date,
    currency_key: currency,
    currency_decimals: decimals,
    amount,
    gross_amount: gross,
    reversed_amount: reversed,
    count,
  };
}

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

  it('keeps a day that gave back more than it took below zero (net)', () => {
    const bars = perDaySeries(perDay, 'USD', { date_from: '2026-11-02', date_to: '2026-11-02' });
    expect(bars).toEqual([{ day: '2026-11-02', amount: '-25.00', value: -25, count: 1 }]);
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
      currenciesByCount([day('', 'USD', 2, '1.00', 2), day('', 'KWD', 3, '1.000', 5), day('', 'JPY', 0, '1', 2)]),
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

  it('reaches below zero when a day gave back more than it took (net of refunds)', () => {
    expect(axisTicks(100, 4, -30)).toEqual([-50, 0, 50, 100]);
    expect(axisTicks(0, 4, -25)).toEqual([-30, -20, -10, 0]);
    expect(axisTicks(7, 4, 0)).toEqual([0, 2, 4, 6, 8]);
  });
});
