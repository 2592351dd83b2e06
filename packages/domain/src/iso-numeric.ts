// spec §9: country-to-numeric and currency-to-numeric code tables (ISO 3166-1 and ISO 4217 numeric) for 3-D Secure.
// The currencies and countries the ledger's company codes and customers use, plus the common ones around them.
const currencyNumeric: Record<string, string> = {
  USD: '840',
  EUR: '978',
  CAD: '124',
  JPY: '392',
  KWD: '414',
  BHD: '048',
  GBP: '826',
  CHF: '756',
  MXN: '484',
  BRL: '986',
  AUD: '036',
  CNY: '156',
};

const countryNumeric: Record<string, string> = {
  US: '840',
  DE: '276',
  CA: '124',
  JP: '392',
  KW: '414',
  BH: '048',
  GB: '826',
  CH: '756',
  FR: '250',
  ES: '724',
  IT: '380',
  PT: '620',
  BR: '076',
  RU: '643',
  MX: '484',
  AU: '036',
  CN: '156',
};

/** ISO 4217 numeric code of a currency; undefined when the table does not know it. */
export function currencyNumericCode(currencyKey: string): string | undefined {
  return currencyNumeric[currencyKey.toUpperCase()];
}

/** ISO 3166-1 numeric code of a country; undefined when the table does not know it. */
export function countryNumericCode(country: string): string | undefined {
  return countryNumeric[country.toUpperCase()];
}
