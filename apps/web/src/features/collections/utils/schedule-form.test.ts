import { defaultReminderSteps, reminderMaxSteps, type ReminderSchedule } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkSchedule,
  mayAddStep,
  newStep,
  scheduleDraft,
  serverFieldErrors,
  toScheduleRequest,
  type ScheduleDraft,
} from './schedule-form';

const schedule = (overrides: Partial<ReminderSchedule> = {}): ReminderSchedule => ({
  company_code: '1000',
  enabled: true,
  steps: [...defaultReminderSteps],
  repeat_every_days: 14,
  updated_at: null,
  ...overrides,
});

const withDays = (draft: ScheduleDraft, days: (number | '')[]): ScheduleDraft => ({
  ...draft,
  steps: days.map((value, index) => ({ ...(draft.steps[index] ?? newStep(draft)), days: value })),
});

describe('scheduleDraft', () => {
  it('shows the steps in day order and a repeat of null as no repeat', () => {
    const draft = scheduleDraft(
      schedule({
        steps: [
          { days_from_due: 30, template: 'reminder_final', attach_statement: true, enabled: true },
          { days_from_due: -7, template: 'reminder_upcoming', attach_statement: false, enabled: false },
        ],
        repeat_every_days: null,
      }),
    );
    expect(draft.steps.map((step) => [step.days, step.template, step.attachStatement, step.enabled])).toEqual([
      [-7, 'reminder_upcoming', false, false],
      [30, 'reminder_final', true, true],
    ]);
    expect(draft.repeat).toBe(false);
    expect(new Set(draft.steps.map((step) => step.key)).size).toBe(2);
  });
});

describe('checkSchedule', () => {
  it('accepts the default schedule', () => {
    expect(checkSchedule(scheduleDraft(schedule()))).toEqual({});
  });

  it('refuses two steps on the same day, at the second one', () => {
    const draft = withDays(scheduleDraft(schedule()), [-7, 0, 7, 7]);
    expect(checkSchedule(draft)).toEqual({ 'steps.3.days': 'collections.schedule.errors.days_duplicate' });
  });

  it('refuses an empty day and a day outside -60 to 365', () => {
    const draft = withDays(scheduleDraft(schedule()), ['', -61, 366, 1.5, 365]);
    expect(checkSchedule(draft)).toEqual({
      'steps.0.days': 'collections.schedule.errors.days_required',
      'steps.1.days': 'collections.schedule.errors.days_range',
      'steps.2.days': 'collections.schedule.errors.days_range',
      'steps.3.days': 'collections.schedule.errors.days_range',
    });
  });

  it('refuses an enabled schedule without a step switched on, but not a switched-off one', () => {
    const empty = { ...scheduleDraft(schedule()), steps: [] };
    expect(checkSchedule(empty)).toEqual({ steps: 'collections.schedule.errors.no_steps' });
    expect(checkSchedule({ ...empty, enabled: false })).toEqual({});
    const allOff = scheduleDraft(schedule());
    allOff.steps = allOff.steps.map((step) => ({ ...step, enabled: false }));
    expect(checkSchedule(allOff)).toEqual({ steps: 'collections.schedule.errors.no_steps' });
    expect(checkSchedule({ ...allOff, enabled: false })).toEqual({});
  });

  it('refuses more than the ten steps a schedule may have', () => {
    const draft = withDays(
      scheduleDraft(schedule()),
      Array.from({ length: reminderMaxSteps + 1 }, (_, index) => index),
    );
    expect(checkSchedule(draft)).toEqual({ steps: 'collections.schedule.errors.too_many_steps' });
  });

  it('refuses a repeat outside 1 to 90 days only when the schedule repeats', () => {
    const draft = scheduleDraft(schedule());
    expect(checkSchedule({ ...draft, repeatEveryDays: 0 })).toEqual({
      repeat: 'collections.schedule.errors.repeat_range',
    });
    expect(checkSchedule({ ...draft, repeatEveryDays: 91 })).toHaveProperty('repeat');
    expect(checkSchedule({ ...draft, repeatEveryDays: '' })).toHaveProperty('repeat');
    expect(checkSchedule({ ...draft, repeat: false, repeatEveryDays: '' })).toEqual({});
  });
});

describe('newStep and mayAddStep', () => {
  it('adds a week after the last step, on a day no step has', () => {
    const draft = scheduleDraft(schedule());
    expect(newStep(draft)).toMatchObject({ days: 37, template: 'reminder_overdue', enabled: true });
    expect(newStep({ ...draft, steps: [] })).toMatchObject({ days: 0, template: 'reminder_due' });
    const full = withDays(draft, [358, 365]);
    expect(newStep(full).days).toBe(364);
  });

  it('stops at ten steps', () => {
    const draft = scheduleDraft(schedule());
    expect(mayAddStep(draft)).toBe(true);
    expect(
      mayAddStep(
        withDays(
          draft,
          Array.from({ length: reminderMaxSteps }, (_, index) => index),
        ),
      ),
    ).toBe(false);
  });
});

describe('toScheduleRequest', () => {
  it('sends the steps in day order and no repeat as null', () => {
    const draft = withDays(scheduleDraft(schedule()), [30, -7, 0, 14, 7]);
    const { request, order } = toScheduleRequest({ ...draft, repeat: false });
    expect(request.steps.map((step) => step.days_from_due)).toEqual([-7, 0, 7, 14, 30]);
    expect(order).toEqual([1, 2, 4, 3, 0]);
    expect(request.repeat_every_days).toBeNull();
    expect(toScheduleRequest(draft).request.repeat_every_days).toBe(14);
  });
});

describe('serverFieldErrors', () => {
  it("shows a refusal of the request's third step at that step's field in the form", () => {
    const order = [1, 2, 0];
    expect(serverFieldErrors(['/steps/2/days_from_due', '/repeat_every_days'], order, 'errors.codes.X')).toEqual({
      'steps.0.days': 'errors.codes.X',
      repeat: 'errors.codes.X',
    });
    expect(serverFieldErrors(['/steps', '/enabled', '/steps/9'], order, 'k')).toEqual({ steps: 'k' });
    // A rule's refusal names the field without a path.
    expect(serverFieldErrors(['steps'], order, 'validation.collections.steps_duplicate')).toEqual({
      steps: 'validation.collections.steps_duplicate',
    });
  });
});
