import { listDisputes } from '@portal/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { DisputeQuery } from '../utils/dispute-filters';

export const disputesKey = ['disputes', 'list'] as const;

/** The disputes of the filter, newest first, one keyset page after another ("Load more" asks for the `next`). */
export const disputesQuery = (filters: DisputeQuery) =>
  infiniteQueryOptions({
    queryKey: [...disputesKey, filters],
    queryFn: ({ pageParam, signal }) =>
      call(listDisputes, undefined, { query: { ...filters, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export function useDisputes(filters: DisputeQuery) {
  return useInfiniteQuery(disputesQuery(filters));
}

/** The disputes of one invoice (the raise dialog looks for an active one before offering a new one). */
export const invoiceDisputesQuery = (billingDocumentNumber: string) =>
  queryOptions({
    queryKey: [...disputesKey, 'invoice', billingDocumentNumber],
    queryFn: ({ signal }) =>
      call(listDisputes, undefined, { query: { billing_document_number: billingDocumentNumber }, signal }),
    staleTime: 0,
  });

export function useInvoiceDisputes(billingDocumentNumber: string) {
  return useQuery(invoiceDisputesQuery(billingDocumentNumber));
}
