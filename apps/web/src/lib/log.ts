// The browser's one logger. Failures the spec says are "only logged" (footer links, banners, searches) go here.
/* eslint-disable no-console */
export const log = {
  warn(message: string, details?: unknown): void {
    console.warn(`[portal] ${message}`, details ?? '');
  },
  error(message: string, details?: unknown): void {
    console.error(`[portal] ${message}`, details ?? '');
  },
};
