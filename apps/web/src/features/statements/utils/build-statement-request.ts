// The statement request of the Statements page (issue 29): the selected account as the invoice list sends it, and the
// period of a preset or of the two dates.
import type { HeaderItem, StatementFormat, StatementRequest } from '@portal/contracts';
import { serverDay, statementPresetRange, toErpDate, type StatementPreset } from '@portal/domain';
import { picksSeveralCustomers } from '../../../lib/account-selection';

export type StatementForm = {
  preset: StatementPreset | 'custom';
  /** ISO days of the custom period. */
  dateFrom: string | null;
  dateTo: string | null;
};

export const defaultStatementForm: StatementForm = { preset: 'last_month', dateFrom: null, dateTo: null };

/** How many movements per currency the page shows; the files have them all. */
export const STATEMENT_SCREEN_LINES = 200;

export type StatementScope = { primary: HeaderItem; secondaryAccount: string | null; soldTos: string[] };

/** The form's period as ISO days ('' where a custom date is missing). */
export function statementPeriod(form: StatementForm, today: Date): { from: string; to: string } {
  if (form.preset !== 'custom') return statementPresetRange(form.preset, serverDay(today));
  return { from: form.dateFrom ?? '', to: form.dateTo ?? '' };
}

export function buildStatementRequest(
  scope: StatementScope,
  period: { from: string; to: string },
  format: StatementFormat,
): StatementRequest {
  const several = picksSeveralCustomers(scope.primary.AccountType);
  return {
    payer_data: { customer_number: scope.primary.PrimaryAcct, company_code: scope.primary.CompanyCode },
    soldto_data: several ? scope.soldTos : scope.secondaryAccount ? [scope.secondaryAccount] : [],
    date_from: toErpDate(period.from) ?? '',
    date_to: toErpDate(period.to) ?? '',
    format,
    ...(format === 'json' ? { line_limit: STATEMENT_SCREEN_LINES } : {}),
  };
}
