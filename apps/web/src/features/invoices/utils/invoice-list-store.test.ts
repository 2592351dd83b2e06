import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceList } from './invoice-list-store';

describe('invoice list filters (issue 29: the aging bucket)', () => {
  beforeEach(() => {
    invoiceList.setFilters({ view: 'open', dueFilter: 'all', dueUpTo: null, agingBucket: null, agingAsOf: null });
  });

  it('clears "due up to" when a bucket is chosen, and the bucket when "due up to" is', () => {
    invoiceList.setFilters({ dueFilter: 'up_to', dueUpTo: '2026-03-01' });
    invoiceList.setFilters({ agingBucket: '31-60', agingAsOf: '2026-03-10' });
    expect(invoiceList.get()).toMatchObject({
      dueFilter: 'all',
      dueUpTo: null,
      agingBucket: '31-60',
      agingAsOf: '2026-03-10',
    });
    invoiceList.setFilters({ dueFilter: 'up_to', dueUpTo: '2026-03-01' });
    expect(invoiceList.get()).toMatchObject({ dueFilter: 'up_to', agingBucket: null, agingAsOf: null });
  });

  it('clears the bucket when the paid items are shown (they are not aged), and starts again at page one', () => {
    invoiceList.setFilters({ agingBucket: '90+', agingAsOf: '2026-03-10' });
    invoiceList.nextPage('cursor-2');
    invoiceList.setFilters({ view: 'paid' });
    expect(invoiceList.get()).toMatchObject({ view: 'paid', agingBucket: null, agingAsOf: null, page: 0 });
  });

  it('keeps the bucket when another filter changes', () => {
    invoiceList.setFilters({ agingBucket: '1-30', agingAsOf: '2026-03-10' });
    invoiceList.setFilters({ sort: 'amount_asc' });
    expect(invoiceList.get()).toMatchObject({ agingBucket: '1-30', sort: 'amount_asc' });
  });
});
