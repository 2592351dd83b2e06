// Amounts as the pay page and the payment request carry them: decimal strings, read into bigint minor units
// scaled to the currency's decimals (spec §5: "Amounts are scaled to the currency's decimals"; DESIGN.md §3: never
// a float). Builds on money.ts.
import { parseMinorUnits, rescaleMinorUnits } from './money';

/** spec §3 sapcust.currency_decimals: 2 unless the currency says otherwise (JPY 0, KWD 3). */
export const DEFAULT_CURRENCY_DECIMALS = 2;

const plainDecimal = /^-?\d+(?:\.(\d+))?$/;

/**
 * A plain decimal string (no exponent, no grouping, no sign other than a leading minus) in minor units of a currency
 * with `decimals`; extra fraction digits are rounded half away from zero (spec §5: scaled, "rounded to cents").
 * undefined when the text is not a plain decimal.
 */
export function parseScaledAmount(amount: string, decimals: number): bigint | undefined {
  const trimmed = amount.trim();
  const match = plainDecimal.exec(trimmed);
  if (!match) return undefined;
  const fractionDigits = match[1]?.length ?? 0;
  const exact = parseMinorUnits(trimmed, fractionDigits);
  if (exact === undefined) return undefined;
  return rescaleMinorUnits(exact, fractionDigits, decimals);
}

/** The sum of decimal strings in minor units; amounts that cannot be read count as 0 (their field reports them). */
export function sumScaledAmounts(amounts: readonly string[], decimals: number): bigint {
  return amounts.reduce((total, amount) => total + (parseScaledAmount(amount, decimals) ?? 0n), 0n);
}

/** The decimals of a currency from sapcust.currency_decimals, 2 when it is not listed. */
export function currencyDecimalsOf(
  currencyKey: string,
  currencyDecimals: readonly { currkey: string; currdec: number }[],
): number {
  return currencyDecimals.find((entry) => entry.currkey === currencyKey)?.currdec ?? DEFAULT_CURRENCY_DECIMALS;
}
