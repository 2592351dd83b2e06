// Remembered last address (access §2, invoices §2 "Header and footer"): skipped for the login,
// reset-password, registration-request, auto-register/create, request-password-reset and register pages.
// After login the user returns to it only when it is the registration-requests settings page; otherwise
// /invoices (the default last URL).
import { DEFAULT_SIGNED_IN_PATH } from '../config/constants';

// Matched on whole path segments, not substrings: a substring "register" or "registration-request" would
// also swallow /auto-register/accounts and /settings/registration-requests, and the latter is exactly the
// page the after-login rule wants to return to.
const skippedFirstSegments = new Set([
  'signin',
  'login',
  'reset-password',
  'registration-request',
  'request-password-reset',
  'register',
]);

export function isTrackedUrl(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  if (first === undefined) return false;
  if (skippedFirstSegments.has(first)) return false;
  if (first === 'auto-register' && segments[1] === 'create') return false;
  return true;
}

/**
 * The spec names the page "settings-page/registration-requests"; in this app it lives at
 * /settings/registration-requests. Both spellings count.
 */
export function afterLoginPath(lastUrl: string | null | undefined): string {
  if (
    lastUrl &&
    /settings(-page)?\/registration-requests/.test(lastUrl) &&
    lastUrl.startsWith('/') &&
    !lastUrl.startsWith('//')
  )
    return lastUrl;
  return DEFAULT_SIGNED_IN_PATH;
}
