import { publicConfig } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';

// The public switches the sign-in screen reads (same query key: the guest button's click finds them cached). The
// guest pages exist only while allowGuestPayment is on; if the switches cannot be read they say "not available".
export const guestPaymentAllowedQuery = queryOptions({
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

export const useGuestPaymentAllowed = () => {
  const query = useQuery(guestPaymentAllowedQuery);
  return { loading: query.isPending, allowed: query.data?.allowGuestPayment === true };
};
