// Money is never a float (DESIGN.md §3): amounts are decimal strings on the wire and bigint minor units in
// code, scaled by the currency's decimals (JPY 0, most 2, some 3).

/** Minor units to a decimal string: formatMinorUnits(-12345n, 2) === '-123.45'. */
export function formatMinorUnits(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString();
  if (decimals === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string to minor units; undefined when it is not a plain decimal (no exponent: spec §5 "the letter e
 * cannot be typed") or has more fraction digits than the currency allows.
 */
export function parseMinorUnits(amount: string, decimals: number): bigint | undefined {
  const match = decimalPattern.exec(amount.trim());
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return undefined;
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -minor : minor;
}

/** Changes scale, rounding half away from zero when digits are dropped. */
export function rescaleMinorUnits(minor: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (toDecimals >= fromDecimals) return minor * 10n ** BigInt(toDecimals - fromDecimals);
  const factor = 10n ** BigInt(fromDecimals - toDecimals);
  const half = factor / 2n;
  return minor < 0n ? -((-minor + half) / factor) : (minor + half) / factor;
}
