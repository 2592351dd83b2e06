// Declarative routing (react-router 7): the route tree is chosen from the auth status, so a signed-out
// visitor cannot reach a signed-in screen at all, and vice versa.
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SessionManager } from '../features/auth/components/session-manager';
import { sessionStore, storageKeys } from '../lib/browser-storage';
import { isTrackedUrl } from '../lib/last-url';
import { isSignedIn, isWaitingConfirmation, useSession } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { signedInRouteElements, signedOutRouteElements, waitingConfirmationRouteElements } from './routes';
import { useBlackoutActive } from './use-blackout-active';

/** spec §2: remember the last address, skipping the sign-in, reset and registration pages. */
function useLastUrlTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (isTrackedUrl(pathname)) sessionStore.set(storageKeys.lastUrl, pathname + search);
  }, [pathname, search]);
}

export function AppRouter() {
  const { status, profile } = useSession();
  const blackoutActive = useBlackoutActive();
  useLastUrlTracking();

  return (
    <>
      <SessionManager />
      {/* spec §2: while the status is Waiting an empty page is shown. */}
      {status !== 'Waiting' && (
        <Routes>
          <Route element={<AppLayout />}>
            {!isSignedIn(status)
              ? signedOutRouteElements(blackoutActive)
              : isWaitingConfirmation(profile)
                ? waitingConfirmationRouteElements()
                : signedInRouteElements(blackoutActive)}
          </Route>
        </Routes>
      )}
    </>
  );
}
