// Start-up (spec §2): Waiting → login-status → Authenticated (after the profile arrives) or Unauthenticated.
import type { TokenResponse } from '@portal/contracts';
import { i18n } from '../../../lib/i18n';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { getLoginStatus } from '../api/get-login-status';
import { getUserProfile } from '../api/get-user-profile';

/** With a fresh access token: load the profile and become Authenticated. */
export async function completeSignIn(token: TokenResponse['token']): Promise<boolean> {
  session.setAccessToken(token);
  try {
    session.authenticate(await getUserProfile());
    return true;
  } catch (error) {
    log.error('Profile could not be loaded', error);
    notify.error(i18n.t('errors.auth.profile_load_failed'));
    session.end('Failed');
    return false;
  }
}

let started: Promise<void> | null = null;

/** Runs once per page load (React's strict mode mounts twice in development). */
export function startSession(): Promise<void> {
  started ??= (async () => {
    try {
      const status = await getLoginStatus();
      if (status.isLoggedIn && status.token) {
        await completeSignIn(status.token);
        return;
      }
    } catch (error) {
      log.warn('Login status could not be read', error);
    }
    session.setStatus('Unauthenticated');
  })();
  return started;
}
