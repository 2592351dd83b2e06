import { searchPaymentsReceived, type PaymentsReceivedSearchRequest } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const paymentsReceivedQuery = (request: PaymentsReceivedSearchRequest | null) =>
  queryOptions({
    queryKey: ['payments-received', request],
    queryFn: ({ signal }) => call(searchPaymentsReceived, request as PaymentsReceivedSearchRequest, { signal }),
    enabled: request !== null,
    // The page, totals and chart stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export function usePaymentsReceived(request: PaymentsReceivedSearchRequest | null) {
  return useQuery(paymentsReceivedQuery(request));
}
