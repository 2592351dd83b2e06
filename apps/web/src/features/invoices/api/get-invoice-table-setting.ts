import { defaultInvoiceTableSetting, invoiceTableSetting, type InvoiceTableColumn } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const invoiceTableSettingQuery = queryOptions({
  queryKey: ['configuration', 'invoice-table'],
  queryFn: () => call(invoiceTableSetting, undefined),
  staleTime: 10 * 60_000,
});

/** The columns of the invoice tables (spec §2: the invoice_table setting); the default set until it arrives. */
export function useInvoiceTableColumns(): InvoiceTableColumn[] {
  const { data } = useQuery(invoiceTableSettingQuery);
  return data?.columns ?? defaultInvoiceTableSetting.columns;
}
