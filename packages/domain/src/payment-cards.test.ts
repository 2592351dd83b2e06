import { describe, expect, it } from 'vitest';
import {
  cvvLength,
  detectCardBrand,
  expiryOf,
  expiryYears,
  formatCardNumber,
  isExpiryValid,
  isThreeDSecureActive,
  isValidCvv,
  lastFourOfToken,
  passesLuhn,
  validateCardDetails,
  validateCardNumberAndCvv,
  validTo,
} from './payment-cards';

const now = new Date('2026-11-02T09:00:00Z');

describe('card numbers', () => {
  it('accepts numbers that pass the Luhn check and refuses one changed digit', () => {
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005', '4000000000001091'])
      expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('1234')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
  });

  it('detects the brand by prefix and length', () => {
    expect(detectCardBrand('4111111111111111')).toBe('VISA');
    expect(detectCardBrand('4222222222222')).toBe('VISA');
    expect(detectCardBrand('5555555555554444')).toBe('MC');
    expect(detectCardBrand('2223000000000007')).toBe('MC');
    expect(detectCardBrand('378282246310005')).toBe('AMEX');
    expect(detectCardBrand('341111111111111')).toBe('AMEX');
    expect(detectCardBrand('6011111111111117')).toBeNull();
    expect(detectCardBrand('41111111111111')).toBeNull();
    expect(detectCardBrand('2721000000000000')).toBeNull();
  });

  it('wants 3 CVV digits for Visa and Mastercard and 4 for American Express', () => {
    expect(cvvLength('VISA')).toBe(3);
    expect(cvvLength('MC')).toBe(3);
    expect(cvvLength('AMEX')).toBe(4);
    expect(isValidCvv('123', 'VISA')).toBe(true);
    expect(isValidCvv('1234', 'VISA')).toBe(false);
    expect(isValidCvv('1234', 'AMEX')).toBe(true);
    expect(isValidCvv('12a', 'MC')).toBe(false);
  });

  it('shows the number in groups of four, at most 16 digits and 19 characters', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41111111111111119999')).toHaveLength(19);
    expect(formatCardNumber('4111-11')).toBe('4111 11');
  });

  it('checks number and CVV in the order of the spec', () => {
    expect(validateCardNumberAndCvv({ card_type: 'VISA', card_number: '', card_validation_code: '' })).toEqual({
      card_number: 'validation.card.number_required',
      card_validation_code: 'validation.card.cvv_required',
    });
    expect(
      validateCardNumberAndCvv({ card_type: 'VISA', card_number: '4111 1111 1111 1112', card_validation_code: '123' }),
    ).toEqual({ card_number: 'validation.card.number_invalid' });
    expect(
      validateCardNumberAndCvv({ card_type: 'MC', card_number: '4111111111111111', card_validation_code: '123' }),
    ).toEqual({ card_number: 'validation.card.brand_mismatch' });
    expect(
      validateCardNumberAndCvv({ card_type: 'AMEX', card_number: '378282246310005', card_validation_code: '123' }),
    ).toEqual({ card_validation_code: 'validation.card.cvv_invalid' });
    expect(
      validateCardNumberAndCvv({ card_type: 'VISA', card_number: '4111 1111 1111 1111', card_validation_code: '123' }),
    ).toEqual({});
  });
});

describe('expiry', () => {
  it('is valid through the expiry month and not before', () => {
    expect(isExpiryValid(11, 2026, now)).toBe(true);
    expect(isExpiryValid(10, 2026, now)).toBe(false);
    expect(isExpiryValid(1, 2027, now)).toBe(true);
    expect(isExpiryValid(13, 2027, now)).toBe(false);
    expect(isExpiryValid(1, 2025, now)).toBe(false);
  });

  it('gives valid_to as MM-DD-YYYY at the end of the expiry month', () => {
    expect(validTo(2, 2028)).toBe('02-29-2028');
    expect(validTo(2, 2027)).toBe('02-28-2027');
    expect(validTo(12, 2030)).toBe('12-31-2030');
    expect(validTo(4, 2027)).toBe('04-30-2027');
    expect(expiryOf('04-30-2027')).toEqual({ month: 4, year: 2027 });
    expect(expiryOf('2027-04-30')).toBeNull();
  });

  it('offers the current year and the next 11', () => {
    const years = expiryYears(now);
    expect(years).toHaveLength(12);
    expect(years[0]).toBe(2026);
    expect(years[11]).toBe(2037);
  });

  it('requires type, name, month and year when adding, and only name, month and year when editing', () => {
    expect(validateCardDetails({ card_type: '', card_name: ' ', card_month: '', card_year: '' }, { now })).toEqual({
      card_type: 'validation.card.type_required',
      card_name: 'validation.card.name_required',
      card_month: 'validation.card.month_required',
      card_year: 'validation.card.year_required',
    });
    expect(
      validateCardDetails(
        { card_type: '', card_name: 'Pat', card_month: '10', card_year: '2026' },
        { now, editing: true },
      ),
    ).toEqual({ card_month: 'validation.card.expiry_invalid' });
  });
});

describe('3-D Secure and tokens', () => {
  it('is active when the provider enables it and the company code does not disable it, never for Amex', () => {
    expect(isThreeDSecureActive({ secure3dsEnabled: true, companyCodeDisables3ds: false, cardType: 'VISA' })).toBe(
      true,
    );
    expect(isThreeDSecureActive({ secure3dsEnabled: true, companyCodeDisables3ds: false, cardType: 'AMEX' })).toBe(
      false,
    );
    expect(isThreeDSecureActive({ secure3dsEnabled: true, companyCodeDisables3ds: true, cardType: 'MC' })).toBe(false);
    expect(isThreeDSecureActive({ secure3dsEnabled: false, companyCodeDisables3ds: false, cardType: 'MC' })).toBe(
      false,
    );
  });

  it('reads the last four from position 6 of the token', () => {
    expect(lastFourOfToken('-E803-1111-ABCDEFGHJKLMNP')).toBe('1111');
  });
});
