// Exact decimal arithmetic for UBL amounts: a scaled bigint (units × 10^-scale), never a float (DESIGN.md §3).
// UBL amounts are xsd:decimal, so they may carry any number of fraction digits, a leading '+', or be written '.5';
// EN 16931's totals rules compare them as numbers (100.0 equals 100.00).

export type Decimal = { units: bigint; scale: number };

// xsd:decimal's lexical space: optional sign, digits with an optional fraction, or a bare fraction.
const xsdDecimal = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** A longer number is refused rather than turned into a huge bigint (no real amount or quantity comes close). */
export const maxDecimalDigits = 40;

/** The value of an xsd:decimal text (surrounding whitespace allowed); undefined when it is not one. */
export function parseDecimal(text: string | null | undefined): Decimal | undefined {
  if (text == null) return undefined;
  const match = xsdDecimal.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', bareFraction] = match;
  const digits = bareFraction ?? fraction;
  if (whole.length + digits.length > maxDecimalDigits) return undefined;
  const units = BigInt(`${whole}${digits}` || '0');
  return { units: sign === '-' ? -units : units, scale: digits.length };
}

export function isDecimal(text: string | null | undefined): boolean {
  return parseDecimal(text) !== undefined;
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function addDecimals(...values: Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((value) => value.scale));
  return { units: values.reduce((sum, value) => sum + rescale(value, scale), 0n), scale };
}

export function negateDecimal(value: Decimal): Decimal {
  return { units: -value.units, scale: value.scale };
}

export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  return addDecimals(a, negateDecimal(b));
}

export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** -1, 0 or 1 by value, whatever the scales. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const difference = rescale(a, scale) - rescale(b, scale);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** To `scale` fraction digits, rounding half away from zero when digits are dropped. */
export function roundDecimal(value: Decimal, scale: number): Decimal {
  if (scale >= value.scale) return { units: rescale(value, scale), scale };
  const factor = 10n ** BigInt(value.scale - scale);
  const half = factor / 2n;
  const units = value.units < 0n ? -((-value.units + half) / factor) : (value.units + half) / factor;
  return { units, scale };
}

/** Plain decimal text with at least `minScale` fraction digits: formatDecimal({units: -5n, scale: 1}, 2) is '-0.50'. */
export function formatDecimal(value: Decimal, minScale = 0): string {
  const scale = Math.max(value.scale, minScale);
  const units = rescale(value, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * The same amount with the opposite sign, written as close to the original as possible ('-12.50' → '12.50',
 * '12.50' → '-12.50', '+3' → '-3'); zero and text that is not a decimal are returned as they are (the checks report
 * the latter).
 */
export function negateDecimalText(text: string): string {
  const value = parseDecimal(text);
  if (value === undefined || value.units === 0n) return text;
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return trimmed.slice(1);
  if (trimmed.startsWith('+')) return `-${trimmed.slice(1)}`;
  return `-${trimmed}`;
}
