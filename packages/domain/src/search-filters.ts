// Invoice and payment search filters (invoices-and-payments §4 "Filters", §5 "Invoice and payment search", §7
// "Search conventions"). Pure: the search form uses them before it calls, the server re-checks the request.
// Dates are accepted as ISO (YYYY-MM-DD, what <input type="date"> gives) or ERP (MM-DD-YYYY, the wire format).

/** Status codes: 01 due or open, 02 complete, 03 all (spec §3 "Other"). */
export type SearchStatusCode = '01' | '02' | '03';

/** Period values (spec §4): all, 0 today, 1 yesterday, 7, 30, 365 days back, -1 custom (from/to pickers). */
export const searchPeriods = ['all', '0', '1', '7', '30', '365', '-1'] as const;
export type SearchPeriod = (typeof searchPeriods)[number];

export const isSearchPeriod = (value: string): value is SearchPeriod =>
  (searchPeriods as readonly string[]).includes(value);

export type SearchValidationError =
  'due_dates_required' | 'due_to_date_should_greater' | 'document_dates_required' | 'select_customer';

export type SearchFilterValues = {
  status: SearchStatusCode;
  period: SearchPeriod;
  /** Document-date range of a custom period (-1). */
  dateFrom?: string | null;
  dateTo?: string | null;
  /** Due-date range, shown and required when the status is 01. */
  dueDateFrom?: string | null;
  dueDateTo?: string | null;
  /** Payers and payer-all users must pick at least one customer; sold-to users have exactly one. */
  customerRequired: boolean;
  selectedCustomerCount: number;
};

/** Period "all" bounds of the invoice search (spec §7) and the narrower ones of the invoice list. */
export const searchAllBounds = { from: '01-01-1800', to: '12-31-9999' } as const;
export const invoiceListAllBounds = { from: '01-01-1900', to: '01-01-9999' } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ERP_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

type DateParts = { year: number; month: number; day: number };

function partsOf(value: string | null | undefined): DateParts | null {
  if (!value) return null;
  const trimmed = value.trim();
  const iso = ISO_DATE.exec(trimmed);
  const erp = iso ? null : ERP_DATE.exec(trimmed);
  if (!iso && !erp) return null;
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(erp![3]), Number(erp![1]), Number(erp![2])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A comparable day number (YYYYMMDD) of an ISO or ERP date; null when empty or not a real date. */
export function searchDateKey(value: string | null | undefined): number | null {
  const parts = partsOf(value);
  return parts ? parts.year * 10_000 + parts.month * 100 + parts.day : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** ISO or ERP date → the wire's MM-DD-YYYY; null when it is not a date. */
export function toErpDate(value: string | null | undefined): string | null {
  const parts = partsOf(value);
  return parts ? `${pad(parts.month)}-${pad(parts.day)}-${pad(parts.year, 4)}` : null;
}

/** ISO or ERP date → YYYY-MM-DD (the value of a native date input); null when it is not a date. */
export function toIsoDate(value: string | null | undefined): string | null {
  const parts = partsOf(value);
  return parts ? `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` : null;
}

const isoOfDate = (date: Date): string =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The document-date range a period stands for, as ISO dates, counted in the user's calendar from `today`:
 * all → the search's all bounds; 0 today; 1 yesterday (one day); 7/30/365 → that many days back up to today;
 * -1 custom → the given dates.
 */
export function periodRange(
  period: SearchPeriod,
  today: Date,
  custom: { from?: string | null; to?: string | null } = {},
  allBounds: { from: string; to: string } = searchAllBounds,
): { from: string | null; to: string | null } {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const back = (days: number): string => isoOfDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() - days));
  switch (period) {
    case 'all':
      return { from: toIsoDate(allBounds.from), to: toIsoDate(allBounds.to) };
    case '0':
      return { from: back(0), to: back(0) };
    case '1':
      return { from: back(1), to: back(1) };
    case '-1':
      return { from: toIsoDate(custom.from), to: toIsoDate(custom.to) };
    default:
      return { from: back(Number(period)), to: back(0) };
  }
}

/** spec §4: an empty close of a date picker falls back to 31 December of the current year. */
export function emptyPickerFallback(today: Date): string {
  return `${pad(today.getFullYear(), 4)}-12-31`;
}

/** spec §4: the filters a search starts with, and what an account switch restores. */
export const defaultSearchFilters = {
  status: '03' as SearchStatusCode,
  period: 'all' as SearchPeriod,
  dateFrom: null,
  dateTo: null,
  dueDateFrom: null,
  dueDateTo: null,
  documentNumber: '',
  articleNumber: '',
  articleDescription: '',
};

/** spec §4: a status change resets the period to all and clears the stored dates. */
export function afterStatusChange<T extends Partial<SearchFilterValues>>(
  filters: T,
  status: SearchStatusCode,
): T & { status: SearchStatusCode; period: SearchPeriod } {
  return { ...filters, status, period: 'all', dateFrom: null, dateTo: null, dueDateFrom: null, dueDateTo: null };
}

/**
 * spec §5, in its order: status 01 needs both due dates; a to-date before its from-date; a custom period needs
 * both dates; a payer must select at least one customer. Returns every failure, the first one is shown.
 */
export function validateSearchFilters(values: SearchFilterValues): SearchValidationError[] {
  const errors: SearchValidationError[] = [];
  const checkOrder = (from: string | null | undefined, to: string | null | undefined): void => {
    const a = searchDateKey(from);
    const b = searchDateKey(to);
    if (a !== null && b !== null && b < a && !errors.includes('due_to_date_should_greater')) {
      errors.push('due_to_date_should_greater');
    }
  };
  if (values.status === '01') {
    if (searchDateKey(values.dueDateFrom) === null || searchDateKey(values.dueDateTo) === null) {
      errors.push('due_dates_required');
    }
    checkOrder(values.dueDateFrom, values.dueDateTo);
  }
  if (values.status !== '01' && values.period === '-1') {
    checkOrder(values.dateFrom, values.dateTo);
    if (searchDateKey(values.dateFrom) === null || searchDateKey(values.dateTo) === null) {
      errors.push('document_dates_required');
    }
  }
  if (values.customerRequired && values.selectedCustomerCount < 1) errors.push('select_customer');
  return errors;
}
