// Issue 29: a clock that tests move, for test systems only (TEST_CLOCK; refused with NODE_ENV=production). The
// offset lives in app_settings "test_clock", so that a browser test or the two-instances check moves every instance
// at once; each instance reads it at every scheduler round (and at start).
import type { Db } from '../db/client';
import { readSetting } from '../modules/system/app-settings.repository';

export const testClockSetting = 'test_clock';

export type TestClock = { now: () => Date; refresh: () => Promise<void> };

export function createTestClock(db: Db): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    refresh: async () => {
      const stored = await readSetting<{ offsetMs?: number }>(db, testClockSetting);
      offsetMs = Number.isFinite(stored?.offsetMs) ? Number(stored!.offsetMs) : 0;
    },
  };
}
