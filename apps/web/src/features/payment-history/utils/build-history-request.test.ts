import type { HeaderItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildHistoryRequest, defaultHistoryFilters } from './build-history-request';

const payer = {
  PrimaryAcct: '100001',
  CompanyCode: '1000',
  AccountType: 'Payer',
  DropDownItems: [],
} as unknown as HeaderItem;

describe('buildHistoryRequest', () => {
  it('asks for the last 30 days of payments by default, for the selected customers', () => {
    const request = buildHistoryRequest(
      { primary: payer, secondaryAccount: null, soldTos: ['100001', '100002'] },
      defaultHistoryFilters,
      new Date(2026, 10, 22),
    );
    expect(request.soldto_data).toEqual(['100001', '100002']);
    expect(request.search_parameters).toMatchObject({
      document_type: 'Payment',
      date_from: '10-23-2026',
      date_to: '11-22-2026',
      filter: [],
    });
  });

  it('sends the invoice number as filter 01, the currency and the custom period', () => {
    const request = buildHistoryRequest(
      { primary: payer, secondaryAccount: null, soldTos: ['100001'] },
      { period: '-1', dateFrom: '2026-01-01', dateTo: '2026-03-31', invoiceNumber: ' 90001234 ', currency: 'EUR' },
      new Date(2026, 10, 22),
      'next',
    );
    expect(request.search_parameters).toMatchObject({
      date_from: '01-01-2026',
      date_to: '03-31-2026',
      currency_key: 'EUR',
      filter: [{ filter_type: '01', value: '90001234' }],
      cursor: 'next',
    });
  });

  it('sends the spec bounds 01-01-1800 to 12-31-9999 for period all, and yesterday as one day', () => {
    const scope = { primary: payer, secondaryAccount: null, soldTos: ['100001'] };
    const today = new Date(2026, 0, 1);
    expect(
      buildHistoryRequest(scope, { ...defaultHistoryFilters, period: 'all' }, today).search_parameters,
    ).toMatchObject({ date_from: '01-01-1800', date_to: '12-31-9999' });
    expect(
      buildHistoryRequest(scope, { ...defaultHistoryFilters, period: '1' }, today).search_parameters,
    ).toMatchObject({
      date_from: '12-31-2025',
      date_to: '12-31-2025',
    });
  });

  it('sends a sold-to account its one customer, and no currency or invoice filter when none is chosen', () => {
    const soldTo = { ...payer, PrimaryAcct: '200001', AccountType: 'SoldTo' } as HeaderItem;
    const request = buildHistoryRequest(
      { primary: soldTo, secondaryAccount: '200001', soldTos: [] },
      { ...defaultHistoryFilters, invoiceNumber: '   ' },
      new Date(2026, 10, 22),
    );
    expect(request.soldto_data).toEqual(['200001']);
    expect(request.search_parameters).not.toHaveProperty('currency_key');
    expect(request.search_parameters.filter).toEqual([]);
    expect(request.search_parameters.page_size).toBe(50);
  });
});
