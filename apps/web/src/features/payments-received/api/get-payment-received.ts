import { getPaymentReceived } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Issue 37: one payment with its refunds, returns, chargebacks and disputes (GET /api/payments-received/:id). */
export const paymentReceivedQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments-received', 'detail', id],
    queryFn: ({ signal }) => call(getPaymentReceived, undefined, { params: { id }, signal }),
    // What is left to refund changes with every refund, return and dispute: read afresh each time it is opened.
    staleTime: 0,
  });

export function usePaymentReceived(id: string) {
  return useQuery(paymentReceivedQuery(id));
}
