import { getPaymentMethods, type PayerData } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const paymentMethodsQuery = (payer: PayerData | null) =>
  queryOptions({
    queryKey: ['payment-methods', payer],
    queryFn: ({ signal }) => call(getPaymentMethods, undefined, { query: payer ?? {}, signal }),
    enabled: payer !== null,
  });

export function usePaymentMethods(payer: PayerData | null) {
  return useQuery(paymentMethodsQuery(payer));
}
