// Keys of everything the SPA keeps in web storage, and safe accessors (storage may be disabled or full).

export const storageKeys = {
  /** local storage: the language the user chose in the footer. */
  language: 'portal.language',
  /** session storage: the last visited address (spec §2 last-URL tracking). Survives logout. */
  lastUrl: 'portal.lastUrl',
  /** local storage: the theme of this host as last read (spec §7: colours, logo and icon kept locally). */
  theme: 'portal.theme',
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const localStore = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
};

export const sessionStore = {
  /** Empty values read as null (spec §4). */
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key) || null, null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
  /** spec §4: on logout session storage is cleared; the last URL is kept (the user state keeps it). */
  clearKeepingLastUrl(): void {
    const lastUrl = sessionStore.get(storageKeys.lastUrl);
    safe(() => window.sessionStorage.clear(), undefined);
    if (lastUrl) sessionStore.set(storageKeys.lastUrl, lastUrl);
  },
};
