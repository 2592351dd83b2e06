// spec §4 (Session): after 30 minutes without activity the user is logged out; activity refreshes the token,
// at most once per 5 minutes. Pure bookkeeping over timestamps so the rules are testable without timers.

export type IdleTrackerOptions = { idleTimeoutMs: number; refreshThrottleMs: number };

export type IdleTracker = {
  /** Records activity at `now`; says whether the access token should be refreshed now. */
  recordActivity(now: number): { refresh: boolean };
  /** A refresh was started at `now` (also call this after sign-in, which issued a fresh token). */
  markRefreshed(now: number): void;
  isIdle(now: number): boolean;
  msUntilIdle(now: number): number;
};

export function createIdleTracker(startedAt: number, options: IdleTrackerOptions): IdleTracker {
  let lastActivity = startedAt;
  let lastRefresh = startedAt;
  return {
    recordActivity(now) {
      lastActivity = Math.max(lastActivity, now);
      const refresh = now - lastRefresh >= options.refreshThrottleMs;
      if (refresh) lastRefresh = now;
      return { refresh };
    },
    markRefreshed(now) {
      lastRefresh = now;
    },
    isIdle(now) {
      return now - lastActivity >= options.idleTimeoutMs;
    },
    msUntilIdle(now) {
      return Math.max(0, lastActivity + options.idleTimeoutMs - now);
    },
  };
}
