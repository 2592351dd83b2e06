import { describe, expect, it } from 'vitest';
import { countryNumericCode, currencyNumericCode } from './iso-numeric';

describe('ISO numeric codes (spec §9, 3-D Secure)', () => {
  it('knows the ledger currencies, keeping leading zeros', () => {
    expect(currencyNumericCode('USD')).toBe('840');
    expect(currencyNumericCode('jpy')).toBe('392');
    expect(currencyNumericCode('BHD')).toBe('048');
    expect(currencyNumericCode('XXX')).toBeUndefined();
  });
  it('knows the ledger countries', () => {
    expect(countryNumericCode('DE')).toBe('276');
    expect(countryNumericCode('ZZ')).toBeUndefined();
  });
});
