import { describe, expect, it } from 'vitest';
import { isBlockedAmountKey, withoutExponent } from './amount-input';

describe('amount fields', () => {
  it('keep the letter e out, typed or pasted', () => {
    expect(isBlockedAmountKey('e')).toBe(true);
    expect(isBlockedAmountKey('E')).toBe(true);
    expect(isBlockedAmountKey('5')).toBe(false);
    expect(isBlockedAmountKey('.')).toBe(false);
    expect(withoutExponent('1e3')).toBe('13');
    expect(withoutExponent('12.50')).toBe('12.50');
  });
});
