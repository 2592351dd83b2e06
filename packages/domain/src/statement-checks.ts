// The statement form's rules (issue 29): checked by the Statements page and again by the server, which answers 400
// naming the fields. Dates are ISO days (YYYY-MM-DD); today is the reader's (the server's clock on the server).
import type { FieldErrors } from './payment-cards';

/** The longest period one statement covers, inclusive (contracts statementMaxDays). */
export const STATEMENT_MAX_DAYS = 731;

const dayMs = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function time(day: string): number {
  return isoDay.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
}

export function validateStatementPeriod(input: {
  dateFrom: string;
  dateTo: string;
  today: string;
}): FieldErrors<'date_from' | 'date_to'> {
  const from = time(input.dateFrom);
  const to = time(input.dateTo);
  const errors: FieldErrors<'date_from' | 'date_to'> = {};
  if (Number.isNaN(from)) errors.date_from = 'validation.statements.date_invalid';
  if (Number.isNaN(to)) errors.date_to = 'validation.statements.date_invalid';
  if (errors.date_from || errors.date_to) return errors;
  if (to < from) errors.date_to = 'validation.statements.period_order';
  else if ((to - from) / dayMs + 1 > STATEMENT_MAX_DAYS) errors.date_from = 'validation.statements.period_too_long';
  if (!errors.date_to && to > time(input.today)) errors.date_to = 'validation.statements.future';
  return errors;
}

/** The calendar month before `today`'s (the monthly statement's period): first and last day, ISO. */
export function previousMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export const statementPresets = ['last_month', 'this_month', 'last_3_months', 'last_12_months', 'this_year'] as const;
export type StatementPreset = (typeof statementPresets)[number];

/** The period of a preset on `today` (ISO days): whole months, or up to today. */
export function statementPresetRange(preset: StatementPreset, today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  switch (preset) {
    case 'last_month':
      return previousMonth(today);
    case 'this_month':
      return { from: iso(new Date(Date.UTC(year, month - 1, 1))), to: today };
    case 'last_3_months':
      return { from: iso(new Date(Date.UTC(year, month - 3, 1))), to: today };
    case 'last_12_months':
      return { from: iso(new Date(Date.UTC(year - 1, month - 1, day + 1))), to: today };
    case 'this_year':
      return { from: `${year}-01-01`, to: today };
  }
}
