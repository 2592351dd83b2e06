import { describe, expect, it } from 'vitest';
import { afterLoginPath, isTrackedUrl } from './last-url';

describe('isTrackedUrl', () => {
  it.each([
    '/signin',
    '/login/admin',
    '/reset-password/abc',
    '/registration-request',
    '/auto-register/create',
    '/request-password-reset',
    '/register/tok-123',
    '/',
  ])('skips %s', (path) => {
    expect(isTrackedUrl(path)).toBe(false);
  });

  it.each([
    '/invoices',
    '/invoices/detail/90001234',
    '/settings/registration-requests',
    '/settings/users/7',
    '/auto-register/accounts',
    '/payment-history',
  ])('tracks %s', (path) => {
    expect(isTrackedUrl(path)).toBe(true);
  });
});

describe('afterLoginPath', () => {
  it('returns to the registration-requests settings page', () => {
    expect(afterLoginPath('/settings/registration-requests?id=4')).toBe('/settings/registration-requests?id=4');
  });

  it('accepts the spec spelling settings-page/registration-requests', () => {
    expect(afterLoginPath('/settings-page/registration-requests')).toBe('/settings-page/registration-requests');
  });

  it('goes to /invoices from any other last page', () => {
    expect(afterLoginPath('/payment-history')).toBe('/invoices');
    expect(afterLoginPath('/settings/users')).toBe('/invoices');
  });

  it('goes to /invoices when nothing was remembered', () => {
    expect(afterLoginPath(null)).toBe('/invoices');
  });

  it('never follows an address to another site', () => {
    expect(afterLoginPath('https://evil.example/settings/registration-requests')).toBe('/invoices');
  });
});
