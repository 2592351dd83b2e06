// Aging of open invoices (issue 29): how many days past due each open invoice is, in the buckets a credit
// controller reads (not yet due, 1–30, 31–60, 61–90, over 90 days). One definition for the ledger's maintained
// totals, the statement and the list's bucket filter, so that the chart, the filter and the cards always agree.

import { formatMinorUnits, parseMinorUnits } from './money';

export const agingBuckets = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** Days past due where each past-due bucket starts and ends (inclusive; null: open-ended). */
const bucketDays: Record<Exclude<AgingBucket, 'current'>, { from: number; to: number | null }> = {
  '1-30': { from: 1, to: 30 },
  '31-60': { from: 31, to: 60 },
  '61-90': { from: 61, to: 90 },
  '90+': { from: 91, to: null },
};

const dayMs = 86_400_000;

/** Whole days from `dueDate` to `asOf` (ISO dates, YYYY-MM-DD): positive when past due. */
export function daysPastDue(dueDate: string, asOf: string): number {
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / dayMs);
}

/** The bucket of an open invoice due on `dueDate`, seen on `asOf`: due today or later is current. */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  const days = daysPastDue(dueDate, asOf);
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** An ISO day moved by whole days. */
export function addIsoDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/**
 * The due dates of a bucket on `asOf` (ISO, inclusive; null: unbounded), for the list's filter: current is due on
 * asOf or later, 1–30 due 1 to 30 days before asOf, and so on.
 */
export function agingBucketDueRange(bucket: AgingBucket, asOf: string): { from: string | null; to: string | null } {
  if (bucket === 'current') return { from: asOf, to: null };
  const { from, to } = bucketDays[bucket];
  return { from: to === null ? null : addIsoDays(asOf, -to), to: addIsoDays(asOf, -from) };
}

type AgingOfCurrency = { currency_decimals: number; buckets: { bucket: string; amount: string; count: number }[] };
type TotalsOfCurrency = { invoices: string; due: string; past_due: string; invoice_count: number };

/**
 * Why one currency's aging does not add up to its totals cards (current = due, the rest = past due, all = the open
 * invoices and their count), or null when it does to the cent. For tests and the ERP conformance kit.
 */
export function agingDisagreement(aging: AgingOfCurrency, totals: TotalsOfCurrency): string | null {
  const scale = aging.currency_decimals;
  const minor = (amount: string) => parseMinorUnits(amount, scale) ?? 0n;
  const current = aging.buckets.find((bucket) => bucket.bucket === 'current');
  const past = aging.buckets.filter((bucket) => bucket.bucket !== 'current');
  const pastSum = past.reduce((sum, bucket) => sum + minor(bucket.amount), 0n);
  const count = aging.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  if (minor(current?.amount ?? '0') !== minor(totals.due)) return `current ${current?.amount} is not due ${totals.due}`;
  if (pastSum !== minor(totals.past_due))
    return `the past-due buckets add up to ${formatMinorUnits(pastSum, scale)}, not past due ${totals.past_due}`;
  if (count !== totals.invoice_count) return `the buckets count ${count} invoices, the totals ${totals.invoice_count}`;
  if (minor(totals.due) + pastSum !== minor(totals.invoices)) return `the buckets do not add up to ${totals.invoices}`;
  return null;
}
