import { payWithMethods, type PayerData } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The payer's saved and session methods for "Pay with" (GET /api/customer/payment_cards: for those who may pay, even
 * without managing payment methods). Under the payment-methods screens' key prefix, so that a card added through the
 * Manage payment methods toggle, which refreshes ['payment-methods'], shows here at once.
 */
export const payWithMethodsQuery = (payer: PayerData | null) =>
  queryOptions({
    queryKey: ['payment-methods', 'pay-with', payer],
    queryFn: ({ signal }) => call(payWithMethods, undefined, { query: payer ?? {}, signal }),
    enabled: payer !== null,
  });

export function usePayWithMethods(payer: PayerData | null) {
  return useQuery(payWithMethodsQuery(payer));
}
