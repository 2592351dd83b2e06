import { describe, expect, it } from 'vitest';
import { currencyDecimalsOf, parseScaledAmount, sumScaledAmounts } from './decimal-amount';
import { formatMinorUnits } from './money';

// A seeded generator of integers: the property tests never touch a float amount.
function integers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state;
  };
}

describe('decimal amounts scaled to the currency', () => {
  it('reads plain decimals at the currency scale (JPY 0, USD 2, KWD 3)', () => {
    expect(parseScaledAmount('1250', 0)).toBe(1250n);
    expect(parseScaledAmount('12.50', 2)).toBe(1250n);
    expect(parseScaledAmount('1.250', 3)).toBe(1250n);
    expect(parseScaledAmount(' -0.5 ', 2)).toBe(-50n);
  });

  it('rounds extra fraction digits half away from zero', () => {
    expect(parseScaledAmount('10.005', 2)).toBe(1001n);
    expect(parseScaledAmount('10.004', 2)).toBe(1000n);
    expect(parseScaledAmount('-10.005', 2)).toBe(-1001n);
    expect(parseScaledAmount('99.5', 0)).toBe(100n);
    expect(parseScaledAmount('1.2345', 3)).toBe(1235n);
  });

  it('refuses exponents, grouping and anything that is not a plain decimal', () => {
    for (const text of ['1e3', '1E3', '1,000', '+5', '', ' ', 'abc', '.5', '5.', '--1', 'Infinity', 'NaN'])
      expect(parseScaledAmount(text, 2)).toBeUndefined();
  });

  it('sums 0.1 and 0.2 to exactly 0.3', () => {
    expect(formatMinorUnits(sumScaledAmounts(['0.1', '0.2'], 2), 2)).toBe('0.30');
    expect(sumScaledAmounts(['0.1', '0.2'], 2)).toBe(parseScaledAmount('0.3', 2));
    expect(formatMinorUnits(sumScaledAmounts(['0.001', '0.002'], 3), 3)).toBe('0.003');
  });

  it('sums thousands of random amounts exactly at every scale', () => {
    const next = integers(20_240_501);
    for (const decimals of [0, 2, 3]) {
      for (let run = 0; run < 300; run++) {
        const minors = Array.from({ length: 1 + (next() % 20) }, () => BigInt(next() % 10_000_000) - 5_000_000n);
        const texts = minors.map((minor) => formatMinorUnits(minor, decimals));
        const expected = minors.reduce((total, minor) => total + minor, 0n);
        expect(sumScaledAmounts(texts, decimals)).toBe(expected);
        expect(formatMinorUnits(sumScaledAmounts(texts, decimals), decimals)).toBe(
          formatMinorUnits(expected, decimals),
        );
      }
    }
  });

  it('counts unreadable amounts as 0 in a sum', () => {
    expect(sumScaledAmounts(['1.00', 'x', ''], 2)).toBe(100n);
  });

  it('finds the currency decimals, 2 by default', () => {
    const list = [
      { currkey: 'JPY', currdec: 0 },
      { currkey: 'KWD', currdec: 3 },
    ];
    expect(currencyDecimalsOf('JPY', list)).toBe(0);
    expect(currencyDecimalsOf('KWD', list)).toBe(3);
    expect(currencyDecimalsOf('USD', list)).toBe(2);
  });
});
