import { searchInvoices, type InvoiceListRequest, type InvoiceSearchResponse } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/**
 * spec §7: status S loads; W loads with a warning toast; any other type gives an empty list and a toast of the
 * message.
 */
export async function fetchInvoices(request: InvoiceListRequest, signal?: AbortSignal): Promise<InvoiceSearchResponse> {
  const answer = await call(searchInvoices, request, { signal });
  const { message_type, message_line_string } = answer.status;
  if (message_type === 'W') notify.warning(message_line_string || i18n.t('common.warning'));
  if (message_type !== 'S' && message_type !== 'W') {
    notify.error(message_line_string || i18n.t('errors.invoices.load_failed'));
    return { ...answer, document_list: [], next_cursor: null, found_count: 0, found_count_capped: false };
  }
  return answer;
}

export const invoicesQuery = (request: InvoiceListRequest | null) =>
  queryOptions({
    queryKey: ['invoices', 'search', request],
    queryFn: ({ signal }) => fetchInvoices(request as InvoiceListRequest, signal),
    enabled: request !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useInvoices(request: InvoiceListRequest | null) {
  return useQuery(invoicesQuery(request));
}
