// Issue 38 (ADR 0033): the rules of collections that the server's job, its routes and the screens share: which step of
// a reminder schedule an invoice has reached on a day and when its next one falls, the checks of a saved schedule,
// and DSO by the count-back method.
import { addIsoDays, daysPastDue } from './aging';

export type ScheduleStep = { days_from_due: number; template: string; attach_statement: boolean; enabled: boolean };
export type Schedule = { steps: readonly ScheduleStep[]; repeat_every_days: number | null };

/** A step as reached: its day from the due date (a repeat's own day after the last step) and what it sends. */
export type ReachedStep = { days_from_due: number; template: string; attach_statement: boolean };

function ordered(schedule: Schedule): ScheduleStep[] {
  return [...schedule.steps].sort((a, b) => a.days_from_due - b.days_from_due);
}

/**
 * The latest step an invoice due on `dueDate` has reached on `today`: the last enabled step whose day has come, or
 * after the last step a repeat every repeat_every_days (with the last step's template and attachment). null before the
 * first step, or when the schedule has no enabled step.
 */
export function reachedStep(schedule: Schedule, dueDate: string, today: string): ReachedStep | null {
  const steps = ordered(schedule);
  const last = steps[steps.length - 1];
  if (!last) return null;
  const days = daysPastDue(dueDate, today);
  if (schedule.repeat_every_days && days > last.days_from_due && last.enabled) {
    const repeats = Math.floor((days - last.days_from_due) / schedule.repeat_every_days);
    if (repeats > 0) {
      return {
        days_from_due: last.days_from_due + repeats * schedule.repeat_every_days,
        template: last.template,
        attach_statement: last.attach_statement,
      };
    }
  }
  const reached = steps.filter((step) => step.enabled && step.days_from_due <= days).pop();
  return reached
    ? { days_from_due: reached.days_from_due, template: reached.template, attach_statement: reached.attach_statement }
    : null;
}

/** The next step after `today` of an invoice due on `dueDate`: its day and its days from due; null when none is left. */
export function nextStep(
  schedule: Schedule,
  dueDate: string,
  today: string,
): { date: string; days_from_due: number } | null {
  const steps = ordered(schedule).filter((step) => step.enabled);
  const days = daysPastDue(dueDate, today);
  const coming = steps.find((step) => step.days_from_due > days);
  if (coming) return { date: addIsoDays(dueDate, coming.days_from_due), days_from_due: coming.days_from_due };
  const last = ordered(schedule).pop();
  if (!last?.enabled || !schedule.repeat_every_days) return null;
  const repeats = Math.floor((days - last.days_from_due) / schedule.repeat_every_days) + 1;
  const at = last.days_from_due + repeats * schedule.repeat_every_days;
  return { date: addIsoDays(dueDate, at), days_from_due: at };
}

export type ScheduleProblem = 'steps_duplicate' | 'steps_missing';

/** A saved schedule's rules beyond the sizes of the contract: each day once; an enabled schedule has a step on. */
export function checkReminderSchedule(schedule: Schedule & { enabled: boolean }): ScheduleProblem | null {
  const days = schedule.steps.map((step) => step.days_from_due);
  if (new Set(days).size !== days.length) return 'steps_duplicate';
  if (schedule.enabled && !schedule.steps.some((step) => step.enabled)) return 'steps_missing';
  return null;
}

/**
 * Days sales outstanding by the count-back method, in tenths of a day: walk back from the current month through the
 * months' sales, taking each whole month's days while the receivables still cover its sales, then the share of the
 * month that covers the rest. `sales` is newest first: the current month (counted to `today`, its days so far) then
 * the months before it. null when nothing was sold in the months given; the months given cap the answer (then it is
 * every day of them).
 */
export function countBackDsoTenths(
  openMinor: bigint,
  sales: readonly { month: string; amountMinor: bigint }[],
  today: string,
): number | null {
  if (!sales.some((month) => month.amountMinor > 0n)) return null;
  let left = openMinor;
  let tenths = 0;
  for (const [index, month] of sales.entries()) {
    const days = index === 0 ? Number(today.slice(8, 10)) : daysInMonth(month.month);
    if (left <= 0n) break;
    if (month.amountMinor <= 0n) {
      tenths += days * 10;
      continue;
    }
    if (left >= month.amountMinor) {
      tenths += days * 10;
      left -= month.amountMinor;
    } else {
      // The share of the month, in tenths of a day, rounded half up, without leaving integers.
      tenths += Number((left * BigInt(days) * 20n + month.amountMinor) / (month.amountMinor * 2n));
      left = 0n;
    }
  }
  return tenths;
}

function daysInMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}
