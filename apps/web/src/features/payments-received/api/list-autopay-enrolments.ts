import { listAutopayEnrolments } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Issue 29: every customer's AutoPay enrolments, newest first (GET /api/payments-received/autopay). */
export const autopayEnrolmentsQuery = () =>
  queryOptions({
    queryKey: ['payments-received', 'autopay'],
    queryFn: ({ signal }) => call(listAutopayEnrolments, undefined, { signal }),
  });

export function useAutopayEnrolments() {
  return useQuery(autopayEnrolmentsQuery());
}
