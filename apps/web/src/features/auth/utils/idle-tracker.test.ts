import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, TOKEN_REFRESH_THROTTLE_MS } from '../../../config/constants';
import { createIdleTracker } from './idle-tracker';

const options = { idleTimeoutMs: IDLE_TIMEOUT_MS, refreshThrottleMs: TOKEN_REFRESH_THROTTLE_MS };
const minute = 60_000;

describe('idle tracker', () => {
  it('uses the spec constants: 30 minutes idle, 5 minutes between refreshes', () => {
    expect(IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(TOKEN_REFRESH_THROTTLE_MS).toBe(300_000);
  });

  it('is idle after 30 minutes without activity, not a moment before', () => {
    const tracker = createIdleTracker(0, options);
    expect(tracker.isIdle(30 * minute - 1)).toBe(false);
    expect(tracker.isIdle(30 * minute)).toBe(true);
  });

  it('restarts the idle clock on activity', () => {
    const tracker = createIdleTracker(0, options);
    tracker.recordActivity(20 * minute);
    expect(tracker.isIdle(45 * minute)).toBe(false);
    expect(tracker.msUntilIdle(45 * minute)).toBe(5 * minute);
    expect(tracker.isIdle(50 * minute)).toBe(true);
  });

  it('refreshes the token at most once per 5 minutes of activity', () => {
    const tracker = createIdleTracker(0, options);
    expect(tracker.recordActivity(1 * minute).refresh).toBe(false);
    expect(tracker.recordActivity(5 * minute).refresh).toBe(true);
    expect(tracker.recordActivity(6 * minute).refresh).toBe(false);
    expect(tracker.recordActivity(9 * minute + 59_999).refresh).toBe(false);
    expect(tracker.recordActivity(10 * minute).refresh).toBe(true);
  });

  it('counts a sign-in as a fresh token', () => {
    const tracker = createIdleTracker(0, options);
    tracker.markRefreshed(4 * minute);
    expect(tracker.recordActivity(6 * minute).refresh).toBe(false);
    expect(tracker.recordActivity(9 * minute).refresh).toBe(true);
  });

  it('does not refresh without activity', () => {
    const tracker = createIdleTracker(0, options);
    expect(tracker.isIdle(29 * minute)).toBe(false);
    expect(tracker.recordActivity(29 * minute).refresh).toBe(true);
  });
});
