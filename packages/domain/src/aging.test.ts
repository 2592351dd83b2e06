import { describe, expect, it } from 'vitest';
import { agingBucketDueRange, agingBucketOf, agingBuckets, agingDisagreement, daysPastDue } from './aging';

describe('aging buckets', () => {
  it('puts an invoice due today or later in current and counts days past due from the day after', () => {
    expect(agingBucketOf('2026-11-27', '2026-11-27')).toBe('current');
    expect(agingBucketOf('2027-01-10', '2026-11-27')).toBe('current');
    expect(agingBucketOf('2026-11-26', '2026-11-27')).toBe('1-30');
    expect(daysPastDue('2026-10-28', '2026-11-27')).toBe(30);
    expect(agingBucketOf('2026-10-28', '2026-11-27')).toBe('1-30');
    expect(agingBucketOf('2026-10-27', '2026-11-27')).toBe('31-60');
    expect(agingBucketOf('2026-09-28', '2026-11-27')).toBe('31-60');
    expect(agingBucketOf('2026-09-27', '2026-11-27')).toBe('61-90');
    expect(agingBucketOf('2026-08-29', '2026-11-27')).toBe('61-90');
    expect(agingBucketOf('2026-08-28', '2026-11-27')).toBe('90+');
  });

  it('counts calendar days across a daylight-saving change and a leap day', () => {
    expect(daysPastDue('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('gives each bucket the due dates whose invoices fall in it, and no day in two buckets', () => {
    const asOf = '2026-11-27';
    for (const bucket of agingBuckets) {
      const { from, to } = agingBucketDueRange(bucket, asOf);
      if (from) expect(agingBucketOf(from, asOf)).toBe(bucket);
      if (to) expect(agingBucketOf(to, asOf)).toBe(bucket);
    }
    expect(agingBucketDueRange('current', asOf)).toEqual({ from: '2026-11-27', to: null });
    expect(agingBucketDueRange('1-30', asOf)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(agingBucketDueRange('90+', asOf)).toEqual({ from: null, to: '2026-08-28' });
    // Adjacent buckets touch: the day before one bucket's first due date is the next bucket's last.
    expect(agingBucketDueRange('31-60', asOf).to).toBe('2026-10-27');
    expect(agingBucketDueRange('61-90', asOf).from).toBe('2026-08-29');
  });
});

describe('agingDisagreement', () => {
  const totals = { invoices: '350.00', due: '100.00', past_due: '250.00', invoice_count: 4 };
  const aging = (amounts: string[], counts = [1, 1, 1, 1, 0]) => ({
    currency_decimals: 2,
    buckets: agingBuckets.map((bucket, index) => ({
      bucket,
      amount: amounts[index] ?? '0',
      count: counts[index] ?? 0,
    })),
  });

  it('accepts buckets that add up to the cards to the cent', () => {
    expect(agingDisagreement(aging(['100.00', '200.00', '49.99', '0.01', '0']), totals)).toBeNull();
  });

  it('names a current bucket that is not the due card, a cent missing from past due, and a wrong count', () => {
    expect(agingDisagreement(aging(['100.01', '200.00', '49.99', '0.00', '0']), totals)).toMatch(/current/);
    expect(agingDisagreement(aging(['100.00', '200.00', '49.99', '0.00', '0']), totals)).toMatch(/249.99/);
    expect(agingDisagreement(aging(['100.00', '200.00', '49.99', '0.01', '0'], [1, 1, 1, 0, 0]), totals)).toMatch(
      /count 3/,
    );
  });
});
