// Which header links a user gets (invoices-and-payments §2 "Header and footer"; access §6).
import type { UserProfile } from '@portal/contracts';
import { matchPath } from 'react-router';
import { hasPermission, isInternal, isThirdParty } from '../../lib/session';

export type NavItem = {
  to: string;
  labelKey: string;
  /** The link reads as the current page at these addresses too (an area of several pages: Receivables). */
  activePaths?: readonly string[];
};

/** Issue 38: the staff's Receivables area, its pages in the order of its own links (app/layout/receivables-nav.tsx). */
export const COLLECTIONS_PATH = '/collections';
// The address Payments received had under Settings (issue 27) is kept: links, bookmarks and tests reach it there.
export const PAYMENTS_RECEIVED_PATH = '/settings/payments-received';

export const mayManageCollections = (profile: UserProfile | null): boolean =>
  hasPermission(profile, 'CanManageCollections');

export const mayViewReceivedPayments = (profile: UserProfile | null): boolean =>
  hasPermission(profile, 'CanViewReceivedPayments');

/** Issue 39: the invoice disputes, the AR team's under Receivables and a customer's page of its own, at one address. */
export const DISPUTES_PATH = '/disputes';

export const mayManageDisputes = (profile: UserProfile | null): boolean => hasPermission(profile, 'CanManageDisputes');

/** A customer user who may pay or complain has a Disputes link of its own (the AR team's is under Receivables). */
export const showsCustomerDisputes = (profile: UserProfile | null): boolean =>
  !isInternal(profile) &&
  !mayManageDisputes(profile) &&
  (hasPermission(profile, 'CanMakePayment') || hasPermission(profile, 'CanRaiseDisputes'));

/** Receivables' first page the user may open, or null when they may open none. */
export function receivablesPath(profile: UserProfile | null): string | null {
  if (mayManageCollections(profile)) return COLLECTIONS_PATH;
  if (mayManageDisputes(profile)) return DISPUTES_PATH;
  if (mayViewReceivedPayments(profile)) return PAYMENTS_RECEIVED_PATH;
  return null;
}

/** Whether the link stands for the page at `pathname`: its own address and what is under it, or one of its area's. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.activePaths ?? [])].some((path) => matchPath({ path, end: false }, pathname) !== null);
}

/**
 * spec §6: the user may make deposits (CanMakePayment) and is not internal. The account's side (its company code
 * has deposits enabled and payment type D is active) is the deposit-settings answer, asked only when this holds.
 */
export const mayMakeDeposits = (profile: UserProfile | null): boolean =>
  !isInternal(profile) && hasPermission(profile, 'CanMakePayment');

/** depositsAllowed: the deposit-settings answer for the current account (deposits_allowed). */
export function primaryNavItems(profile: UserProfile | null, depositsAllowed: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/invoices', labelKey: 'shell.nav.invoices' },
    { to: '/invoice-history', labelKey: 'shell.nav.invoice_search' },
    { to: '/payment-history', labelKey: 'shell.nav.payments' },
    ...(showsCustomerDisputes(profile) ? [{ to: DISPUTES_PATH, labelKey: 'shell.nav.disputes' }] : []),
    // Issue 29: every signed-in customer may read their statements (the route asks no permission), under the page's title.
    { to: '/statements', labelKey: 'shell.pages.statements' },
  ];
  // Issue 29: scheduled payments and AutoPay, for those who may pay (the page says when the account offers neither).
  if (hasPermission(profile, 'CanMakePayment')) {
    items.push({ to: '/scheduled-payments', labelKey: 'shell.nav.scheduled_payments' });
  }
  // spec §6: Deposits only when the user may make deposits, the account has deposits enabled (and payment type D
  // active) and the user is not internal.
  if (mayMakeDeposits(profile) && depositsAllowed) {
    items.push({ to: '/deposits', labelKey: 'shell.nav.deposits' });
  }
  // Issue 38: the collectors' worklist and the payments received, for the staff who may open either.
  const receivables = receivablesPath(profile);
  if (receivables) {
    items.push({
      to: receivables,
      labelKey: 'shell.nav.receivables',
      activePaths: [COLLECTIONS_PATH, DISPUTES_PATH, PAYMENTS_RECEIVED_PATH].filter((path) => path !== receivables),
    });
  }
  return items;
}

/** The settings cog: the profile page, or payment methods for third-party users (who have no profile link). */
export function settingsPath(profile: UserProfile | null): string {
  return isThirdParty(profile) ? '/settings/payment-methods' : '/settings/profile';
}

/** spec §2: no logout link when third_party_id is non-empty. */
export const showsLogout = (profile: UserProfile | null): boolean => !isThirdParty(profile);
