import { describe, expect, it } from 'vitest';
import { emptyDisputeDraft, toDisputeQuery } from './dispute-filters';

describe('the disputes filter bar', () => {
  it('asks for every dispute when nothing is chosen', () => {
    expect(toDisputeQuery(emptyDisputeDraft)).toEqual({});
  });

  it('sends each chosen filter as the contract names it', () => {
    expect(
      toDisputeQuery({
        status: 'in_review',
        reasonCode: ' DM ',
        age: '8-30',
        companyCode: '1000',
        assignee: '12',
        lateOnly: true,
      }),
    ).toEqual({
      status: 'in_review',
      reason_code: 'DM',
      age: '8-30',
      company_code: '1000',
      assignee: 12,
      late: 'true',
    });
  });

  it('reads the assignee as nobody, a user id, or anyone', () => {
    expect(toDisputeQuery({ ...emptyDisputeDraft, assignee: 'none' }).assignee).toBe('none');
    expect(toDisputeQuery({ ...emptyDisputeDraft, assignee: '0' }).assignee).toBeUndefined();
    expect(toDisputeQuery({ ...emptyDisputeDraft, assignee: 'x' }).assignee).toBeUndefined();
  });
});
