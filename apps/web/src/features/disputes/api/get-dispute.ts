import { getDispute } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const disputeKey = (id: string) => ['disputes', 'detail', id] as const;

/**
 * One dispute with its thread and attachments. Silent: a 404 (another customer's, or no such dispute) is the page's
 * not-found state, not a toast; the page says any other failure itself.
 */
export const disputeQuery = (id: string) =>
  queryOptions({
    queryKey: disputeKey(id),
    queryFn: ({ signal }) => call(getDispute, undefined, { params: { id }, signal, silent: true }),
    // The other side may have written meanwhile: read afresh each time the page opens.
    staleTime: 0,
  });

export function useDispute(id: string) {
  return useQuery(disputeQuery(id));
}
