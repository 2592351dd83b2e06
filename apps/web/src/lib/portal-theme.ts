// The theme of this host (access spec §3 Theme; issue 15): read before sign-in (public), applied to the whole app
// without a reload (Mantine's button colours, the header's brand colours, the page background, the logo and the
// icon). Kept in local storage (spec §7), so that the next visit starts in its colours instead of flashing the
// built-in look; the answer from the server replaces it. The copy is kept with the app's version and used only by the
// same version (whose server wrote it, from the contract's schema); unreadable or older: the built-in look.
import { getTheme, type Theme } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '../config/env';
import { call } from './api-client';
import { localStore, storageKeys } from './browser-storage';
import { log } from './log';

type StoredTheme = { version: string; theme: Theme };

function storedTheme(): Theme | undefined {
  try {
    const stored = JSON.parse(localStore.get(storageKeys.theme) ?? 'null') as Partial<StoredTheme> | null;
    if (stored?.version !== env.appVersion || typeof stored.theme?.name !== 'string') return undefined;
    return stored.theme;
  } catch {
    return undefined;
  }
}

function storeTheme(theme: Theme): void {
  localStore.set(storageKeys.theme, JSON.stringify({ version: env.appVersion, theme } satisfies StoredTheme));
}

export const portalThemeQuery = queryOptions({
  queryKey: ['configuration', 'theme', window.location.host],
  queryFn: async (): Promise<Theme | null> => {
    try {
      const theme = await call(getTheme, undefined, { silent: true, query: { url: window.location.host } });
      storeTheme(theme);
      return theme;
    } catch (error) {
      log.warn('Theme could not be loaded', error);
      return null;
    }
  },
  initialData: storedTheme,
  // The stored copy shows at once and is read again from the server straight away.
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
  retry: false,
});

export const usePortalTheme = (): Theme | null => useQuery(portalThemeQuery).data ?? null;
