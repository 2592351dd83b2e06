import { describe, expect, it } from 'vitest';
import { checkReasons, invoicePaymentCodes, reasonsDraft, toReasonsRequest } from './reasons-form';

const codes = [
  { reason_code: 'DM', description: 'Damaged', company_code: '1000', payment_type: 'O' },
  { reason_code: 'PP', description: 'Partial payment', company_code: '1000', payment_type: 'O' },
  { reason_code: 'DM', description: 'Damaged', company_code: '1000', payment_type: 'O' },
  { reason_code: 'DP', description: 'Deposit', company_code: '1000', payment_type: 'D' },
  { reason_code: 'XX', description: 'Elsewhere', company_code: '2000', payment_type: 'O' },
];

describe('the dispute reasons section', () => {
  it('lists the company code’s invoice-payment codes, each once', () => {
    expect(invoicePaymentCodes(codes, '1000').map((code) => code.reason_code)).toEqual(['DM', 'PP']);
  });

  it('checks the saved reasons with their days, leaves the others unchecked at the default, and keeps OTHER apart', () => {
    const draft = reasonsDraft(invoicePaymentCodes(codes, '1000'), {
      reasons: [
        { reason_code: 'DM', description: 'Damaged', target_days: 10 },
        { reason_code: 'GONE', description: 'No longer offered', target_days: 5 },
        { reason_code: 'OTHER', description: '', target_days: 45 },
      ],
    });
    expect(draft).toEqual({
      rows: [
        { reasonCode: 'DM', description: 'Damaged', disputeReason: true, targetDays: 10 },
        { reasonCode: 'PP', description: 'Partial payment', disputeReason: false, targetDays: 14 },
        { reasonCode: 'GONE', description: 'No longer offered', disputeReason: true, targetDays: 5 },
      ],
      otherDays: 45,
    });
    expect(toReasonsRequest(draft)).toEqual({
      reasons: [
        { reason_code: 'DM', target_days: 10 },
        { reason_code: 'GONE', target_days: 5 },
        { reason_code: 'OTHER', target_days: 45 },
      ],
    });
  });

  it('marks days that are not whole days from 1 to 365 on the checked reasons and OTHER only', () => {
    const draft = {
      rows: [
        { reasonCode: 'DM', description: '', disputeReason: true, targetDays: 0 as const },
        { reasonCode: 'PP', description: '', disputeReason: false, targetDays: '' as const },
        { reasonCode: 'QQ', description: '', disputeReason: true, targetDays: 365 },
      ],
      otherDays: 366,
    };
    expect([...checkReasons(draft)]).toEqual(['DM', 'OTHER']);
  });
});
