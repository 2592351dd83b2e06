// The theme of this host (access spec §3 Theme; issue 15): read before sign-in (public), applied to the whole app
// without a reload (Mantine's button colours, the header's brand colours, the page background, the logo and the
// icon). Unreadable: the built-in look.
import { getTheme, type Theme } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { log } from './log';

export const portalThemeQuery = queryOptions({
  queryKey: ['configuration', 'theme', window.location.host],
  queryFn: async (): Promise<Theme | null> => {
    try {
      return await call(getTheme, undefined, { silent: true, query: { url: window.location.host } });
    } catch (error) {
      log.warn('Theme could not be loaded', error);
      return null;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export const usePortalTheme = (): Theme | null => useQuery(portalThemeQuery).data ?? null;
