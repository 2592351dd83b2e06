import { defaultInvoiceSort, type InvoiceSort } from '@portal/contracts';
import { afterStatusChange, defaultSearchFilters, type SearchStatusCode } from '@portal/domain';
import { useSyncExternalStore } from 'react';
import type { InvoiceSearchFilters } from './build-search-request';
import { createResettingStore } from './resetting-store';

export type InvoiceSearchState = {
  draft: InvoiceSearchFilters;
  /** The filters of the last Find (null: nothing searched yet, results cleared). */
  submitted: { filters: InvoiceSearchFilters; at: number } | null;
  sort: InvoiceSort;
  cursors: (string | undefined)[];
  page: number;
};

const initial = (): InvoiceSearchState => ({
  draft: { ...defaultSearchFilters },
  submitted: null,
  sort: defaultInvoiceSort,
  cursors: [undefined],
  page: 0,
});

// spec §4: switching the account clears every filter (status 03, period all, numbers and dates empty) and the results.
const store = createResettingStore(initial);

export const invoiceSearch = {
  get: store.get,
  change(change: Partial<InvoiceSearchFilters>): void {
    store.set((s) => ({ ...s, draft: { ...s.draft, ...change } }));
  },
  /** spec §4: a status change resets the period to all and clears the stored dates. */
  changeStatus(status: SearchStatusCode): void {
    store.set((s) => ({ ...s, draft: afterStatusChange(s.draft, status) }));
  },
  submit(): void {
    store.set((s) => ({ ...s, submitted: { filters: s.draft, at: Date.now() }, cursors: [undefined], page: 0 }));
  },
  setSort(sort: InvoiceSort): void {
    store.set((s) => ({ ...s, sort, cursors: [undefined], page: 0 }));
  },
  nextPage(nextCursor: string): void {
    store.set((s) => ({ ...s, cursors: [...s.cursors.slice(0, s.page + 1), nextCursor], page: s.page + 1 }));
  },
  previousPage(): void {
    store.set((s) => ({ ...s, page: Math.max(0, s.page - 1) }));
  },
};

export function useInvoiceSearch(): InvoiceSearchState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
