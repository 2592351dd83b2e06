import { publicConfig } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { log } from './log';

// The public switches (GET /api/config): the sign-in screen shows its register and guest-payment buttons, the footer
// its links and the guest pages themselves only when they say so; if they cannot be read, all stay hidden.
export const publicConfigQuery = queryOptions({
  queryKey: ['configuration', 'public'],
  queryFn: async () => {
    try {
      return await call(publicConfig, undefined, { silent: true });
    } catch (error) {
      log.warn('Public configuration could not be loaded', error);
      return null;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
