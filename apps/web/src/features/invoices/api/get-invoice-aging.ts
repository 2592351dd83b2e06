import { invoiceAging, type InvoiceAgingRequest } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The aging chart of the open view (issue 29): every currency in one answer, like the totals, so that switching the
 * currency reads the cache. Under ['invoices']: a payment or deposit invalidates it with the list and the totals.
 * Silent: the chart is an extra beside the list and the totals, which toast the same failure already (with the ERP
 * down, a third identical toast); the server logs it, and the page simply shows no chart.
 */
export const invoiceAgingQuery = (request: InvoiceAgingRequest | null) =>
  queryOptions({
    queryKey: ['invoices', 'aging', request],
    queryFn: ({ signal }) => call(invoiceAging, request as InvoiceAgingRequest, { signal, silent: true }),
    enabled: request !== null,
    staleTime: 30_000,
  });

export function useInvoiceAging(request: InvoiceAgingRequest | null) {
  return useQuery(invoiceAgingQuery(request));
}
