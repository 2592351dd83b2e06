import { getAutopay } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The user's AutoPay enrolments, active and stopped (with the reason). */
export const autopayQuery = queryOptions({
  queryKey: ['scheduled-payments', 'autopay'],
  queryFn: ({ signal }) => call(getAutopay, undefined, { signal }),
});

export function useAutopay() {
  return useQuery(autopayQuery);
}
