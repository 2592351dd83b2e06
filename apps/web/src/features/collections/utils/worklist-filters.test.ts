import { describe, expect, it } from 'vitest';
import { emptyWorklistDraft, toWorklistQuery } from './worklist-filters';

describe('toWorklistQuery', () => {
  it('leaves every empty field out: the whole worklist', () => {
    expect(toWorklistQuery(emptyWorklistDraft)).toEqual({});
    expect(toWorklistQuery({ ...emptyWorklistDraft, companyCode: '  ', q: '   ' })).toEqual({});
  });

  it('sends each chosen filter, trimmed', () => {
    expect(
      toWorklistQuery({
        companyCode: ' 1000 ',
        bucket: '61-90',
        collector: '12',
        promiseStatus: 'broken',
        q: ' acme ',
      }),
    ).toEqual({ company_code: '1000', bucket: '61-90', collector: 12, promise_status: 'broken', q: 'acme' });
  });

  it('asks for the accounts nobody holds with "none"', () => {
    expect(toWorklistQuery({ ...emptyWorklistDraft, collector: 'none' })).toEqual({ collector: 'none' });
  });

  it('never sends a collector that is not a user id', () => {
    expect(toWorklistQuery({ ...emptyWorklistDraft, collector: '0' })).toEqual({});
    expect(toWorklistQuery({ ...emptyWorklistDraft, collector: 'abc' })).toEqual({});
  });

  it('cuts the search text at the 80 characters the server takes', () => {
    expect(toWorklistQuery({ ...emptyWorklistDraft, q: 'x'.repeat(100) }).q).toHaveLength(80);
  });
});
