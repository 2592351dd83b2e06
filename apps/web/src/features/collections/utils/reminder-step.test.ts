import { describe, expect, it } from 'vitest';
import { stepLabel } from './reminder-step';

describe('stepLabel', () => {
  it('reads a negative step as days before the due date, 0 as the day itself and a positive one as days after', () => {
    expect(stepLabel(-7)).toEqual({ key: 'collections.step.before', count: 7 });
    expect(stepLabel(0)).toEqual({ key: 'collections.step.on_due', count: 0 });
    expect(stepLabel(30)).toEqual({ key: 'collections.step.after', count: 30 });
  });
});
