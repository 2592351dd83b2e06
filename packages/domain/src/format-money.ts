// The one money formatter (STYLE.md §9). Amounts arrive as decimal strings and are never turned into floats:
// Intl formats the string exactly. Decimals follow the currency (JPY 0, most 2, some 3) via Intl's
// currency data unless the caller passes the ledger's own count.

const DECIMAL = /^-?\d+(\.\d+)?$/;

// Building an Intl.NumberFormat costs far more than using one, and a table formats the same currency many times.
// Kept per language, currency and decimals; a few hundred at most (started afresh beyond that).
const formats = new Map<string, Intl.NumberFormat>();
const maxFormats = 500;

function moneyFormat(
  language: string,
  currency: string,
  decimals: number | undefined,
  display: 'symbol' | 'code',
): Intl.NumberFormat {
  const key = `${language}|${currency}|${decimals ?? ''}|${display}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: display,
      ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
    if (formats.size >= maxFormats) formats.clear();
    formats.set(key, format);
  }
  return format;
}

export function formatMoney(
  amount: string,
  currency: string,
  language: string,
  /** display `code`: "USD 25.00" where a symbol alone could name several currencies (a confirmation, say). */
  options: { decimals?: number; display?: 'symbol' | 'code' } = {},
): string {
  const value = amount.trim();
  if (!DECIMAL.test(value)) return value;
  return moneyFormat(language, currency, options.decimals, options.display ?? 'symbol').format(value as `${number}`);
}

/** The currency's decimals from Intl's currency data (JPY 0, USD 2, KWD 3); 2 when the code is unknown. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
