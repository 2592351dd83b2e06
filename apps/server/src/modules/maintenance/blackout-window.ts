// The maintenance window as every request sees it (access spec §4 blackout; issue 15). Each instance keeps the
// stored window for a few seconds and decides "on now" from its clock at every request, so a window starts and
// ends by itself at its times on every instance, and a change made on another instance holds within seconds.
import type { BlackoutConfig } from '@portal/contracts';
import { isBlackoutOn } from '@portal/domain';
import type { Db } from '../../db/client';
import { readSetting, writeSetting } from '../system/app-settings.repository';

const settingKey = 'blackout';

/** How long an instance trusts what it read (a change on another instance shows within this, issue 15: ≤ 10 s). */
export const blackoutCacheMs = 5_000;

export const noBlackout: BlackoutConfig = {
  isEnabled: false,
  fromUtcDate: null,
  toUtcDate: null,
  redirectUrl: '',
  messages: [],
};

export type BlackoutWindow = {
  read(): Promise<BlackoutConfig>;
  write(next: BlackoutConfig): Promise<void>;
  /** The window when it is on at this moment, else null. */
  activeNow(): Promise<BlackoutConfig | null>;
};

export function createBlackoutWindow(db: Db, now: () => Date): BlackoutWindow {
  let cached: { value: BlackoutConfig; readAt: number } | null = null;

  async function read(): Promise<BlackoutConfig> {
    const at = Date.now();
    if (cached && at - cached.readAt < blackoutCacheMs) return cached.value;
    const value = { ...noBlackout, ...(await readSetting<BlackoutConfig>(db, settingKey)) };
    cached = { value, readAt: at };
    return value;
  }

  return {
    read,
    async write(next) {
      await writeSetting(db, settingKey, next);
      cached = { value: next, readAt: Date.now() };
    },
    async activeNow() {
      const window = await read();
      return isBlackoutOn(window, now()) ? window : null;
    },
  };
}
