import type { HeaderItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildStatementRequest, statementPeriod, STATEMENT_SCREEN_LINES } from './build-statement-request';

const payer = {
  PrimaryAcct: '0000100001',
  CompanyCode: '1000',
  AccountType: 'Payer',
  DropDownItems: [],
} as unknown as HeaderItem;

describe('the statement request', () => {
  it('sends the account, its selected sold-tos and the period as ERP dates, the screen asking only the first lines', () => {
    const request = buildStatementRequest(
      { primary: payer, secondaryAccount: null, soldTos: ['200001'] },
      { from: '2026-10-01', to: '2026-10-31' },
      'json',
    );
    expect(request).toEqual({
      payer_data: { customer_number: '0000100001', company_code: '1000' },
      soldto_data: ['200001'],
      date_from: '10-01-2026',
      date_to: '10-31-2026',
      format: 'json',
      line_limit: STATEMENT_SCREEN_LINES,
    });
    const pdf = buildStatementRequest(
      { primary: payer, secondaryAccount: null, soldTos: [] },
      { from: '2026-10-01', to: '2026-10-31' },
      'pdf',
    );
    expect(pdf).not.toHaveProperty('line_limit');
  });

  it('takes a preset period from today and a custom one from the two dates', () => {
    const today = new Date(Date.UTC(2026, 10, 27, 12)); // the server's (UTC) day
    expect(statementPeriod({ preset: 'last_month', dateFrom: null, dateTo: null }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(statementPeriod({ preset: 'custom', dateFrom: '2026-01-05', dateTo: null }, today)).toEqual({
      from: '2026-01-05',
      to: '',
    });
  });
});
