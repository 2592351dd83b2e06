import { getWorklist } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { WorklistQuery } from '../utils/worklist-filters';

export const worklistKey = ['collections', 'worklist'] as const;

/** The worklist of the filter, one keyset page after another ("Load more" asks for the `next` of the last one). */
export const worklistQuery = (filters: WorklistQuery) =>
  infiniteQueryOptions({
    queryKey: [...worklistKey, filters],
    queryFn: ({ pageParam, signal }) =>
      call(getWorklist, undefined, { query: { ...filters, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export function useWorklist(filters: WorklistQuery) {
  return useInfiniteQuery(worklistQuery(filters));
}
