import { headerAccounts } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The header's primary accounts and their sold-tos; with an impersonated user id, that user's (spec §7). */
export const headerAccountsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['customers', 'header-accounts', userId],
    queryFn: ({ signal }) => call(headerAccounts, userId === null ? {} : { userid: userId }, { signal }),
    staleTime: 10 * 60_000,
  });

export function useHeaderAccounts(enabled: boolean, userId: number | null) {
  return useQuery({ ...headerAccountsQuery(userId), enabled });
}
