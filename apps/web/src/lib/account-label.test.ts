import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-label';

describe('accountLabel', () => {
  it('strips leading zeros from numeric account numbers', () => {
    expect(accountLabel('0000100234')).toBe('100234');
    expect(accountLabel('0')).toBe('0');
  });

  it('keeps alphanumeric account ids as they are', () => {
    expect(accountLabel('00AB12')).toBe('00AB12');
  });
});
