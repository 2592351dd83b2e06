import { invoiceTotals, type InvoiceTotalsRequest } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The totals cards per currency (all currencies: the list also takes its currency options from them). */
export const invoiceTotalsQuery = (request: InvoiceTotalsRequest | null) =>
  queryOptions({
    queryKey: ['invoices', 'totals', request],
    queryFn: ({ signal }) => call(invoiceTotals, request as InvoiceTotalsRequest, { signal }),
    enabled: request !== null,
    staleTime: 30_000,
  });

export function useInvoiceTotals(request: InvoiceTotalsRequest | null) {
  return useQuery(invoiceTotalsQuery(request));
}
