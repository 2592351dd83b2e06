import { describe, expect, it } from 'vitest';
import { holdReasonCompanyCodes, withHeldReasonCodes } from './autopay-hold-reason-codes';

const reason = (reason_code: string, description: string, company_code = '1000', payment_type = 'O') => ({
  reason_code,
  description,
  comments_required: '',
  company_code,
  payment_type,
});
const backend = {
  company_codes: [{ company_code: '1000' }, { company_code: '2000' }, { company_code: '3000' }],
  payment_reason_codes: [
    reason('PP', 'Partial payment'),
    reason('DM', 'Damaged goods'),
    reason('DP', 'Down payment', '1000', 'D'),
    reason('PP', 'Partial payment', '2000'),
    reason('SH', 'Short shipment', '2000'),
    reason('DP', 'Down payment', '3000', 'D'),
  ],
};

describe('holdReasonCompanyCodes', () => {
  it("offers each company code's invoice-payment codes with their descriptions, holding all but PP by default", () => {
    expect(holdReasonCompanyCodes(backend, {})).toEqual([
      {
        code: '1000',
        options: [
          { value: 'PP', label: 'PP – Partial payment' },
          { value: 'DM', label: 'DM – Damaged goods' },
        ],
        held: ['DM'],
        isDefault: true,
      },
      {
        code: '2000',
        options: [
          { value: 'PP', label: 'PP – Partial payment' },
          { value: 'SH', label: 'SH – Short shipment' },
        ],
        held: ['SH'],
        isDefault: true,
      },
    ]);
  });

  it('shows what a company code has set', () => {
    const [first] = holdReasonCompanyCodes(backend, { 1000: ['PP'] });
    expect(first).toMatchObject({ code: '1000', held: ['PP'], isDefault: false });
  });
});

describe('withHeldReasonCodes', () => {
  it('sets one company code, keeping the others, each list once and in order', () => {
    expect(withHeldReasonCodes({ 2000: ['SH'] }, '1000', ['PR', 'DM', 'PR'])).toEqual({
      1000: ['DM', 'PR'],
      2000: ['SH'],
    });
  });
});
