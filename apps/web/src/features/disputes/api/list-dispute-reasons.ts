import { listDisputeReasons } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A company code's dispute reasons and their target days (the raise form's choice, the settings section's values). */
export const disputeReasonsQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['disputes', 'reasons', companyCode],
    queryFn: ({ signal }) => call(listDisputeReasons, undefined, { query: { company_code: companyCode }, signal }),
    staleTime: 5 * 60_000,
  });

export function useDisputeReasons(companyCode: string | null) {
  return useQuery({ ...disputeReasonsQuery(companyCode ?? ''), enabled: Boolean(companyCode) });
}
