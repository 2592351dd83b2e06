import { describe, expect, it } from 'vitest';
import { previousMonth, statementPresetRange, statementPresets, validateStatementPeriod } from './statement-checks';

describe('validateStatementPeriod', () => {
  const today = '2026-11-27';

  it('accepts a month, a year and two years to today', () => {
    expect(validateStatementPeriod({ dateFrom: '2026-10-01', dateTo: '2026-10-31', today })).toEqual({});
    expect(validateStatementPeriod({ dateFrom: '2025-11-28', dateTo: today, today })).toEqual({});
    expect(validateStatementPeriod({ dateFrom: '2024-11-27', dateTo: today, today })).toEqual({});
  });

  it('refuses an end before the start, a period over two years, a day after today and a date that is none', () => {
    expect(validateStatementPeriod({ dateFrom: '2026-10-31', dateTo: '2026-10-01', today })).toEqual({
      date_to: 'validation.statements.period_order',
    });
    expect(validateStatementPeriod({ dateFrom: '2024-11-26', dateTo: today, today })).toEqual({
      date_from: 'validation.statements.period_too_long',
    });
    expect(validateStatementPeriod({ dateFrom: '2026-11-01', dateTo: '2026-11-28', today })).toEqual({
      date_to: 'validation.statements.future',
    });
    expect(validateStatementPeriod({ dateFrom: '2026-02-30x', dateTo: today, today })).toEqual({
      date_from: 'validation.statements.date_invalid',
    });
  });
});

describe('previousMonth', () => {
  it('gives the whole calendar month before, across a year and in a leap February', () => {
    expect(previousMonth('2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousMonth('2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonth('2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('statementPresetRange', () => {
  it('gives whole months back, or up to today, each a valid period', () => {
    const today = '2026-11-27';
    expect(statementPresetRange('last_month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(statementPresetRange('this_month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(statementPresetRange('last_3_months', today)).toEqual({ from: '2026-09-01', to: today });
    expect(statementPresetRange('last_12_months', today)).toEqual({ from: '2025-11-28', to: today });
    expect(statementPresetRange('this_year', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    for (const preset of statementPresets) {
      const { from, to } = statementPresetRange(preset, today);
      expect(validateStatementPeriod({ dateFrom: from, dateTo: to, today })).toEqual({});
    }
  });
});
