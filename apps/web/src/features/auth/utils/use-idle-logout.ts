import { useEffect } from 'react';
import { refresh } from '@portal/contracts';
import { IDLE_TIMEOUT_MS, TOKEN_REFRESH_THROTTLE_MS } from '../../../config/constants';
import { ApiError, call } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { session } from '../../../lib/session';
import { createIdleTracker } from './idle-tracker';

// What counts as the user being there (spec §4: mouse, keys, touch, scroll).
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
// mousemove fires many times a second; looking at the clock once a second is plenty for minute-scale rules.
const ACTIVITY_SAMPLE_MS = 1_000;

/**
 * While signed in: log out after 30 idle minutes, and refresh the access token on activity at most every
 * 5 minutes (spec §4). A refused refresh ends the session like any other 401.
 */
export function useIdleLogout(enabled: boolean, onIdle: () => void, onRefreshRefused: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const tracker = createIdleTracker(Date.now(), {
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      refreshThrottleMs: TOKEN_REFRESH_THROTTLE_MS,
    });
    let lastSample = 0;
    let timer: number | undefined;
    let finished = false;

    const finish = (): void => {
      if (finished) return;
      finished = true;
      onIdle();
    };

    const check = (): void => {
      window.clearTimeout(timer);
      const now = Date.now();
      if (tracker.isIdle(now)) {
        finish();
        return;
      }
      timer = window.setTimeout(check, tracker.msUntilIdle(now) + 50);
    };

    const handleActivity = (): void => {
      const now = Date.now();
      if (finished || now - lastSample < ACTIVITY_SAMPLE_MS) return;
      lastSample = now;
      // A laptop that slept through the deadline must not count waking up as activity.
      if (tracker.isIdle(now)) {
        finish();
        return;
      }
      if (tracker.recordActivity(now).refresh) {
        call(refresh, {})
          .then((answer) => session.setAccessToken(answer.token))
          .catch((error: unknown) => {
            log.warn('Token refresh failed', error);
            if (error instanceof ApiError && error.status === 401) onRefreshRefused();
          });
      }
    };

    const handleVisibility = (): void => {
      if (document.visibilityState === 'visible') check();
    };

    for (const name of activityEvents) {
      window.addEventListener(name, handleActivity, { capture: true, passive: true });
    }
    document.addEventListener('visibilitychange', handleVisibility);
    check();
    return () => {
      window.clearTimeout(timer);
      for (const name of activityEvents) window.removeEventListener(name, handleActivity, { capture: true });
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [enabled, onIdle, onRefreshRefused]);
}
