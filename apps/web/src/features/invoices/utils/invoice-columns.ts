import { defaultInvoiceTableSetting, type InvoiceTableColumn } from '@portal/contracts';

/**
 * The columns of the invoice table (spec §2: configurable by the invoice_table setting). The setting has no read
 * call for the web yet; the contract's default column set is used until it has.
 */
export function invoiceTableColumns(): InvoiceTableColumn[] {
  return defaultInvoiceTableSetting.columns;
}

/** Columns whose values are amounts: right-aligned, tabular digits. */
export const amountColumns = new Set<InvoiceTableColumn>([
  'amount',
  'paid_amount',
  'unit_price',
  'total',
  'days_to_pay',
]);
