import { invoiceDetail, type InvoiceDetailRequest } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/** spec §7: status E gives a warning toast and no detail. */
export const invoiceDetailQuery = (request: InvoiceDetailRequest | null) =>
  queryOptions({
    queryKey: ['invoices', 'detail', request],
    queryFn: async ({ signal }) => {
      const answer = await call(invoiceDetail, request as InvoiceDetailRequest, { signal });
      if (answer.status.message_type === 'E' || !answer.detail) {
        notify.warning(answer.status.message_line_string || i18n.t('errors.invoices.detail_load_failed'));
        return null;
      }
      // Issue 37: why an invoice a payment had paid is open again (refunded, returned, charged back). Issue 38: the
      // reminders that listed it and the promise that holds it. Issue 39: its dispute.
      return {
        ...answer.detail,
        reopened: answer.reopened ?? [],
        collections: answer.collections ?? null,
        dispute: answer.dispute ?? null,
      };
    },
    enabled: request !== null,
    staleTime: 60_000,
  });

export function useInvoiceDetail(request: InvoiceDetailRequest | null) {
  return useQuery(invoiceDetailQuery(request));
}
