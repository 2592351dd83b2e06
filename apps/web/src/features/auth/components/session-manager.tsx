import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '../../../config/constants';
import { setSessionExpiredHandler } from '../../../lib/api-client';
import { session, useSession } from '../../../lib/session';
import { startSession } from '../utils/start-session';
import { useIdleLogout } from '../utils/use-idle-logout';
import { useLogout } from '../utils/use-logout';

/** No UI: starts the session, ends it on a refused token (spec §8: a 401 logs out) and after 30 idle minutes. */
export function SessionManager() {
  const { status } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  useEffect(() => {
    void startSession();
  }, []);

  // spec §4: a 401 with reason not_logged_in gives Unauthenticated.
  const handleExpired = useCallback(() => {
    if (session.get().status !== 'Authenticated') return;
    session.end('Unauthenticated');
    queryClient.clear();
    navigate(SIGN_IN_PATH, { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => setSessionExpiredHandler(handleExpired), [handleExpired]);

  const handleIdle = useCallback(() => void logout('TimedOut'), [logout]);
  useIdleLogout(status === 'Authenticated', handleIdle, handleExpired);

  return null;
}
