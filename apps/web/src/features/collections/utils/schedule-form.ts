// The reminder schedule editor (Settings → Collections): the form's values, the checks the server makes again (the
// contract's bounds, days unique in a schedule, an enabled schedule has a step switched on: packages/domain
// checkReminderSchedule) and the request. The request lists
// the steps in day order, as the server keeps them; a refusal naming a step by its place in the request is shown at
// that step's field in the form.
import {
  reminderMaxSteps,
  reminderRepeatMaxDays,
  reminderStepMaxDays,
  reminderStepMinDays,
  type ReminderSchedule,
  type ReminderTemplate,
  type SaveReminderScheduleRequest,
} from '@portal/contracts';
import { checkReminderSchedule } from '@portal/domain';

export type StepDraft = {
  /** A React key that stays with the step while its days change. */
  key: string;
  /** Days from the due date; '' while the field is empty. */
  days: number | '';
  template: ReminderTemplate;
  attachStatement: boolean;
  enabled: boolean;
};

export type ScheduleDraft = {
  enabled: boolean;
  steps: StepDraft[];
  repeat: boolean;
  repeatEveryDays: number | '';
};

/** Texts by field (message keys from checkSchedule): `steps` (the list), `steps.<index>.days` and `repeat`. */
export type ScheduleErrors = Record<string, string>;

const errorKey = (name: string) => `collections.schedule.errors.${name}`;
/** A new repeat starts at the default's 14 days. */
const defaultRepeat = 14;

let nextKey = 0;
const stepKey = () => `step-${(nextKey += 1)}`;

export function scheduleDraft(schedule: ReminderSchedule): ScheduleDraft {
  return {
    enabled: schedule.enabled,
    steps: [...schedule.steps]
      .sort((a, b) => a.days_from_due - b.days_from_due)
      .map((step) => ({
        key: stepKey(),
        days: step.days_from_due,
        template: step.template,
        attachStatement: step.attach_statement,
        enabled: step.enabled,
      })),
    repeat: schedule.repeat_every_days !== null,
    repeatEveryDays: schedule.repeat_every_days ?? defaultRepeat,
  };
}

export const mayAddStep = (draft: ScheduleDraft): boolean => draft.steps.length < reminderMaxSteps;

/** A step a week after the last one (or on the due date in an empty schedule), on a day no other step has. */
export function newStep(draft: ScheduleDraft): StepDraft {
  const taken = new Set(draft.steps.map((step) => step.days));
  const days = draft.steps.map((step) => step.days).filter((value): value is number => value !== '');
  let candidate = days.length ? Math.min(Math.max(...days) + 7, reminderStepMaxDays) : 0;
  while (taken.has(candidate) && candidate < reminderStepMaxDays) candidate += 1;
  while (taken.has(candidate) && candidate > reminderStepMinDays) candidate -= 1;
  return {
    key: stepKey(),
    days: candidate,
    template: candidate < 0 ? 'reminder_upcoming' : candidate === 0 ? 'reminder_due' : 'reminder_overdue',
    attachStatement: false,
    enabled: true,
  };
}

const inRange = (value: number | '', min: number, max: number): value is number =>
  value !== '' && Number.isInteger(value) && value >= min && value <= max;

export function checkSchedule(draft: ScheduleDraft): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (draft.steps.length > reminderMaxSteps) errors.steps = errorKey('too_many_steps');
  // The domain's rule of a step switched on; its rule of unique days is checked per step below, to name the step (so
  // each step is given a day of its own here).
  const problem = checkReminderSchedule({
    enabled: draft.enabled,
    repeat_every_days: null,
    steps: draft.steps.map((step, index) => ({
      days_from_due: index,
      template: step.template,
      attach_statement: step.attachStatement,
      enabled: step.enabled,
    })),
  });
  if (problem === 'steps_missing') errors.steps = errorKey('no_steps');
  const seen = new Map<number, number>();
  draft.steps.forEach((step, index) => {
    if (step.days === '') errors[`steps.${index}.days`] = errorKey('days_required');
    else if (!inRange(step.days, reminderStepMinDays, reminderStepMaxDays))
      errors[`steps.${index}.days`] = errorKey('days_range');
    else if (seen.has(step.days)) errors[`steps.${index}.days`] = errorKey('days_duplicate');
    else seen.set(step.days, index);
  });
  if (draft.repeat && !inRange(draft.repeatEveryDays, 1, reminderRepeatMaxDays))
    errors.repeat = errorKey('repeat_range');
  return errors;
}

export const hasErrors = (errors: ScheduleErrors): boolean => Object.keys(errors).length > 0;

/** The request (steps in day order) and, for each of its steps, the step's index in the form. */
export function toScheduleRequest(draft: ScheduleDraft): { request: SaveReminderScheduleRequest; order: number[] } {
  const order = draft.steps
    .map((_, index) => index)
    .sort((a, b) => Number(draft.steps[a]!.days) - Number(draft.steps[b]!.days));
  return {
    request: {
      enabled: draft.enabled,
      steps: order.map((index) => {
        const step = draft.steps[index]!;
        return {
          days_from_due: Number(step.days),
          template: step.template,
          attach_statement: step.attachStatement,
          enabled: step.enabled,
        };
      }),
      repeat_every_days: draft.repeat ? Number(draft.repeatEveryDays) : null,
    },
    order,
  };
}

/**
 * The fields a 400 names (its details.fields: a schema's paths such as `/steps/2/days_from_due`, or a rule's field
 * names such as `steps`), as the form's fields, each with the refusal's text. Fields the form does not show are left to
 * the refusal above the form.
 */
export function serverFieldErrors(
  fields: readonly string[],
  order: readonly number[],
  message: string,
): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const field of fields.map((name) => name.replace(/^\//, ''))) {
    const step = /^steps[/.](\d+)(?:[/.]days_from_due)?$/.exec(field);
    if (step) {
      const index = order[Number(step[1])];
      if (index !== undefined) errors[`steps.${index}.days`] = message;
    } else if (field === 'steps') errors.steps = message;
    else if (field === 'repeat_every_days') errors.repeat = message;
  }
  return errors;
}
