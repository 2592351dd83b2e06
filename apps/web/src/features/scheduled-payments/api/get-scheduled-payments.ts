import { listScheduledPayments } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The user's scheduled and AutoPay payments of any status (the last 200, newest day first): the page splits them into
 * the open ones and the history. The pay page refreshes ['scheduled-payments'] after scheduling one.
 */
export const scheduledPaymentsQuery = queryOptions({
  queryKey: ['scheduled-payments', 'all'],
  queryFn: ({ signal }) => call(listScheduledPayments, undefined, { query: { status: 'all' }, signal }),
});

export function useScheduledPayments() {
  return useQuery(scheduledPaymentsQuery);
}
