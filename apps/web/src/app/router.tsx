// Declarative routing (react-router 7): the route tree is chosen from the auth status, so a signed-out
// visitor cannot reach a signed-in screen at all, and vice versa.
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SessionManager } from '../features/auth/components/session-manager';
import { sessionStore, storageKeys } from '../lib/browser-storage';
import { isTrackedUrl } from '../lib/last-url';
import { isSignedIn, isWaitingConfirmation, useSession } from '../lib/session';
import { BackendCheck } from './guards/backend-check';
import { AppLayout } from './layout/app-layout';
import {
  closedForMaintenanceRouteElements,
  signedInRouteElements,
  signedOutRouteElements,
  waitingConfirmationRouteElements,
} from './routes';
import { useMaintenance } from './use-maintenance';

/** spec §2: remember the last address, skipping the sign-in, reset and registration pages. */
function useLastUrlTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (isTrackedUrl(pathname)) sessionStore.set(storageKeys.lastUrl, pathname + search);
  }, [pathname, search]);
}

export function AppRouter() {
  const { status, profile } = useSession();
  const maintenance = useMaintenance();
  useLastUrlTracking();

  return (
    <>
      <SessionManager />
      {/* spec §2: while the status is Waiting an empty page is shown (and until the maintenance flag is known). */}
      {status !== 'Waiting' && maintenance.loaded && (
        <Routes>
          <Route element={<AppLayout />}>
            {!isSignedIn(status) ? (
              signedOutRouteElements(maintenance.status)
            ) : maintenance.closedToMe ? (
              closedForMaintenanceRouteElements(maintenance.status)
            ) : isWaitingConfirmation(profile) ? (
              waitingConfirmationRouteElements()
            ) : (
              // spec §2: a failed back-end configuration sends users to the configuration or /system-error.
              <Route element={<BackendCheck />}>{signedInRouteElements()}</Route>
            )}
          </Route>
        </Routes>
      )}
    </>
  );
}
