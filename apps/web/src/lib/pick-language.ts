// spec §1: the language comes from a lang query parameter, else the browser, and defaults to en.
// A language the user picked in the footer (local storage) wins over the browser's.

export type LanguageSources = {
  query: string | null | undefined;
  stored: string | null | undefined;
  browser: readonly string[];
};

/** "fr-CA" → "fr" when fr is supported; unsupported or empty input → undefined. */
export function matchLanguage<L extends string>(
  input: string | null | undefined,
  supported: readonly L[],
): L | undefined {
  const base = input?.trim().toLowerCase().split(/[-_]/)[0];
  return supported.find((language) => language === base);
}

export function pickLanguage<L extends string>(sources: LanguageSources, supported: readonly L[], fallback: L): L {
  return (
    matchLanguage(sources.query, supported) ??
    matchLanguage(sources.stored, supported) ??
    sources.browser.map((tag) => matchLanguage(tag, supported)).find((l) => l !== undefined) ??
    fallback
  );
}

/** The region of the first browser language with one ("en-US" → "US"), for the X-Country header. */
export function browserRegion(browser: readonly string[]): string | undefined {
  for (const tag of browser) {
    const region = tag.split(/[-_]/)[1];
    if (region && /^[a-z]{2}$/i.test(region)) return region.toUpperCase();
  }
  return undefined;
}
