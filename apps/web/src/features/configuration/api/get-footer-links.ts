import { footerLinks } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';

// spec §8: fetch failures for footer links are only logged.
export const footerLinksQuery = queryOptions({
  queryKey: ['configuration', 'footer-links'],
  queryFn: async () => {
    try {
      return await call(footerLinks, undefined, { silent: true });
    } catch (error) {
      log.warn('Footer links could not be loaded', error);
      return null;
    }
  },
  staleTime: 10 * 60_000,
  retry: false,
});

export function useFooterLinks(enabled: boolean) {
  return useQuery({ ...footerLinksQuery, enabled });
}
