import type { HeaderItem } from '@portal/contracts';
import { defaultSearchFilters, type AgingBucket } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { buildListRequest, buildSearchRequest, paidYears, pickCurrency } from './build-search-request';

const primary = (AccountType: HeaderItem['AccountType']): HeaderItem => ({
  PrimaryAcct: '0000100001',
  Name: 'Acme',
  name_2: '',
  CompanyCode: '1000',
  CurrencyKey: 'USD',
  SalesOrganization: '1000',
  DistributionChannel: '10',
  Division: '00',
  AccountType,
  DropDownItems: [],
});

const listFilters = {
  view: 'open' as const,
  dueFilter: 'all' as const,
  dueUpTo: null,
  paidYear: 2025,
  sort: 'due_date_desc' as const,
  agingBucket: null,
  agingAsOf: null,
};

describe('invoice list request', () => {
  it('asks for open items with the list bounds, the selected sold-tos and the currency', () => {
    const request = buildListRequest(
      { primary: primary('Payer'), secondaryAccount: '0000200001', soldTos: ['0000200001', '0000200002'] },
      listFilters,
      'USD',
    );
    expect(request.payer_data).toEqual({ customer_number: '0000100001', company_code: '1000' });
    expect(request.soldto_data).toEqual(['0000200001', '0000200002']);
    expect(request.search_parameters).toMatchObject({
      status: '01',
      due_date_from: '01-01-1900',
      due_date_to: '01-01-9999',
      currency_key: 'USD',
      page_size: 50,
    });
  });

  it('sends one sold-to for a sold-to user, the due-up-to day and paid items of a year', () => {
    const scope = { primary: primary('SoldTo'), secondaryAccount: '0000200001', soldTos: ['a', 'b'] };
    const upTo = buildListRequest(scope, { ...listFilters, dueFilter: 'up_to', dueUpTo: '2026-04-30' }, null, 'c1');
    expect(upTo.soldto_data).toEqual(['0000200001']);
    expect(upTo.search_parameters).toMatchObject({ due_date_to: '04-30-2026', cursor: 'c1' });
    expect(upTo.search_parameters.currency_key).toBeUndefined();
    const paid = buildListRequest(scope, { ...listFilters, view: 'paid' }, 'EUR');
    expect(paid.search_parameters).toMatchObject({ status: '02', date_from: '01-01-2025', date_to: '12-31-2025' });
  });
});

describe('invoice list request with an aging bucket (issue 29)', () => {
  const scope = { primary: primary('Payer'), secondaryAccount: null, soldTos: ['0000200001'] };
  const inBucket = (agingBucket: AgingBucket, view: 'open' | 'paid' = 'open') =>
    buildListRequest(scope, { ...listFilters, view, agingBucket, agingAsOf: '2026-03-10' }, 'USD').search_parameters;

  it.each([
    ['current', '03-10-2026', '01-01-9999'],
    ['1-30', '02-08-2026', '03-09-2026'],
    ['31-60', '01-09-2026', '02-07-2026'],
    ['61-90', '12-10-2025', '01-08-2026'],
    ['90+', '01-01-1900', '12-09-2025'],
  ] as const)('asks for the open invoices of bucket %s: due %s to %s on the as-of day', (bucket, from, to) => {
    expect(inBucket(bucket)).toMatchObject({
      status: '01',
      due_date_from: from,
      due_date_to: to,
      date_from: '01-01-1900',
      date_to: '01-01-9999',
      currency_key: 'USD',
      filter: [{ filter_type: '92', value: 'X' }],
    });
  });

  it('counts the days to the as-of day of the chart, not to today', () => {
    const request = buildListRequest(
      scope,
      { ...listFilters, agingBucket: '1-30', agingAsOf: '2026-01-05' },
      'USD',
    ).search_parameters;
    expect(request).toMatchObject({ due_date_from: '12-06-2025', due_date_to: '01-04-2026' });
  });

  it('leaves the paid items, and a bucket without its as-of day, unfiltered', () => {
    expect(inBucket('31-60', 'paid')).toMatchObject({ status: '02', filter: [] });
    expect(inBucket('31-60', 'paid').due_date_from).toBeUndefined();
    const noDay = buildListRequest(scope, { ...listFilters, agingBucket: '31-60' }, 'USD').search_parameters;
    expect(noDay).toMatchObject({ due_date_from: '01-01-1900', due_date_to: '01-01-9999', filter: [] });
  });
});

describe('invoice list request, disputed only (issue 39)', () => {
  const scope = { primary: primary('Payer'), secondaryAccount: null, soldTos: ['0000200001'] };

  it('asks for the invoices with an open dispute by filter 95 X, with the other filters and in either view', () => {
    const open = buildListRequest(scope, { ...listFilters, disputedOnly: true }, 'USD').search_parameters;
    expect(open).toMatchObject({ status: '01', filter: [{ filter_type: '95', value: 'X' }] });
    const inBucket = buildListRequest(
      scope,
      { ...listFilters, disputedOnly: true, agingBucket: '1-30', agingAsOf: '2026-03-10' },
      'USD',
    ).search_parameters;
    expect(inBucket.filter).toEqual([
      { filter_type: '92', value: 'X' },
      { filter_type: '95', value: 'X' },
    ]);
    const paid = buildListRequest(scope, { ...listFilters, view: 'paid', disputedOnly: true }, 'USD').search_parameters;
    expect(paid).toMatchObject({ status: '02', filter: [{ filter_type: '95', value: 'X' }] });
  });

  it('sends no filter 95 when the box is not ticked', () => {
    expect(buildListRequest(scope, { ...listFilters, disputedOnly: false }, 'USD').search_parameters.filter).toEqual(
      [],
    );
  });
});

describe('invoice search request', () => {
  const scope = { primary: primary('Payer'), secondaryAccount: null, soldTos: ['1'] };
  const today = new Date(2026, 2, 10);
  it('sends period all as 01-01-1800 to 12-31-9999 and the text filters as 01/90/91', () => {
    const request = buildSearchRequest(
      scope,
      { ...defaultSearchFilters, documentNumber: ' 9001 ', articleNumber: 'A-1', articleDescription: 'bolt' },
      today,
      'due_date_desc',
    );
    expect(request.search_parameters).toMatchObject({
      status: '03',
      date_from: '01-01-1800',
      date_to: '12-31-9999',
      filter: [
        { filter_type: '01', value: '9001' },
        { filter_type: '90', value: 'A-1' },
        { filter_type: '91', value: 'bolt' },
      ],
    });
  });
  it('sends the due-date range for status 01 and the last 7 days for period 7', () => {
    const open = buildSearchRequest(
      scope,
      { ...defaultSearchFilters, status: '01', dueDateFrom: '2026-01-01', dueDateTo: '2026-01-31' },
      today,
      'due_date_desc',
    );
    expect(open.search_parameters).toMatchObject({ due_date_from: '01-01-2026', due_date_to: '01-31-2026' });
    expect(open.search_parameters.date_from).toBeUndefined();
    const week = buildSearchRequest(scope, { ...defaultSearchFilters, period: '7' }, today, 'amount_asc');
    expect(week.search_parameters).toMatchObject({
      date_from: '03-03-2026',
      date_to: '03-10-2026',
      sort: 'amount_asc',
    });
  });
});

describe('list helpers', () => {
  it('offers the current year and the 4 before it', () => {
    expect(paidYears(new Date(2026, 0, 1))).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
  it('prefers USD, else the first currency, and keeps a valid choice', () => {
    expect(pickCurrency(['CAD', 'USD'], null)).toBe('USD');
    expect(pickCurrency(['CAD', 'EUR'], null)).toBe('CAD');
    expect(pickCurrency(['CAD', 'USD'], 'CAD')).toBe('CAD');
    expect(pickCurrency([], 'CAD')).toBeNull();
  });
});
