// The chart's bars: one per day of the period for one currency, days without payments at zero, so that the bars
// stand on a time axis rather than side by side. Issue 37: a day's amount is net (payments less what went back that
// day), so a bar may stand below zero.
import type { PaymentsReceivedDay, PaymentsReceivedTotal } from '@portal/contracts';

export type DayBar = {
  /** yyyy-mm-dd (UTC). */
  day: string;
  /** The exact amount (decimal string): what the tooltip and the table show. */
  amount: string;
  /**
   * The bar's height. A chart draws with numbers: this float places the bar and is never shown, added up or sent;
   * every figure on screen comes from `amount`.
   */
  value: number;
  count: number;
};

const dayMs = 86_400_000;

export function perDaySeries(
  perDay: readonly PaymentsReceivedDay[],
  currency: string,
  period: { date_from: string; date_to: string },
): DayBar[] {
  const entries = new Map(perDay.filter((entry) => entry.currency_key === currency).map((entry) => [entry.day, entry]));
  const decimals = perDay.find((entry) => entry.currency_key === currency)?.currency_decimals ?? 0;
  const zero = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  const bars: DayBar[] = [];
  const end = Date.parse(`${period.date_to}T00:00:00Z`);
  for (let at = Date.parse(`${period.date_from}T00:00:00Z`); at <= end; at += dayMs) {
    const day = new Date(at).toISOString().slice(0, 10);
    const entry = entries.get(day);
    bars.push(
      entry
        ? { day, amount: entry.amount, value: Number(entry.amount), count: entry.count }
        : { day, amount: zero, value: 0, count: 0 },
    );
  }
  return bars;
}

/** The currencies of the totals, the one with the most payments first (the chart's first choice). */
export function currenciesByCount(totals: readonly PaymentsReceivedTotal[]): string[] {
  return [...totals]
    .sort((a, b) => b.count - a.count || a.currency_key.localeCompare(b.currency_key))
    .map((total) => total.currency_key);
}

/**
 * The value axis: round steps (1, 2 or 5 × a power of ten), about `count` of them, from 0 (or below the smallest bar,
 * when a day gave back more than it took: issue 37, the amounts are net of refunds) up to at least the largest bar.
 */
export function axisTicks(largest: number, count = 4, smallest = 0): number[] {
  const low = Math.min(0, smallest);
  const high = Math.max(0, largest);
  if (!(high - low > 0)) return [0, 1];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  // `+ 0` turns a -0 into 0: the ticks are React keys.
  const first = Math.floor(low / step) * step + 0;
  const ticks = [first];
  while (ticks.at(-1)! < high) ticks.push(first + ticks.length * step);
  return ticks;
}
