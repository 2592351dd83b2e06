import type { UserProfile } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  isNavItemActive,
  mayMakeDeposits,
  primaryNavItems,
  receivablesPath,
  settingsPath,
  showsLogout,
} from './nav-items';

const payer: UserProfile = {
  user_id: 1,
  login: 'payer@example.com',
  email: 'payer@example.com',
  first_name: 'Pat',
  last_name: 'Payer',
  company: 'Example Co',
  status: 'active',
  language: 'en',
  user_role: 'user',
  primary_account_type_id: 'Payer',
  third_party_id: null,
  last_login: null,
  num_logins: 1,
  require_password_change: false,
  Accounts: [],
  Permissions: ['CanMakePayment', 'CanManagePaymentMethods'],
  impersonated_by: null,
};

const paths = (profile: UserProfile, depositsAllowed = true) =>
  primaryNavItems(profile, depositsAllowed).map((item) => item.to);

describe('header navigation', () => {
  it('shows invoices, invoice search, payments, disputes, statements, scheduled payments and deposits to a payer who may pay', () => {
    expect(paths(payer)).toEqual([
      '/invoices',
      '/invoice-history',
      '/payment-history',
      '/disputes',
      '/statements',
      '/scheduled-payments',
      '/deposits',
    ]);
  });

  it('hides scheduled payments from users who may not make payments, but not statements', () => {
    expect(paths({ ...payer, Permissions: [] })).toEqual([
      '/invoices',
      '/invoice-history',
      '/payment-history',
      '/statements',
    ]);
  });

  it('hides deposits from internal users, even with a payment permission', () => {
    expect(paths({ ...payer, user_role: 'internal' })).not.toContain('/deposits');
    expect(mayMakeDeposits({ ...payer, user_role: 'internal' })).toBe(false);
  });

  it('hides deposits from users who may not make payments', () => {
    expect(paths({ ...payer, Permissions: [] })).not.toContain('/deposits');
    expect(mayMakeDeposits({ ...payer, Permissions: [] })).toBe(false);
  });

  it('hides deposits when the current account does not allow them (deposits off, payment type D inactive)', () => {
    expect(paths(payer, false)).toEqual([
      '/invoices',
      '/invoice-history',
      '/payment-history',
      '/disputes',
      '/statements',
      '/scheduled-payments',
    ]);
  });

  it('shows no deposits before anyone signed in', () => {
    expect(mayMakeDeposits(null)).toBe(false);
    expect(primaryNavItems(null, true).map((item) => item.to)).toEqual([
      '/invoices',
      '/invoice-history',
      '/payment-history',
      '/statements',
    ]);
  });

  it('sends the settings cog to the profile, or to payment methods for third-party users', () => {
    expect(settingsPath(payer)).toBe('/settings/profile');
    expect(settingsPath({ ...payer, third_party_id: 'TP-1' })).toBe('/settings/payment-methods');
  });

  it('treats a blank third_party_id as not third-party', () => {
    expect(settingsPath({ ...payer, third_party_id: '  ' })).toBe('/settings/profile');
    expect(showsLogout({ ...payer, third_party_id: '' })).toBe(true);
  });

  it('offers no logout link to third-party users', () => {
    expect(showsLogout({ ...payer, third_party_id: 'TP-1' })).toBe(false);
  });

  it('shows Receivables to staff who may manage collections or view payments received, and to nobody else', () => {
    const staff = { ...payer, user_role: 'internal' as const, Permissions: [] };
    expect(paths(payer)).not.toContain('/collections');
    expect(receivablesPath(payer)).toBeNull();
    expect(paths({ ...staff, Permissions: ['CanManageCollections'] }).at(-1)).toBe('/collections');
    expect(paths({ ...staff, Permissions: ['CanManageCollections', 'CanViewReceivedPayments'] }).at(-1)).toBe(
      '/collections',
    );
    // Without the worklist, Receivables opens the payments received at their old address.
    expect(paths({ ...staff, Permissions: ['CanViewReceivedPayments'] }).at(-1)).toBe('/settings/payments-received');
  });

  it('gives Disputes to a customer who may pay or raise disputes, and to the AR team under Receivables', () => {
    expect(paths({ ...payer, Permissions: ['CanRaiseDisputes'] })).toContain('/disputes');
    expect(paths({ ...payer, Permissions: [] })).not.toContain('/disputes');
    // Internal staff raise none: a payment permission alone gives them no Disputes link.
    expect(paths({ ...payer, user_role: 'internal', Permissions: ['CanMakePayment'] })).not.toContain('/disputes');
    const team = { ...payer, user_role: 'internal' as const, Permissions: ['CanManageDisputes' as const] };
    const items = primaryNavItems(team, false);
    expect(items.filter((item) => item.labelKey === 'shell.nav.disputes')).toEqual([]);
    expect(items.at(-1)).toMatchObject({ to: '/disputes', labelKey: 'shell.nav.receivables' });
    // With the worklist too, Receivables opens the worklist and stays current on the disputes' pages.
    const collector = { ...team, Permissions: ['CanManageCollections' as const, 'CanManageDisputes' as const] };
    const receivables = primaryNavItems(collector, false).at(-1)!;
    expect(receivables.to).toBe('/collections');
    expect(isNavItemActive(receivables, '/disputes/0b6b6c3e-0000-4000-8000-000000000001')).toBe(true);
  });

  it('marks Receivables as the current page on each of its pages', () => {
    const staff = { ...payer, user_role: 'internal' as const, Permissions: ['CanManageCollections' as const] };
    const receivables = primaryNavItems(staff, false).find((item) => item.labelKey === 'shell.nav.receivables')!;
    expect(isNavItemActive(receivables, '/collections')).toBe(true);
    expect(isNavItemActive(receivables, '/settings/payments-received')).toBe(true);
    expect(isNavItemActive(receivables, '/settings/profile')).toBe(false);
    expect(isNavItemActive({ to: '/invoices', labelKey: 'shell.nav.invoices' }, '/invoices/detail/9001')).toBe(true);
  });
});
