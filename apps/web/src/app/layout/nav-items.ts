// Which header links a user gets (invoices-and-payments §2 "Header and footer"; access §6).
import type { UserProfile } from '@portal/contracts';
import { hasPermission, isInternal, isThirdParty } from '../../lib/session';

export type NavItem = { to: string; labelKey: string };

export function primaryNavItems(profile: UserProfile | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/invoices', labelKey: 'shell.nav.invoices' },
    { to: '/invoice-history', labelKey: 'shell.nav.invoice_search' },
    { to: '/payment-history', labelKey: 'shell.nav.payments' },
  ];
  // Deposits: only for users who may make deposits and are not internal. Until a deposit permission exists
  // the rule is: not internal and CanMakePayment.
  if (!isInternal(profile) && hasPermission(profile, 'CanMakePayment')) {
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

/** Leading zeros are stripped from account numbers for display (spec §9). */
export function accountLabel(primaryAccount: string): string {
  return /^\d+$/.test(primaryAccount) ? primaryAccount.replace(/^0+(?=\d)/, '') : primaryAccount;
}
