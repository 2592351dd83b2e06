import { listCollectors } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The users an account may be given to (active, with CanManageCollections): the filter's and the drawer's choice. */
export const collectorsQuery = queryOptions({
  queryKey: ['collections', 'collectors'],
  queryFn: ({ signal }) => call(listCollectors, undefined, { signal }),
  staleTime: 5 * 60_000,
});

export function useCollectors() {
  return useQuery(collectorsQuery);
}
