import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../../lib/public-config';

// The guest pages exist only while allowGuestPayment is on (the sign-in screen's switches, the same query: the guest
// button's click finds them cached); if the switches cannot be read they say "not available".
export const guestPaymentAllowedQuery = publicConfigQuery;

export const useGuestPaymentAllowed = () => {
  const query = useQuery(publicConfigQuery);
  return { loading: query.isPending, allowed: query.data?.allowGuestPayment === true };
};
