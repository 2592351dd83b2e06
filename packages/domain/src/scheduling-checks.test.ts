import { describe, expect, it } from 'vitest';
import {
  autopayPaymentDay,
  checkScheduledDate,
  isMethodExpiredOn,
  latestScheduleDate,
  serverDay,
} from './scheduling-checks';

describe('serverDay', () => {
  it('counts the day in UTC, as the server does', () => {
    // 23:30 on the 9th in New York is already the 10th in UTC.
    expect(serverDay(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
  });
});

describe('scheduled payment dates', () => {
  const today = '2026-11-27';

  it('allow today up to the latest due date, or the horizon when every invoice is due', () => {
    expect(latestScheduleDate(['2026-12-10', '2027-01-05'], today, 30)).toBe('2027-01-05');
    expect(latestScheduleDate(['2026-10-01', '2026-11-27'], today, 30)).toBe('2026-12-27');
    expect(checkScheduledDate(today, ['2026-12-10'], today, 30)).toBeNull();
    expect(checkScheduledDate('2026-12-10', ['2026-12-10'], today, 30)).toBeNull();
    expect(checkScheduledDate('2026-11-26', ['2026-12-10'], today, 30)).toBe('validation.payment.schedule_date_past');
    expect(checkScheduledDate('2026-12-11', ['2026-12-10'], today, 30)).toBe('validation.payment.schedule_date_late');
    expect(checkScheduledDate('2026-12-28', ['2026-11-01'], today, 30)).toBe('validation.payment.schedule_date_late');
  });

  it('see a card as expired after the last day of its month, and an e-check never', () => {
    expect(isMethodExpiredOn({ valid_to: '11-30-2026' }, '2026-11-30')).toBe(false);
    expect(isMethodExpiredOn({ valid_to: '11-30-2026' }, '2026-12-01')).toBe(true);
    expect(isMethodExpiredOn({ valid_to: '' }, '2099-01-01')).toBe(false);
  });

  it('pay AutoPay invoices N days before due, and overdue-by-then ones today', () => {
    expect(autopayPaymentDay('2026-12-10', 5, today)).toBe('2026-12-05');
    expect(autopayPaymentDay('2026-11-29', 5, today)).toBe(today);
    expect(autopayPaymentDay('2026-12-10', 0, today)).toBe('2026-12-10');
  });
});
