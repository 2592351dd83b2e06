// Which header links a user gets (invoices-and-payments §2 "Header and footer"; access §6).
import type { UserProfile } from '@portal/contracts';
import { hasPermission, isInternal, isThirdParty } from '../../lib/session';

export type NavItem = { to: string; labelKey: string };

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
  return items;
}

/** The settings cog: the profile page, or payment methods for third-party users (who have no profile link). */
export function settingsPath(profile: UserProfile | null): string {
  return isThirdParty(profile) ? '/settings/payment-methods' : '/settings/profile';
}

/** spec §2: no logout link when third_party_id is non-empty. */
export const showsLogout = (profile: UserProfile | null): boolean => !isThirdParty(profile);
