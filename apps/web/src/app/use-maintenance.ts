// access spec §2: the maintenance flag is fetched at start and again after the first load, and switches which
// routes exist. Administrators keep the whole portal during a window (they end it); everyone else gets the
// blackout page, and signed-out visitors the admin sign-in at /login/admin only.
import type { BlackoutStatus } from '@portal/contracts';
import { useBlackoutStatus } from '../lib/blackout';
import { isSignedIn, useSession } from '../lib/session';

export type Maintenance = {
  status: BlackoutStatus;
  /** The first answer arrived (or failed): routes may be chosen. */
  loaded: boolean;
  /** A window is on and the person signed in, if any, is not an administrator. */
  closedToMe: boolean;
};

export function useMaintenance(): Maintenance {
  const { status, loaded } = useBlackoutStatus();
  const session = useSession();
  const administrator = isSignedIn(session.status) && session.profile?.user_role === 'admin';
  return { status, loaded, closedToMe: status.active && !administrator };
}
