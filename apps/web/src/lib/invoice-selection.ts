// The invoices selected for payment and the currency they are in (invoices-and-payments §4 "Selection",
// "Currency"). Shared by the invoice list, the invoice detail (Pay invoice) and the payment page.
//
// spec §4: selecting an invoice starts with the amount equal to its open amount; the selection clears when the
// currency changes and when the primary account or payer is switched.
import type { LedgerDocument } from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits } from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { accountSelection } from './account-selection';
import { createStore } from './create-store';
import { currencyDecimals } from '@portal/domain';

export type SelectedInvoice = {
  key: string;
  document: LedgerDocument;
  /** The amount to pay, a decimal string in the currency's decimals. */
  amount: string;
};

export type InvoiceSelectionState = {
  /** The currency the list shows; null until the first answer chose one. */
  currency: string | null;
  selected: SelectedInvoice[];
};

const store = createStore<InvoiceSelectionState>({ currency: null, selected: [] });

/** spec §3: billing document number (or 0), finance document number, posting date and line item, joined. */
export function selectionKey(
  document: Pick<
    LedgerDocument,
    'billing_document_number' | 'document_number_finance' | 'posting_date' | 'line_item_in_the_relevant_invoice'
  >,
): string {
  return [
    document.billing_document_number || '0',
    document.document_number_finance,
    document.posting_date,
    document.line_item_in_the_relevant_invoice,
  ].join('|');
}

/** Sums decimal strings exactly (bigint minor units); money is never a float. */
export function sumAmounts(amounts: string[], decimals: number): string {
  let total = 0n;
  for (const amount of amounts) total += parseMinorUnits(amount, decimals) ?? 0n;
  return formatMinorUnits(total, decimals);
}

export const invoiceSelection = {
  get: store.get,
  subscribe: store.subscribe,
  isSelected: (key: string): boolean => store.get().selected.some((item) => item.key === key),
  /** spec §4: a different currency clears the selection. */
  setCurrency(currency: string | null): void {
    store.set((s) => (s.currency === currency ? s : { currency, selected: [] }));
  },
  select(documents: LedgerDocument[]): void {
    store.set((s) => {
      const known = new Set(s.selected.map((item) => item.key));
      const added = documents
        .filter((document) => !known.has(selectionKey(document)))
        .map((document) => ({ key: selectionKey(document), document, amount: document.open_amount }));
      return added.length ? { ...s, selected: [...s.selected, ...added] } : s;
    });
  },
  deselect(keys: string[]): void {
    const drop = new Set(keys);
    store.set((s) => ({ ...s, selected: s.selected.filter((item) => !drop.has(item.key)) }));
  },
  clear(): void {
    store.set((s) => ({ ...s, selected: [] }));
  },
  /** The account switched: selection and currency are cleared (spec §4). */
  reset(): void {
    store.set({ currency: null, selected: [] });
  },
};

export function selectedTotal(state: InvoiceSelectionState): string {
  const decimals = currencyDecimals(state.currency ?? state.selected[0]?.document.currency_key ?? 'USD');
  return sumAmounts(
    state.selected.map((item) => item.amount),
    decimals,
  );
}

let lastSwitch = accountSelection.get().switchCount;
accountSelection.subscribe(() => {
  const { switchCount } = accountSelection.get();
  if (switchCount === lastSwitch) return;
  lastSwitch = switchCount;
  invoiceSelection.reset();
});

export function useInvoiceSelection(): InvoiceSelectionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
