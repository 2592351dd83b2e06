import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  negateDecimalText,
  parseDecimal,
  roundDecimal,
  subtractDecimals,
} from './ubl-decimal';

describe('ubl-decimal', () => {
  it('reads xsd:decimal in all its forms and nothing else', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal(' -0.5 ')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal('+3')).toEqual({ units: 3n, scale: 0 });
    expect(parseDecimal('.25')).toEqual({ units: 25n, scale: 2 });
    expect(parseDecimal('7.')).toEqual({ units: 7n, scale: 0 });
    for (const text of [
      '',
      '1e3',
      '1,5',
      '1 000',
      '--1',
      '.',
      'NaN',
      'Infinity',
      '0x10',
      null,
      undefined,
      '1'.repeat(41),
    ]) {
      expect(parseDecimal(text), String(text)).toBeUndefined();
    }
    expect(parseDecimal('1'.repeat(40))).toBeDefined();
  });

  it('adds, subtracts and compares across scales exactly', () => {
    const tenth = parseDecimal('0.1')!;
    const sum = addDecimals(tenth, tenth, tenth);
    expect(compareDecimals(sum, parseDecimal('0.30')!)).toBe(0);
    expect(formatDecimal(subtractDecimals(parseDecimal('761.55')!, parseDecimal('100')!))).toBe('661.55');
    expect(compareDecimals(parseDecimal('2')!, parseDecimal('10.00')!)).toBe(-1);
    expect(compareDecimals(parseDecimal('-1')!, parseDecimal('-1.000')!)).toBe(0);
  });

  it('rounds half away from zero, and formats with a minimum of fraction digits', () => {
    expect(formatDecimal(roundDecimal(parseDecimal('2.345')!, 2))).toBe('2.35');
    expect(formatDecimal(roundDecimal(parseDecimal('-2.345')!, 2))).toBe('-2.35');
    expect(formatDecimal(roundDecimal(parseDecimal('2.344')!, 2))).toBe('2.34');
    expect(formatDecimal(roundDecimal(parseDecimal('0.5')!, 0))).toBe('1');
    expect(formatDecimal(parseDecimal('-0.05')!, 3)).toBe('-0.050');
    expect(formatDecimal(parseDecimal('3')!, 2)).toBe('3.00');
  });

  it('negates a decimal text keeping how it was written', () => {
    expect(negateDecimalText('-12.50')).toBe('12.50');
    expect(negateDecimalText('12.50')).toBe('-12.50');
    expect(negateDecimalText('+3')).toBe('-3');
    expect(negateDecimalText('0.00')).toBe('0.00');
    expect(negateDecimalText('-0')).toBe('-0');
    expect(negateDecimalText('n/a')).toBe('n/a');
  });
});
