import { describe, expect, it } from 'vitest';
import { defaultReceivedDraft, periodError, toFilters, utcDay } from './received-filters';

describe('the filter bar of payments received', () => {
  it('opens on the last 30 UTC days, today included', () => {
    expect(utcDay(new Date('2026-11-02T23:30:00-05:00'))).toBe('2026-11-03');
    expect(defaultReceivedDraft('2026-11-02')).toMatchObject({ dateFrom: '2026-10-04', dateTo: '2026-11-02' });
  });

  it('names the period the server would refuse', () => {
    const draft = defaultReceivedDraft('2026-11-02');
    expect(periodError(draft, '2026-11-02')).toBeNull();
    expect(periodError({ ...draft, dateFrom: '2026-11-03' }, '2026-11-02')).toBe('order');
    expect(periodError({ ...draft, dateFrom: '2025-10-31' }, '2026-11-02')).toBe('too_long');
    expect(periodError({ ...draft, dateFrom: '2025-11-01' }, '2026-11-02')).toBeNull();
  });

  it('sends only what was filled in, trimmed', () => {
    const draft = defaultReceivedDraft('2026-11-02');
    expect(toFilters(draft)).toEqual({ date_from: '2026-10-04', date_to: '2026-11-02' });
    expect(
      toFilters({
        ...draft,
        dateFrom: '',
        companyCode: ' 1000 ',
        kind: 'guest',
        method: 'EC',
        acknowledged: 'no',
        payerNumber: ' 100001',
      }),
    ).toEqual({
      date_to: '2026-11-02',
      company_code: '1000',
      kind: 'guest',
      method: 'EC',
      acknowledged: 'no',
      payer_number: '100001',
    });
  });
});
