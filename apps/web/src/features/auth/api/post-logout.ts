import { logout } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';

/** Ends the server session; the browser forgets the user whatever the answer. */
export async function postLogout(): Promise<void> {
  try {
    await call(logout, undefined, { silent: true });
  } catch (error) {
    log.warn('Logout call failed', error);
  }
}
