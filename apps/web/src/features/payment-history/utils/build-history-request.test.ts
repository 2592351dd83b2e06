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
});
