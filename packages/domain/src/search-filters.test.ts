import { describe, expect, it } from 'vitest';
import {
  afterStatusChange,
  defaultSearchFilters,
  emptyPickerFallback,
  periodRange,
  searchDateKey,
  toErpDate,
  toIsoDate,
  validateSearchFilters,
  type SearchFilterValues,
} from './search-filters';

const base: SearchFilterValues = {
  status: '03',
  period: 'all',
  customerRequired: true,
  selectedCustomerCount: 2,
};

describe('search dates', () => {
  it('reads ISO and ERP dates and refuses impossible ones', () => {
    expect(searchDateKey('2026-03-05')).toBe(20260305);
    expect(searchDateKey('03-05-2026')).toBe(20260305);
    expect(searchDateKey('2026-02-30')).toBeNull();
    expect(searchDateKey('')).toBeNull();
    expect(searchDateKey('5/3/2026')).toBeNull();
  });

  it('converts between the date input and the wire format', () => {
    expect(toErpDate('2026-03-05')).toBe('03-05-2026');
    expect(toIsoDate('12-31-9999')).toBe('9999-12-31');
    expect(toErpDate(null)).toBeNull();
  });
});

describe('periodRange', () => {
  const today = new Date(2026, 2, 10, 15, 30);
  it('sends the all bounds for period all', () => {
    expect(periodRange('all', today)).toEqual({ from: '1800-01-01', to: '9999-12-31' });
    expect(periodRange('all', today, {}, { from: '01-01-1900', to: '01-01-9999' })).toEqual({
      from: '1900-01-01',
      to: '9999-01-01',
    });
  });
  it('counts today, yesterday and days back in the local calendar', () => {
    expect(periodRange('0', today)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(periodRange('1', today)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(periodRange('7', today)).toEqual({ from: '2026-03-03', to: '2026-03-10' });
    expect(periodRange('365', today)).toEqual({ from: '2025-03-10', to: '2026-03-10' });
  });
  it('uses the picked dates for a custom period', () => {
    expect(periodRange('-1', today, { from: '2026-01-01', to: '01-31-2026' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('filter resets', () => {
  it('falls back to 31 December of the current year when a picker closes empty', () => {
    expect(emptyPickerFallback(new Date(2026, 5, 1))).toBe('2026-12-31');
  });
  it('resets the period and the dates when the status changes', () => {
    const changed = afterStatusChange(
      { ...defaultSearchFilters, period: '-1' as const, dateFrom: '2026-01-01', dueDateTo: '2026-02-01' },
      '01',
    );
    expect(changed).toMatchObject({ status: '01', period: 'all', dateFrom: null, dateTo: null, dueDateTo: null });
  });
  it('starts with status 03 and period all', () => {
    expect(defaultSearchFilters).toMatchObject({ status: '03', period: 'all', documentNumber: '' });
  });
});

describe('validateSearchFilters', () => {
  it('accepts the default filters', () => {
    expect(validateSearchFilters(base)).toEqual([]);
  });
  it('requires both due dates for status 01', () => {
    expect(validateSearchFilters({ ...base, status: '01', dueDateFrom: '2026-01-01' })).toEqual(['due_dates_required']);
    expect(
      validateSearchFilters({ ...base, status: '01', dueDateFrom: '2026-01-01', dueDateTo: '2026-01-31' }),
    ).toEqual([]);
  });
  it('refuses a to-date before the from-date', () => {
    expect(
      validateSearchFilters({ ...base, status: '01', dueDateFrom: '2026-02-01', dueDateTo: '01-31-2026' }),
    ).toEqual(['due_to_date_should_greater']);
    expect(validateSearchFilters({ ...base, period: '-1', dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toEqual([
      'due_to_date_should_greater',
    ]);
  });
  it('requires both dates for a custom period, and ignores them for other periods', () => {
    expect(validateSearchFilters({ ...base, period: '-1', dateTo: '2026-01-31' })).toEqual(['document_dates_required']);
    expect(validateSearchFilters({ ...base, period: '30', dateTo: '2026-01-31' })).toEqual([]);
  });
  it('requires a customer for payers only', () => {
    expect(validateSearchFilters({ ...base, selectedCustomerCount: 0 })).toEqual(['select_customer']);
    expect(validateSearchFilters({ ...base, customerRequired: false, selectedCustomerCount: 0 })).toEqual([]);
  });
  it('reports failures in the spec order', () => {
    expect(
      validateSearchFilters({ ...base, status: '01', dueDateFrom: null, dueDateTo: null, selectedCustomerCount: 0 }),
    ).toEqual(['due_dates_required', 'select_customer']);
  });
});
