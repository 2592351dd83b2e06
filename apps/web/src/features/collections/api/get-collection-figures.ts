import { getCollectionFigures } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** DSO and the past-due share per company code and currency, each day kept (GET /api/collections/figures). */
export const collectionFiguresQuery = (companyCode: string | undefined) =>
  queryOptions({
    queryKey: ['collections', 'figures', companyCode ?? null],
    queryFn: ({ signal }) => call(getCollectionFigures, undefined, { query: { company_code: companyCode }, signal }),
    // The job keeps one point a day: asking again within a few minutes tells nothing new.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useCollectionFigures(companyCode: string | undefined) {
  return useQuery(collectionFiguresQuery(companyCode));
}
