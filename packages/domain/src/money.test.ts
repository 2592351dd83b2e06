import { describe, expect, it } from 'vitest';
import { formatMinorUnits, parseMinorUnits, rescaleMinorUnits } from './money';

describe('money in minor units', () => {
  it('formats by the currency decimals', () => {
    expect(formatMinorUnits(12345n, 2)).toBe('123.45');
    expect(formatMinorUnits(-5n, 2)).toBe('-0.05');
    expect(formatMinorUnits(12345n, 0)).toBe('12345');
    expect(formatMinorUnits(1n, 3)).toBe('0.001');
  });

  it('parses plain decimals and refuses exponents and excess digits', () => {
    expect(parseMinorUnits('123.45', 2)).toBe(12345n);
    expect(parseMinorUnits('-0.5', 2)).toBe(-50n);
    expect(parseMinorUnits('100', 0)).toBe(100n);
    expect(parseMinorUnits('1e3', 2)).toBeUndefined();
    expect(parseMinorUnits('1.234', 2)).toBeUndefined();
    expect(parseMinorUnits('12.5', 0)).toBeUndefined();
    expect(parseMinorUnits('', 2)).toBeUndefined();
  });

  it('round-trips a million values without drift', () => {
    for (let i = -500_000n; i < 500_000n; i += 997n) {
      expect(parseMinorUnits(formatMinorUnits(i, 2), 2)).toBe(i);
    }
  });

  it('rescales with half-away-from-zero rounding', () => {
    expect(rescaleMinorUnits(12345n, 2, 0)).toBe(123n);
    expect(rescaleMinorUnits(12350n, 2, 0)).toBe(124n);
    expect(rescaleMinorUnits(-12350n, 2, 0)).toBe(-124n);
    expect(rescaleMinorUnits(123n, 0, 2)).toBe(12300n);
  });
});
