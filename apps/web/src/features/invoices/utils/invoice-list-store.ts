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
  cursors: [undefined],
  page: 0,
});

const store = createResettingStore(initial);

export const invoiceList = {
  get: store.get,
  /** A filter changed: back to the first page. */
  setFilters(change: Partial<InvoiceListFilters>): void {
    store.set((s) => ({ ...s, ...change, cursors: [undefined], page: 0 }));
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
