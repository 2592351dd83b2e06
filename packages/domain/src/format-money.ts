// The one money formatter (STYLE.md §9). Amounts arrive as decimal strings and are never turned into floats:
// Intl formats the string exactly. Decimals follow the currency (JPY 0, most 2, some 3) via Intl's
// currency data unless the caller passes the ledger's own count.

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function formatMoney(
  amount: string,
  currency: string,
  language: string,
  options: { decimals?: number } = {},
): string {
  const value = amount.trim();
  if (!DECIMAL.test(value)) return value;
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    ...(options.decimals === undefined
      ? {}
      : { minimumFractionDigits: options.decimals, maximumFractionDigits: options.decimals }),
  });
  return format.format(value as `${number}`);
}

/** The currency's decimals from Intl's currency data (JPY 0, USD 2, KWD 3); 2 when the code is unknown. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
