import { defaultInvoiceSort } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import type { InvoiceListFilters } from './build-search-request';
import { createResettingStore } from './resetting-store';

export type InvoiceListState = InvoiceListFilters & {
  /** Keyset paging: the cursor of each visited page (page 0 has none). */
  cursors: (string | undefined)[];
  page: number;
};

const initial = (): InvoiceListState => ({
  view: 'open',
  dueFilter: 'all',
  dueUpTo: null,
  paidYear: new Date().getFullYear(),
  sort: defaultInvoiceSort,
  agingBucket: null,
  agingAsOf: null,
  disputedOnly: false,
  cursors: [undefined],
  page: 0,
});

const store = createResettingStore(initial);

/**
 * A filter change with the filters it rules out (issue 29): an aging bucket and "due up to" narrow the same due dates,
 * so choosing one clears the other; the paid items are not aged, so the paid view clears the bucket.
 */
export function withExclusions(change: Partial<InvoiceListFilters>): Partial<InvoiceListFilters> {
  if (change.agingBucket) return { ...change, dueFilter: 'all', dueUpTo: null };
  if (change.view === 'paid' || change.dueFilter === 'up_to' || change.dueUpTo) {
    return { ...change, agingBucket: null, agingAsOf: null };
  }
  return change;
}

export const invoiceList = {
  get: store.get,
  /** A filter changed: back to the first page. */
  setFilters(change: Partial<InvoiceListFilters>): void {
    store.set((s) => ({ ...s, ...withExclusions(change), cursors: [undefined], page: 0 }));
  },
  /** The currency changed: the old cursors belong to another result. */
  restartPaging(): void {
    store.set((s) => (s.page === 0 && s.cursors.length === 1 ? s : { ...s, cursors: [undefined], page: 0 }));
  },
  nextPage(nextCursor: string): void {
    store.set((s) => ({ ...s, cursors: [...s.cursors.slice(0, s.page + 1), nextCursor], page: s.page + 1 }));
  },
  previousPage(): void {
    store.set((s) => ({ ...s, page: Math.max(0, s.page - 1) }));
  },
};

export function useInvoiceList(): InvoiceListState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
