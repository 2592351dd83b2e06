import { publicConfig } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';

// The sign-in screen shows its register and guest-payment buttons only when the switches say so; if the
// switches cannot be read the buttons stay hidden.
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
