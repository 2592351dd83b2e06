// Issue 39: search filter 94 (only these documents, by finance number) as the contract checks it; the portal answers
// a value it refuses 400 VALIDATION_FAILED naming the field, as for any filter value outside the contract.
import { describe, expect, it } from 'vitest';
import { InvoiceSearchRequest } from './invoices';
import { maxDocumentListFilterNumbers, SearchFilter } from './ledger';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => String(90000000 + index)).join(',');

describe('search filter 94', () => {
  it('takes up to 200 finance document numbers, comma-separated, leading zeros and spaces optional', () => {
    for (const value of ['90000001', '90000001,0090000002, 90000003 ', numbers(maxDocumentListFilterNumbers)]) {
      expect(SearchFilter.safeParse({ filter_type: '94', value }).success, value.slice(0, 30)).toBe(true);
    }
  });

  it('refuses more than 200 numbers, a value that is not a number, and an empty list, naming the value', () => {
    for (const value of [numbers(maxDocumentListFilterNumbers + 1), '90000001,ABC', '', '1,,2', '1;2', '-1']) {
      const parsed = InvoiceSearchRequest.safeParse({
        payer_data: { customer_number: '100001', company_code: '1000' },
        search_parameters: {
          filter: [
            { filter_type: '01', value: '1' },
            { filter_type: '94', value },
          ],
        },
      });
      expect(parsed.success, value.slice(0, 30)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('/'))).toEqual(['search_parameters/filter/1/value']);
    }
  });

  it('keeps the other filters at 200 characters', () => {
    expect(SearchFilter.safeParse({ filter_type: '01', value: 'x'.repeat(201) }).success).toBe(false);
    expect(SearchFilter.safeParse({ filter_type: '92', value: 'X' }).success).toBe(true);
  });
});
