// The chart's bars: one per day of the period for one currency, days without payments at zero, so that the bars
// stand on a time axis rather than side by side.
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

/** The value axis: 0 and round steps (1, 2 or 5 × a power of ten) up to at least the largest bar, about `count` of them. */
export function axisTicks(largest: number, count = 4): number[] {
  if (!(largest > 0)) return [0, 1];
  const rough = largest / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks = [0];
  while (ticks.at(-1)! < largest) ticks.push(ticks.length * step);
  return ticks;
}
