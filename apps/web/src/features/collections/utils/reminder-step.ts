// How a step of the schedule reads: "7 days before the due date", "on the due date", "30 days after the due date".
export type StepLabel = {
  key: 'collections.step.before' | 'collections.step.on_due' | 'collections.step.after';
  count: number;
};

export function stepLabel(daysFromDue: number): StepLabel {
  if (daysFromDue < 0) return { key: 'collections.step.before', count: -daysFromDue };
  if (daysFromDue === 0) return { key: 'collections.step.on_due', count: 0 };
  return { key: 'collections.step.after', count: daysFromDue };
}
