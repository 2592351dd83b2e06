import { headerAccounts } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The header's primary accounts and their sold-tos, of the session's user or of the user it works as (the server
 * session decides, issue 14); `userId` is the profile's, so that a switch of identity never reuses the cache.
 */
export const headerAccountsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['customers', 'header-accounts', userId],
    queryFn: ({ signal }) => call(headerAccounts, {}, { signal }),
    staleTime: 10 * 60_000,
    // Asked again every 10 s while it fails (the ERP down, issue 28): the pages come back by themselves.
    refetchInterval: (query) => (query.state.status === 'error' ? 10_000 : false),
  });

export function useHeaderAccounts(enabled: boolean, userId: number | null) {
  return useQuery({ ...headerAccountsQuery(userId), enabled });
}
