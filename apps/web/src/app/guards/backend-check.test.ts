import { describe, expect, it } from 'vitest';
import { backendRedirect } from './backend-check';

describe('backendRedirect (access spec §2: the back-end configuration is not a success)', () => {
  it('leaves everyone where they are while the back end answers with success', () => {
    expect(backendRedirect(false, false, '/invoices')).toBeNull();
    expect(backendRedirect(false, true, '/invoices')).toBeNull();
  });

  it('takes a user who can edit the configuration to it, and lets them use the other settings pages', () => {
    expect(backendRedirect(true, true, '/invoices')).toBe('/settings/configuration');
    expect(backendRedirect(true, true, '/settings/configuration')).toBeNull();
    expect(backendRedirect(true, true, '/settings/users')).toBeNull();
  });

  it('takes everyone else to /system-error, once', () => {
    expect(backendRedirect(true, false, '/invoices')).toBe('/system-error');
    expect(backendRedirect(true, false, '/settings/profile')).toBe('/system-error');
    expect(backendRedirect(true, false, '/system-error')).toBeNull();
  });
});
