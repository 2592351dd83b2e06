// After an action in the drawer the worklist's row shows the account as the server now has it, without reading the
// whole list again (its pages are keyset pages: asking again would start over from the first).
import type { WorklistAccount, WorklistResponse } from '@portal/contracts';
import type { InfiniteData } from '@tanstack/react-query';

type AccountKey = Pick<WorklistAccount, 'payer_number' | 'company_code'>;

export const isSameAccount = (a: AccountKey, b: AccountKey): boolean =>
  a.payer_number === b.payer_number && a.company_code === b.company_code;

/** The pages with the account's row replaced (the same object when no page holds it). */
export function withAccountRow<P>(
  data: InfiniteData<WorklistResponse, P> | undefined,
  account: WorklistAccount,
): InfiniteData<WorklistResponse, P> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.accounts.some((row) => isSameAccount(row, account))) return page;
    changed = true;
    return { ...page, accounts: page.accounts.map((row) => (isSameAccount(row, account) ? account : row)) };
  });
  return changed ? { ...data, pages } : data;
}
