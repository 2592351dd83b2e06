import { getPaymentsHistory, type PaymentHistoryRequest } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const paymentsHistoryQuery = (request: PaymentHistoryRequest | null) =>
  queryOptions({
    queryKey: ['payment-history', request],
    queryFn: ({ signal }) => call(getPaymentsHistory, request as PaymentHistoryRequest, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

export function usePaymentsHistory(request: PaymentHistoryRequest | null) {
  return useQuery(paymentsHistoryQuery(request));
}
