import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGOUT_RELOAD_DELAY_MS, SIGN_IN_PATH } from '../../../config/constants';
import { sessionStore } from '../../../lib/browser-storage';
import { notify } from '../../../lib/notify';
import { isThirdParty, session } from '../../../lib/session';
import { postLogout } from '../api/post-logout';

export type LogoutReason = 'LoggedOut' | 'TimedOut';

/**
 * spec §2/§4: logout clears state and session storage, goes to /signin (a third-party user to the site root)
 * and reloads after 100 ms so nothing of the session survives in memory. The "go" and the "reload" are one
 * full page load 100 ms later: the app is never seen half signed out, and the new page starts from
 * login-status like any other visit.
 * An idle time-out does not reload: the 'session expired' toast must stay until the user closes it, and a
 * reload would remove it. State and the query cache are cleared in place instead.
 */
export function useLogout(): (reason?: LogoutReason) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(
    async (reason: LogoutReason = 'LoggedOut') => {
      const thirdParty = isThirdParty(session.get().profile);
      await postLogout();
      if (reason === 'TimedOut') {
        session.end(reason);
        queryClient.clear();
        navigate(SIGN_IN_PATH, { replace: true });
        notify.info(t('auth.toast.session_timeout'), { autoClose: false, id: 'session-timeout' });
        return;
      }
      session.setAccessToken(null);
      sessionStore.clearKeepingLastUrl();
      window.setTimeout(() => window.location.assign(thirdParty ? '/' : SIGN_IN_PATH), LOGOUT_RELOAD_DELAY_MS);
    },
    [navigate, queryClient, t],
  );
}
