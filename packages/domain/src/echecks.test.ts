import { describe, expect, it } from 'vitest';
import {
  isValidBankAccountNumber,
  isValidRoutingNumber,
  validateBankAccountNumber,
  validateEcheckDetails,
} from './echecks';

describe('e-check rules', () => {
  it('accepts routing numbers whose 3-7-1 weighted sum divides by 10', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('01100001')).toBe(false);
    expect(isValidRoutingNumber('01100001a')).toBe(false);
  });

  it('accepts account numbers of 5 to 17 digits', () => {
    expect(isValidBankAccountNumber('12345')).toBe(true);
    expect(isValidBankAccountNumber('12345678901234567')).toBe(true);
    expect(isValidBankAccountNumber('1234')).toBe(false);
    expect(isValidBankAccountNumber('123456789012345678')).toBe(false);
    expect(isValidBankAccountNumber('12345-6')).toBe(false);
    expect(validateBankAccountNumber('')).toBe('validation.echeck.account_number_required');
    expect(validateBankAccountNumber('12a45')).toBe('validation.echeck.account_number_invalid');
  });

  it('requires type, holder and a valid routing number when adding, only the holder when editing', () => {
    expect(
      validateEcheckDetails({ electronic_check_account_type: '', name: '', electronic_check_rdfi_number: '' }),
    ).toEqual({
      name: 'validation.echeck.holder_required',
      electronic_check_account_type: 'validation.echeck.account_type_required',
      electronic_check_rdfi_number: 'validation.echeck.routing_number_required',
    });
    expect(
      validateEcheckDetails({
        electronic_check_account_type: 'C',
        name: 'Pat',
        electronic_check_rdfi_number: '123456789',
      }),
    ).toEqual({ electronic_check_rdfi_number: 'validation.echeck.routing_number_invalid' });
    expect(
      validateEcheckDetails(
        { electronic_check_account_type: '', name: 'Pat', electronic_check_rdfi_number: '' },
        { editing: true },
      ),
    ).toEqual({});
  });
});
