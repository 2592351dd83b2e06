import { listPromises } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const promisesKey = ['collections', 'promises'] as const;

/** The promises to pay of the user's accounts, open ones first, then newest first. */
export const promisesQuery = queryOptions({
  queryKey: promisesKey,
  queryFn: ({ signal }) => call(listPromises, undefined, { signal }),
});

export function usePromises() {
  return useQuery(promisesQuery);
}
