// Which layers make up a language's messages (spec §1): base, language, base-country, language-country, later
// wins. Apart from the catalogue, so that the web app can load just those layers (issue 17: messages on demand).
import { resolveCountry, type Language } from './languages';

/** Layer names in merge order (spec: base, language, base-country, language-country). */
export function layerNames(language: Language, country?: string): string[] {
  const cc = resolveCountry(country);
  return cc ? ['base', language, `base-${cc}`, `${language}-${cc}`] : ['base', language];
}
