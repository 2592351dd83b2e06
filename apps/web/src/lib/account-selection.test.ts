import type { HeaderItem } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountOptionLabel,
  accountSelection,
  currentPrimary,
  SOLD_TO_RESET_DELAY_MS,
  truncateName,
} from './account-selection';
import { invoiceSelection } from './invoice-selection';

const sub = (PrimaryAcct: string, Name = `Customer ${PrimaryAcct}`, CompanyCode = '1000') => ({
  PrimaryAcct,
  Name,
  name_2: `${Name} (JP)`,
  CompanyCode,
  CurrencyKey: 'USD',
  SalesOrganization: '1000',
  DistributionChannel: '10',
  Division: '00',
});
const header = (PrimaryAcct: string, soldTos: string[], CompanyCode = '1000'): HeaderItem => ({
  ...sub(PrimaryAcct, `Payer ${PrimaryAcct}`, CompanyCode),
  AccountType: 'Payer',
  DropDownItems: soldTos.map((s) => sub(s)),
});

describe('account labels', () => {
  it('drops leading zeros and truncates names at 30 characters', () => {
    expect(accountOptionLabel(sub('0000100001', 'Acme Industrial Supply'))).toBe('100001 - Acme Industrial Supply');
    expect(truncateName('A'.repeat(31))).toBe(`${'A'.repeat(30)}…`);
    expect(truncateName('A'.repeat(30))).toBe('A'.repeat(30));
  });
  it('shows name_2 for company codes starting with JP', () => {
    expect(accountOptionLabel(sub('0000300001', 'Tanaka', 'JP01'))).toBe('300001 - Tanaka (JP)');
  });
});

describe('account switching (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    accountSelection.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('starts on the first account with its first secondary account and all sold-tos', () => {
    accountSelection.load([header('0001', ['0011', '0012']), header('0002', ['0021'])]);
    const state = accountSelection.get();
    expect(currentPrimary(state)?.PrimaryAcct).toBe('0001');
    expect(state.secondaryAccount).toBe('0011');
    expect(state.soldTos).toEqual(['0011', '0012']);
  });

  it('resets the secondary account and sold-tos and clears the selection when the primary account switches', () => {
    accountSelection.load([header('0001', ['0011', '0012']), header('0002', ['0021', '0022'])]);
    accountSelection.selectSoldTos(['0012']);
    invoiceSelection.setCurrency('USD');
    const before = accountSelection.get().switchCount;
    accountSelection.selectPrimary('1000/0002');
    const state = accountSelection.get();
    expect(state.switchCount).toBe(before + 1);
    expect(state.secondaryAccount).toBe('0021');
    expect(state.soldTos).toEqual(['0021', '0022']);
    expect(invoiceSelection.get()).toEqual({ currency: null, selected: [] });
  });

  it('resets the sold-tos 2000 ms after a header-accounts load', () => {
    accountSelection.load([header('0001', ['0011', '0012'])]);
    accountSelection.load([header('0001', ['0011', '0012', '0013'])]);
    expect(accountSelection.get().soldTos).toEqual(['0011', '0012']);
    vi.advanceTimersByTime(SOLD_TO_RESET_DELAY_MS);
    expect(accountSelection.get().soldTos).toEqual(['0011', '0012', '0013']);
  });
});
