import type { InvoiceTableColumn } from '@portal/contracts';

/** Columns whose values are amounts: right-aligned, tabular digits. */
export const amountColumns = new Set<InvoiceTableColumn>([
  'amount',
  'paid_amount',
  'unit_price',
  'total',
  'days_to_pay',
]);
