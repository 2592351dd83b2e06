// Language and country of a caller (spec: the language comes from the browser or a lang query parameter and
// defaults to en; every call sends Accept-Language and X-Country).

export const languages = ['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

// A header is attacker-controlled: look at a bounded number of entries only.
const maxEntries = 32;

type Range = { tag: string; q: number; position: number };

/** Accept-Language ranges (or one ?lang= value), best first; q=0 ranges are dropped. */
function parseRanges(input: string): Range[] {
  return input
    .split(',')
    .slice(0, maxEntries)
    .map((entry, position) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
      const qParam = params.find((param) => /^q\s*=/i.test(param));
      const q = qParam === undefined ? 1 : Number(qParam.slice(qParam.indexOf('=') + 1).trim());
      return { tag, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, position };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position);
}

function subtags(tag: string): string[] {
  return tag.split(/[-_]/).filter((part) => part !== '');
}

/** The best-weighted supported language of a range list, if any. */
function matchLanguage(input: string): Language | undefined {
  for (const range of parseRanges(input)) {
    const primary = subtags(range.tag)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The region of a BCP 47 tag (`fr-CA`, `zh-Hant-TW`, `pt_BR`), upper-case, if it has a two-letter one. */
function regionOf(tag: string): string | undefined {
  const rest = subtags(tag).slice(1);
  const region = /^[A-Za-z]{4}$/.test(rest[0] ?? '') ? rest[1] : rest[0];
  return region !== undefined && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : undefined;
}

/**
 * The supported language for a `?lang=` value (`fr`, `pt-BR`, `ja_JP`) or an Accept-Language header
 * (`de-CH,de;q=0.9,en;q=0.8`): the best-weighted range whose primary language we offer, else en.
 */
export function resolveLanguage(input: string | null | undefined): Language {
  return (input && matchLanguage(input)) || defaultLanguage;
}

/**
 * A two-letter upper-case country from an X-Country header (`ca`, `CA`) or from a locale (`fr-CA`, or
 * `de-CH,de;q=0.9`: the best-weighted range that has a region). A bare two-letter value is read as a country:
 * pass the X-Country header or a full locale, never a bare language code.
 */
export function resolveCountry(input: string | null | undefined): string | undefined {
  const value = input?.trim();
  if (!value) return undefined;
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  for (const range of parseRanges(value)) {
    const region = regionOf(range.tag);
    if (region) return region;
  }
  return undefined;
}

export type Locale = { language: Language; country: string | undefined };

/**
 * Language and country of a request. The language: the `lang` query parameter when it names a supported
 * language, else Accept-Language, else en. The country: X-Country, else the region of the locale the
 * language came from (`?lang=fr-CA`, `Accept-Language: de-CH`).
 */
export function resolveLocale(request: {
  lang?: string | null;
  acceptLanguage?: string | null;
  country?: string | null;
}): Locale {
  const fromQuery = request.lang ? matchLanguage(request.lang) : undefined;
  const source = fromQuery ? request.lang : request.acceptLanguage;
  const language = fromQuery ?? resolveLanguage(request.acceptLanguage);
  return { language, country: resolveCountry(request.country) ?? regionForLanguage(source ?? '', language) };
}

/** The region of the best-weighted range of `language` (`ja,en-US;q=0.5` gives no region for ja). */
function regionForLanguage(input: string, language: Language): string | undefined {
  const range = parseRanges(input).find((r) => subtags(r.tag)[0]?.toLowerCase() === language);
  return range ? regionOf(range.tag) : undefined;
}

/** A BCP 47 tag for Intl formatting: `fr-CA`, or `fr` without a country. */
export function toLocaleTag(language: Language, country?: string): string {
  return country ? `${language}-${country}` : language;
}
