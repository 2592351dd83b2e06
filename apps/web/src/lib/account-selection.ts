// The accounts the user works with (invoices-and-payments §2 header, §4 "Account switching"): the header's
// primary accounts (HeaderItems from POST /api/customer/header-accounts), the chosen primary account, the chosen
// secondary account and the selected sold-tos. Lives in the shell so that every feature reads the same choice.
//
// spec §4: switching the primary account or the secondary account (payer) clears the selected invoices, the
// currency and every search filter; features follow `switchCount` for that. Switching the primary account resets
// the secondary account to its first item and the sold-tos to all of its items.
import type { AccountSummary, AccountType, HeaderItem } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from './create-store';

/** spec §4: after a header-accounts load the selected sold-tos are reset after this delay. */
export const SOLD_TO_RESET_DELAY_MS = 2000;
/** spec §9: account names are truncated to 30 characters plus an ellipsis. */
export const ACCOUNT_NAME_MAX_LENGTH = 30;

export type AccountSelectionState = {
  loaded: boolean;
  /** Why the header accounts could not be loaded (the ERP down: issue 28), until an answer arrives. */
  failure: unknown;
  headerItems: HeaderItem[];
  /** accountKey() of the chosen HeaderItem. */
  primaryKey: string | null;
  /** PrimaryAcct of the chosen secondary account (a DropDownItem). */
  secondaryAccount: string | null;
  /** PrimaryAcct of the selected sold-tos (DropDownItems). */
  soldTos: string[];
  /** Rises with every switch of the primary or secondary account. */
  switchCount: number;
};

const initial: AccountSelectionState = {
  loaded: false,
  failure: null,
  headerItems: [],
  primaryKey: null,
  secondaryAccount: null,
  soldTos: [],
  switchCount: 0,
};

const store = createStore<AccountSelectionState>(initial);

/** Leading zeros are removed from account and document numbers for display (spec §9). */
export const withoutLeadingZeros = (value: string): string =>
  /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, '') : value;

/** One primary account may exist in two company codes: the key carries both. */
export const accountKey = (item: Pick<AccountSummary, 'PrimaryAcct' | 'CompanyCode'>): string =>
  `${item.CompanyCode}/${item.PrimaryAcct}`;

/** spec §2: for company codes starting with JP the address name_2 is shown instead of the name. */
export const isJapaneseCompanyCode = (companyCode: string): boolean => companyCode.toUpperCase().startsWith('JP');

export function displayName(item: { name?: string; Name?: string; name_2: string }, companyCode: string): string {
  const name = item.Name ?? item.name ?? '';
  return isJapaneseCompanyCode(companyCode) && item.name_2.trim() ? item.name_2 : name;
}

export function truncateName(name: string, max = ACCOUNT_NAME_MAX_LENGTH): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/** "100001 - Acme Industrial Supply" with the name cut at 30 characters. */
export function accountOptionLabel(item: AccountSummary): string {
  return `${withoutLeadingZeros(item.PrimaryAcct)} - ${truncateName(displayName(item, item.CompanyCode))}`;
}

export function currentPrimary(state: AccountSelectionState): HeaderItem | null {
  return state.headerItems.find((item) => accountKey(item) === state.primaryKey) ?? null;
}

/** Payers and payer-all users pick several customers; sold-to users one. */
export const picksSeveralCustomers = (accountType: AccountType | undefined): boolean => accountType !== 'SoldTo';

const allSoldTos = (item: HeaderItem | null): string[] => item?.DropDownItems.map((sub) => sub.PrimaryAcct) ?? [];

let resetTimer: ReturnType<typeof setTimeout> | undefined;
let soldTosTouched = false;

export const accountSelection = {
  get: store.get,
  subscribe: store.subscribe,

  /**
   * A header-accounts answer arrived: keep the chosen primary account when it is still there, else take the first.
   * spec §4: the selected sold-tos are reset to all of its items after 2000 ms (unless the user changed them
   * meanwhile: resetting a choice just made would look like a bug).
   */
  load(headerItems: HeaderItem[]): void {
    const previous = store.get();
    const kept = headerItems.find((item) => accountKey(item) === previous.primaryKey) ?? headerItems[0] ?? null;
    const samePrimary = kept !== null && accountKey(kept) === previous.primaryKey;
    store.set({
      loaded: true,
      failure: null,
      headerItems,
      primaryKey: kept ? accountKey(kept) : null,
      secondaryAccount: samePrimary ? previous.secondaryAccount : (kept?.DropDownItems[0]?.PrimaryAcct ?? null),
      soldTos: samePrimary ? previous.soldTos : allSoldTos(kept),
      switchCount: previous.switchCount,
    });
    soldTosTouched = false;
    clearTimeout(resetTimer);
    resetTimer = setTimeout(() => {
      if (soldTosTouched) return;
      store.set((s) => ({ ...s, soldTos: allSoldTos(currentPrimary(s)) }));
    }, SOLD_TO_RESET_DELAY_MS);
  },

  selectPrimary(key: string): void {
    const state = store.get();
    const item = state.headerItems.find((candidate) => accountKey(candidate) === key);
    if (!item || key === state.primaryKey) return;
    store.set({
      ...state,
      primaryKey: key,
      secondaryAccount: item.DropDownItems[0]?.PrimaryAcct ?? null,
      soldTos: allSoldTos(item),
      switchCount: state.switchCount + 1,
    });
  },

  /** The secondary account (the payer of a payer-all account, or the sold-to of a sold-to user). */
  selectSecondary(account: string): void {
    const state = store.get();
    if (account === state.secondaryAccount) return;
    soldTosTouched = true;
    store.set({
      ...state,
      secondaryAccount: account,
      soldTos: picksSeveralCustomers(currentPrimary(state)?.AccountType) ? state.soldTos : [account],
      switchCount: state.switchCount + 1,
    });
  },

  selectSoldTos(soldTos: string[]): void {
    soldTosTouched = true;
    store.set((s) => ({ ...s, soldTos }));
  },

  /** The header accounts did not load: the pages that need them say why instead of waiting. */
  fail(failure: unknown): void {
    store.set((s) => (s.loaded ? s : { ...s, failure }));
  },

  /** Sign-out or impersonation change: forget everything. */
  reset(): void {
    clearTimeout(resetTimer);
    store.set((s) => ({ ...initial, switchCount: s.switchCount + 1 }));
  },
};

export function useAccountSelection(): AccountSelectionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
