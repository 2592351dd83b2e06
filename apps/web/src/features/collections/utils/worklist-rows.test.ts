import type { WorklistAccount, WorklistResponse } from '@portal/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { withAccountRow } from './worklist-rows';

const account = (payer: string, companyCode = '1000', collector: WorklistAccount['collector'] = null) =>
  ({
    payer_number: payer,
    company_code: companyCode,
    name: `Payer ${payer}`,
    past_due: [],
    bucket: '1-30',
    last_contact_at: null,
    next_step: null,
    promise_status: 'none',
    open_disputes: 0,
    autopay: false,
    collector,
    paused_until: null,
  }) satisfies WorklistAccount;

const pages = (...lists: WorklistAccount[][]): InfiniteData<WorklistResponse, string | undefined> => ({
  pages: lists.map((accounts) => ({ accounts, next: null, refreshed_at: null })),
  pageParams: lists.map((_, index) => (index === 0 ? undefined : `c${index}`)),
});

describe('withAccountRow', () => {
  it('replaces the row of the same payer and company code, on whichever page it is', () => {
    const data = pages([account('1'), account('2')], [account('3')]);
    const given = account('3', '1000', { user_id: 7, name: 'Cleo Collector' });
    const next = withAccountRow(data, given)!;
    expect(next.pages[1]!.accounts[0]).toBe(given);
    // The other pages stay the same objects (their rows render nothing new).
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('keeps the same payer in another company code apart', () => {
    const data = pages([account('1', '1000'), account('1', '2000')]);
    const next = withAccountRow(data, account('1', '2000', { user_id: 7, name: 'Cleo Collector' }))!;
    expect(next.pages[0]!.accounts.map((row) => row.collector?.name ?? null)).toEqual([null, 'Cleo Collector']);
  });

  it('changes nothing when no page holds the account (or nothing is loaded)', () => {
    const data = pages([account('1')]);
    expect(withAccountRow(data, account('9'))).toBe(data);
    expect(withAccountRow(undefined, account('9'))).toBeUndefined();
  });
});
