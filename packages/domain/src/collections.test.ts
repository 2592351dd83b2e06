import { describe, expect, it } from 'vitest';
import { checkReminderSchedule, countBackDsoTenths, nextStep, reachedStep, type Schedule } from './collections';

const step = (days: number, template = `t${days}`, enabled = true) => ({
  days_from_due: days,
  template,
  attach_statement: days >= 14,
  enabled,
});
const schedule: Schedule = { steps: [step(-7), step(0), step(7), step(14), step(30)], repeat_every_days: 14 };

describe('reachedStep', () => {
  it('is null before the first step, then each step from its day on', () => {
    expect(reachedStep(schedule, '2026-11-20', '2026-11-12')).toBeNull();
    expect(reachedStep(schedule, '2026-11-20', '2026-11-13')).toMatchObject({ days_from_due: -7, template: 't-7' });
    expect(reachedStep(schedule, '2026-11-20', '2026-11-19')).toMatchObject({ days_from_due: -7 });
    expect(reachedStep(schedule, '2026-11-20', '2026-11-20')).toMatchObject({ days_from_due: 0 });
    expect(reachedStep(schedule, '2026-11-20', '2026-11-27')).toMatchObject({
      days_from_due: 7,
      attach_statement: false,
    });
    expect(reachedStep(schedule, '2026-11-20', '2026-12-20')).toMatchObject({ days_from_due: 30, template: 't30' });
  });

  it('repeats the last step every N days after it, and skips a step switched off', () => {
    expect(reachedStep(schedule, '2026-01-01', addDays('2026-01-01', 43))).toMatchObject({ days_from_due: 30 });
    expect(reachedStep(schedule, '2026-01-01', addDays('2026-01-01', 44))).toMatchObject({
      days_from_due: 44,
      template: 't30',
      attach_statement: true,
    });
    expect(reachedStep(schedule, '2026-01-01', addDays('2026-01-01', 60))).toMatchObject({ days_from_due: 58 });
    const off: Schedule = { steps: [step(0), step(7, 't7', false)], repeat_every_days: null };
    expect(reachedStep(off, '2026-01-01', '2026-01-20')).toMatchObject({ days_from_due: 0 });
    expect(reachedStep({ steps: [], repeat_every_days: 14 }, '2026-01-01', '2026-03-01')).toBeNull();
  });
});

describe('nextStep', () => {
  it('is the next enabled step after today, then the repeats, or null', () => {
    expect(nextStep(schedule, '2026-11-20', '2026-11-01')).toEqual({ date: '2026-11-13', days_from_due: -7 });
    expect(nextStep(schedule, '2026-11-20', '2026-11-20')).toEqual({ date: '2026-11-27', days_from_due: 7 });
    expect(nextStep(schedule, '2026-01-01', addDays('2026-01-01', 30))).toEqual({
      date: addDays('2026-01-01', 44),
      days_from_due: 44,
    });
    expect(nextStep({ ...schedule, repeat_every_days: null }, '2026-01-01', '2026-03-01')).toBeNull();
  });
});

describe('checkReminderSchedule', () => {
  it('refuses a day twice and an enabled schedule without a step on', () => {
    expect(checkReminderSchedule({ ...schedule, enabled: true })).toBeNull();
    expect(checkReminderSchedule({ steps: [step(7), step(7)], repeat_every_days: null, enabled: false })).toBe(
      'steps_duplicate',
    );
    expect(checkReminderSchedule({ steps: [step(7, 'x', false)], repeat_every_days: null, enabled: true })).toBe(
      'steps_missing',
    );
    expect(checkReminderSchedule({ steps: [], repeat_every_days: null, enabled: false })).toBeNull();
  });
});

describe('countBackDsoTenths', () => {
  it('counts whole months back while the receivables cover their sales, then the share of the next', () => {
    // Today the 10th: 10 days of this month (sales 1,000), then October (31 days, sales 3,100): 1,000 + 1,550 open.
    const sales = [
      { month: '2026-11', amountMinor: 100_000n },
      { month: '2026-10', amountMinor: 310_000n },
      { month: '2026-09', amountMinor: 300_000n },
    ];
    expect(countBackDsoTenths(255_000n, sales, '2026-11-10')).toBe(255);
    expect(countBackDsoTenths(100_000n, sales, '2026-11-10')).toBe(100);
    expect(countBackDsoTenths(0n, sales, '2026-11-10')).toBe(0);
    // More open than every month's sales: all the days given.
    expect(countBackDsoTenths(10_000_000n, sales, '2026-11-10')).toBe((10 + 31 + 30) * 10);
    expect(countBackDsoTenths(5n, [{ month: '2026-11', amountMinor: 0n }], '2026-11-10')).toBeNull();
  });
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
