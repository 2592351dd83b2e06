// Issue 38: the pay page opened from a payment reminder e-mail (utils/reminder-link.ts). The reminder's account is
// chosen in the header, its invoices that are still open are selected as the invoice list selects them, and the link's
// parameters leave the address; what could not be selected is said above the form.
import type { HeaderItem } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  accountKey,
  accountSelection,
  picksSeveralCustomers,
  useAccountSelection,
} from '../../../lib/account-selection';
import { invoiceSelection } from '../../../lib/invoice-selection';
import { log } from '../../../lib/log';
import { findReminderInvoices } from '../api/find-reminder-invoices';
import { pickReminderInvoices } from '../utils/pick-reminder-invoices';
import {
  matchReminderAccount,
  parseReminderLink,
  withoutReminderParams,
  type ReminderLink,
} from '../utils/reminder-link';

export type ReminderLinkOutcome =
  /** The link's account is none of the user's header accounts. */
  | { status: 'unavailable' }
  /** Nothing of the reminder is open any more. */
  | { status: 'all_paid' }
  | { status: 'selected'; paid: string[]; otherCurrency: string[]; otherCurrencies: string[] }
  | { status: 'failed'; error: unknown };

export type ReminderLinkState =
  /** Not opened from a reminder (or its link is handled and the outcome said nothing): the page as always. */
  { status: 'none' } | { status: 'loading' } | ReminderLinkOutcome;

/** spec §5 select_customer: Payer and PayerAll search every sold-to of the account by name, a sold-to user its own. */
const soldTosOf = (account: HeaderItem): string[] =>
  picksSeveralCustomers(account.AccountType)
    ? account.DropDownItems.map((item) => item.PrimaryAcct)
    : [account.DropDownItems[0]?.PrimaryAcct ?? account.PrimaryAcct];

async function openReminderLink(
  link: ReminderLink,
  headerItems: HeaderItem[],
  signal: AbortSignal,
): Promise<ReminderLinkOutcome> {
  const account = matchReminderAccount(link, headerItems);
  if (!account) return { status: 'unavailable' };
  // Before the invoices are selected: switching the account clears the selection (spec §4).
  accountSelection.selectPrimary(accountKey(account));
  const found = await findReminderInvoices(
    { customer_number: account.PrimaryAcct, company_code: account.CompanyCode },
    soldTosOf(account),
    link.invoices,
    signal,
  );
  signal.throwIfAborted();
  const pick = pickReminderInvoices(link.invoices, found.documents, found.inProcessKeys);
  if (!pick.currency) return { status: 'all_paid' };
  invoiceSelection.setCurrency(pick.currency);
  invoiceSelection.clear();
  invoiceSelection.select(pick.documents);
  return {
    status: 'selected',
    paid: pick.paid,
    otherCurrency: pick.otherCurrency,
    otherCurrencies: pick.otherCurrencies,
  };
}

export function useReminderLink(): ReminderLinkState {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => parseReminderLink(search), [search]);
  const { loaded, failure } = useAccountSelection();
  const [outcome, setOutcome] = useState<ReminderLinkOutcome | null>(null);

  useEffect(() => {
    if (!link || !loaded) return;
    const controller = new AbortController();
    openReminderLink(link, accountSelection.get().headerItems, controller.signal)
      .catch((error: unknown): ReminderLinkOutcome => {
        log.warn('Could not open the reminder link', error);
        return { status: 'failed', error };
      })
      .then((next) => {
        if (controller.signal.aborted) return;
        setOutcome(next);
        // Kept for a user the invoices are not for: signing in as the one they are for comes back here (routes.tsx).
        if (next.status !== 'unavailable' && next.status !== 'failed')
          void navigate({ pathname, search: withoutReminderParams(search), hash }, { replace: true });
      });
    return () => controller.abort();
  }, [link, loaded, pathname, search, hash, navigate]);

  if (outcome) return outcome;
  if (!link) return { status: 'none' };
  if (!loaded && failure) return { status: 'failed', error: failure };
  return { status: 'loading' };
}
