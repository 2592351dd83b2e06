// Issue 38: a payment reminder e-mail links to the pay page with its invoices chosen (server
// modules/mail/reminder-mail.ts reminderPayPath): /invoices/pay?account=…&company_code=…&invoices=…,…, numbers
// without leading zeros. Reading the link and finding the user's account; which of its invoices are selected is
// pick-reminder-invoices.ts. Free of the selection store and @portal/domain: the return after sign-in (app/routes.tsx)
// loads this file with the first screen.
import type { HeaderItem } from '@portal/contracts';

export const REMINDER_PAY_PATH = '/invoices/pay';
const linkParams = ['account', 'company_code', 'invoices'] as const;

/**
 * A link is typed by nobody but may be edited by anybody: a reminder lists an account's overdue invoices, far fewer
 * than this; the rest of a longer list is left out (each number is one search).
 */
export const MAX_REMINDER_INVOICES = 100;
const documentNumber = /^[A-Za-z0-9-]{1,20}$/;

export type ReminderLink = {
  /** Payer, payer-all group or sold-to number, without leading zeros. */
  account: string;
  companyCode: string;
  /** Billing document numbers (a finance document number for an item without one), without leading zeros. */
  invoices: string[];
};

/** As reminderPayPath writes numbers: leading zeros dropped, so that 0090000123 and 90000123 are one number. */
export const normalizeNumber = (value: string): string => value.trim().replace(/^0+(?=\d)/, '');

/** The reminder link in a query string, or null when the page was opened without one (or with a broken one). */
export function parseReminderLink(search: string | URLSearchParams): ReminderLink | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const account = normalizeNumber(query.get('account') ?? '');
  const companyCode = query.get('company_code')?.trim();
  if (!account || !documentNumber.test(account) || companyCode === undefined) return null;
  const invoices = [
    ...new Set(
      (query.get('invoices') ?? '')
        .split(',')
        .map(normalizeNumber)
        .filter((number) => documentNumber.test(number)),
    ),
  ].slice(0, MAX_REMINDER_INVOICES);
  return invoices.length > 0 ? { account, companyCode, invoices } : null;
}

/** The query string without the link's parameters (others, if any, stay), "" when nothing is left. */
export function withoutReminderParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of linkParams) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The address to return to after sign-in when the remembered one is a reminder link (the reader of the e-mail signs
 * in first), else null. Only a path of this site: never an address elsewhere.
 */
export function reminderReturnPath(lastUrl: string | null | undefined): string | null {
  if (!lastUrl || !lastUrl.startsWith('/') || lastUrl.startsWith('//') || lastUrl.startsWith('/\\')) return null;
  const url = new URL(lastUrl, 'https://portal.invalid');
  if (url.origin !== 'https://portal.invalid' || url.pathname !== REMINDER_PAY_PATH) return null;
  return parseReminderLink(url.searchParams) ? lastUrl : null;
}

/**
 * The header account the reminder was sent for: the number ignoring leading zeros, in the same company code. The
 * reminder names the recipient's header account (its PrimaryAcct), which for a sold-to user is the sold-to itself.
 */
export function matchReminderAccount(link: ReminderLink, headerItems: readonly HeaderItem[]): HeaderItem | null {
  const companyCode = link.companyCode.toUpperCase();
  return (
    headerItems.find(
      (item) =>
        normalizeNumber(item.PrimaryAcct) === link.account && item.CompanyCode.trim().toUpperCase() === companyCode,
    ) ?? null
  );
}
