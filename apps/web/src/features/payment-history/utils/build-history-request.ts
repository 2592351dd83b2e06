// The payment-history search request (spec §2 Payment history, §4 filters: period default 30 days, §7 document type
// Payment, dates MM-DD-YYYY, filter type 01 for the invoice number).
import type { HeaderItem, PaymentHistoryRequest } from '@portal/contracts';
import { periodRange, toErpDate, type SearchPeriod } from '@portal/domain';
import { picksSeveralCustomers } from '../../../lib/account-selection';

export type HistoryFilters = {
  period: SearchPeriod;
  /** ISO yyyy-mm-dd, for the custom period. */
  dateFrom: string | null;
  dateTo: string | null;
  invoiceNumber: string;
  /** '' for every currency. */
  currency: string;
};

export const defaultHistoryFilters: HistoryFilters = {
  period: '30',
  dateFrom: null,
  dateTo: null,
  invoiceNumber: '',
  currency: '',
};

export const historyPageSize = 50;

export function buildHistoryRequest(
  scope: { primary: HeaderItem; secondaryAccount: string | null; soldTos: string[] },
  filters: HistoryFilters,
  today: Date,
  cursor?: string,
): PaymentHistoryRequest {
  const range = periodRange(filters.period, today, { from: filters.dateFrom, to: filters.dateTo });
  const several = picksSeveralCustomers(scope.primary.AccountType);
  const invoice = filters.invoiceNumber.trim();
  return {
    payer_data: { customer_number: scope.primary.PrimaryAcct, company_code: scope.primary.CompanyCode },
    soldto_data: several ? scope.soldTos : scope.secondaryAccount ? [scope.secondaryAccount] : [],
    search_parameters: {
      document_type: 'Payment',
      status: '03',
      ...(range.from ? { date_from: toErpDate(range.from)! } : {}),
      ...(range.to ? { date_to: toErpDate(range.to)! } : {}),
      ...(filters.currency ? { currency_key: filters.currency } : {}),
      filter: invoice ? [{ filter_type: '01', value: invoice }] : [],
      page_size: historyPageSize,
      ...(cursor ? { cursor } : {}),
    },
  };
}
