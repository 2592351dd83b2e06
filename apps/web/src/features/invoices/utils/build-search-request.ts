// The search requests of the invoice list and the invoice search (invoices-and-payments §7 "Search conventions").
import {
  disputedOnlyFilterType,
  invoiceListBounds,
  searchPeriodAllBounds,
  type HeaderItem,
  type InvoiceListFilter,
  type InvoiceListRequest,
  type InvoiceSearchRequest,
  type InvoiceSort,
  type SearchFilter,
} from '@portal/contracts';
import {
  agingBucketDueRange,
  periodRange,
  toErpDate,
  type AgingBucket,
  type SearchPeriod,
  type SearchStatusCode,
} from '@portal/domain';
import { picksSeveralCustomers } from '../../../lib/account-selection';

/** Rows per page: the table keeps at most this many rows in the DOM, even for the 100k-document account. */
export const INVOICE_PAGE_SIZE = 50;

export type AccountScope = {
  primary: HeaderItem;
  secondaryAccount: string | null;
  soldTos: string[];
};

/** payer_data is the primary account; Payer and PayerAll filter by the selected sold-tos, a sold-to user by one. */
export function accountScope(scope: AccountScope): Pick<InvoiceSearchRequest, 'payer_data' | 'soldto_data'> {
  const several = picksSeveralCustomers(scope.primary.AccountType);
  return {
    payer_data: { customer_number: scope.primary.PrimaryAcct, company_code: scope.primary.CompanyCode },
    soldto_data: several ? scope.soldTos : scope.secondaryAccount ? [scope.secondaryAccount] : [],
  };
}

export type InvoiceListFilters = {
  view: 'open' | 'paid';
  dueFilter: 'all' | 'up_to';
  /** ISO date of the "due up to" filter. */
  dueUpTo: string | null;
  paidYear: number;
  sort: InvoiceSort;
  /** The aging chart's bucket the open list is narrowed to (issue 29); exclusive with "due up to". */
  agingBucket: AgingBucket | null;
  /** ISO day the bucket was counted on (the aging answer's as_of), so that the list and the chart agree. */
  agingAsOf: string | null;
  /** Issue 39: only the invoices with an open dispute (filter 95 X). */
  disputedOnly?: boolean;
};

/**
 * The list: open items (status 01) with due dates from 01-01-1900 to 01-01-9999 or up to the chosen day, or the
 * items paid in one year (status 02, document dates of that year). An aging bucket narrows the open items to the
 * invoices due in its range on its as-of day: credits are not aged (issue 29), so filter 92 (invoices only). "Disputed
 * only" (issue 39) is filter 95 X.
 */
export function buildListRequest(
  scope: AccountScope,
  filters: InvoiceListFilters,
  currency: string | null,
  cursor?: string,
): InvoiceListRequest {
  const bucketRange =
    filters.view === 'open' && filters.agingBucket && filters.agingAsOf
      ? agingBucketDueRange(filters.agingBucket, filters.agingAsOf)
      : null;
  const due = bucketRange
    ? {
        from: toErpDate(bucketRange.from) ?? invoiceListBounds.date_from,
        to: toErpDate(bucketRange.to) ?? invoiceListBounds.date_to,
      }
    : {
        from: invoiceListBounds.date_from,
        to: (filters.dueFilter === 'up_to' && toErpDate(filters.dueUpTo)) || invoiceListBounds.date_to,
      };
  const parameters =
    filters.view === 'open'
      ? {
          status: '01' as const,
          date_from: invoiceListBounds.date_from,
          date_to: invoiceListBounds.date_to,
          due_date_from: due.from,
          due_date_to: due.to,
        }
      : {
          status: '02' as const,
          date_from: `01-01-${filters.paidYear}`,
          date_to: `12-31-${filters.paidYear}`,
        };
  const filter: InvoiceListFilter[] = bucketRange ? [{ filter_type: '92', value: 'X' }] : [];
  if (filters.disputedOnly) filter.push({ filter_type: disputedOnlyFilterType, value: 'X' });
  return {
    ...accountScope(scope),
    search_parameters: {
      document_type: '01',
      ...parameters,
      ...(currency ? { currency_key: currency } : {}),
      filter,
      sort: filters.sort,
      page_size: INVOICE_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    },
  };
}

export type InvoiceSearchFilters = {
  status: SearchStatusCode;
  period: SearchPeriod;
  dateFrom: string | null;
  dateTo: string | null;
  dueDateFrom: string | null;
  dueDateTo: string | null;
  documentNumber: string;
  articleNumber: string;
  articleDescription: string;
};

/** Invoice search: status 01 sends the due-date range, the others the period (all: 01-01-1800 to 12-31-9999). */
export function buildSearchRequest(
  scope: AccountScope,
  filters: InvoiceSearchFilters,
  today: Date,
  sort: InvoiceSort,
  cursor?: string,
): InvoiceSearchRequest {
  const range =
    filters.status === '01'
      ? { from: null, to: null }
      : periodRange(
          filters.period,
          today,
          { from: filters.dateFrom, to: filters.dateTo },
          { from: searchPeriodAllBounds.date_from, to: searchPeriodAllBounds.date_to },
        );
  const filter: SearchFilter[] = [];
  const add = (filter_type: SearchFilter['filter_type'], value: string) => {
    const trimmed = value.trim();
    if (trimmed) filter.push({ filter_type, value: trimmed });
  };
  add('01', filters.documentNumber);
  add('90', filters.articleNumber);
  add('91', filters.articleDescription);
  const dateFrom = toErpDate(range.from);
  const dateTo = toErpDate(range.to);
  const dueFrom = filters.status === '01' ? toErpDate(filters.dueDateFrom) : null;
  const dueTo = filters.status === '01' ? toErpDate(filters.dueDateTo) : null;
  return {
    ...accountScope(scope),
    search_parameters: {
      document_type: '01',
      status: filters.status,
      ...(dateFrom ? { date_from: dateFrom } : {}),
      ...(dateTo ? { date_to: dateTo } : {}),
      ...(dueFrom ? { due_date_from: dueFrom } : {}),
      ...(dueTo ? { due_date_to: dueTo } : {}),
      filter,
      sort,
      page_size: INVOICE_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    },
  };
}

/** spec §9: the paid-items year selector offers the current year and the 4 before it. */
export const PAID_YEARS = 5;
export function paidYears(today: Date, count = PAID_YEARS): number[] {
  return Array.from({ length: count }, (_, index) => today.getFullYear() - index);
}

/** spec §4: the first currency is selected, USD preferred. */
export function pickCurrency(options: string[], current: string | null): string | null {
  if (current && options.includes(current)) return current;
  if (options.includes('USD')) return 'USD';
  return options[0] ?? null;
}
