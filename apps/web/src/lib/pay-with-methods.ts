import { getPaymentMethods, type PayerData } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The payer's saved and session methods for "Pay with". Same query key as the payment-methods screens, so a card
 * added through the Manage payment methods toggle shows here at once.
 */
export const payWithMethodsQuery = (payer: PayerData | null) =>
  queryOptions({
    queryKey: ['payment-methods', payer],
    queryFn: ({ signal }) => call(getPaymentMethods, undefined, { query: payer ?? {}, signal }),
    enabled: payer !== null,
  });

export function usePayWithMethods(payer: PayerData | null) {
  return useQuery(payWithMethodsQuery(payer));
}
