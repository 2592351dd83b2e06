import { describe, expect, it } from 'vitest';
import {
  autopayHoldReasonCodesOf,
  autopayReasonCodeOptions,
  checkAutopayHoldReasonCodes,
  defaultAutopayHoldReasonCodes,
  holdsInvoiceBack,
  normalizeAutopayHoldReasonCodes,
} from './autopay-holds';

const reason = (reason_code: string, company_code = '1000', payment_type = 'O') => ({
  reason_code,
  description: reason_code,
  comments_required: '',
  company_code,
  payment_type,
});
const configuration = {
  company_codes: [{ company_code: '1000' }, { company_code: '2000' }],
  payment_reason_codes: [
    reason('PP'),
    reason('DM'),
    reason('PR'),
    reason('DP', '1000', 'D'),
    reason('PP', '2000'),
    reason('SH', '2000'),
  ],
};
const options = autopayReasonCodeOptions(configuration, '1000');

describe('the reason codes that hold an invoice back from AutoPay', () => {
  it("offers the company code's invoice-payment codes, never its deposit codes", () => {
    expect(options).toEqual(['PP', 'DM', 'PR']);
    expect(autopayReasonCodeOptions(configuration, '2000')).toEqual(['PP', 'SH']);
    expect(autopayReasonCodeOptions(configuration, '9999')).toEqual([]);
  });

  it('holds every code but PP where nothing is set, an unknown code included, and nothing without a code', () => {
    expect(defaultAutopayHoldReasonCodes(options)).toEqual(['DM', 'PR']);
    expect(autopayHoldReasonCodesOf({}, '1000', options)).toEqual(['DM', 'PR']);
    expect(holdsInvoiceBack('PP', '1000', {}, options)).toBe(false);
    expect(holdsInvoiceBack('DM', '1000', {}, options)).toBe(true);
    expect(holdsInvoiceBack('Z1', '1000', {}, options)).toBe(true);
    expect(holdsInvoiceBack('', '1000', {}, options)).toBe(false);
    expect(holdsInvoiceBack('  ', '1000', { 1000: ['DM'] }, options)).toBe(false);
  });

  it('holds what the company code sets: a code taken out is paid, PP put in is held', () => {
    const setting = { 1000: ['PP', 'PR'] };
    expect(autopayHoldReasonCodesOf(setting, '1000', options)).toEqual(['PP', 'PR']);
    expect(holdsInvoiceBack('DM', '1000', setting, options)).toBe(false);
    expect(holdsInvoiceBack('PP', '1000', setting, options)).toBe(true);
    expect(holdsInvoiceBack('PR', '1000', setting, options)).toBe(true);
    // A code the ERP does not offer there could not be chosen: it holds.
    expect(holdsInvoiceBack('Z1', '1000', setting, options)).toBe(true);
    // Another company code keeps its default.
    expect(holdsInvoiceBack('DM', '2000', setting, ['PP', 'SH', 'DM'])).toBe(true);
    // Nothing holds where the set is empty (but a code nobody could choose).
    expect(holdsInvoiceBack('DM', '1000', { 1000: [] }, options)).toBe(false);
  });

  it('stores a set trimmed, once each, in order', () => {
    expect(normalizeAutopayHoldReasonCodes([' PR', 'DM', 'PR', ''])).toEqual(['DM', 'PR']);
  });

  it('refuses a company code the ERP does not list and a code it does not offer there, naming them', () => {
    expect(checkAutopayHoldReasonCodes({ 1000: ['DM'], 2000: ['SH'] }, configuration)).toBeNull();
    expect(checkAutopayHoldReasonCodes({ 1000: [] }, configuration)).toBeNull();
    expect(checkAutopayHoldReasonCodes({ 3000: ['DM'] }, configuration)).toEqual({
      key: 'validation.configuration.autopay_hold_company_code_unknown',
      company_code: '3000',
    });
    expect(checkAutopayHoldReasonCodes({ 2000: ['DM'] }, configuration)).toEqual({
      key: 'validation.configuration.autopay_hold_reason_code_unknown',
      company_code: '2000',
      reason_code: 'DM',
    });
    // A deposit code is not an invoice's.
    expect(checkAutopayHoldReasonCodes({ 1000: ['DP'] }, configuration)?.reason_code).toBe('DP');
  });
});
