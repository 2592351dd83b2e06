import { getCollectionAccount } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type AccountRef = { payer: string; companyCode: string };

/** One account's worklist row and its timeline, newest first (GET /api/collections/accounts/:payer). */
export const collectionAccountQuery = ({ payer, companyCode }: AccountRef) =>
  queryOptions({
    queryKey: ['collections', 'account', payer, companyCode],
    queryFn: ({ signal }) =>
      call(getCollectionAccount, undefined, { params: { payer }, query: { company_code: companyCode }, signal }),
    // A colleague may have called or noted something meanwhile: read afresh each time the drawer opens.
    staleTime: 0,
  });

export function useCollectionAccount(account: AccountRef) {
  return useQuery(collectionAccountQuery(account));
}
