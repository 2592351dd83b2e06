// Loads the merged message set of a language and country from the generated catalogue.
import { catalog as generatedCatalog } from './catalog.generated';
import type { Language } from './languages';
import { layerNames } from './layers';
import {
  interpolate,
  lookupMessage,
  mergeLayers,
  type Catalog,
  type InterpolationValues,
  type Messages,
} from './messages';

/** The areas of one layer merged into one set (`errors.json` + `auth.json` → `{ errors, auth }`). */
export function layerMessages(layer: string, catalog: Catalog = generatedCatalog): Messages | undefined {
  const areas = catalog[layer];
  return areas ? mergeLayers(...Object.values(areas)) : undefined;
}

export { layerNames };

/**
 * The messages for a language and an optional country: base → language → base-country → language-country,
 * later wins. Returns a new object on each call, safe to hand to i18next's addResourceBundle.
 */
export function loadMessages(language: Language, country?: string, catalog: Catalog = generatedCatalog): Messages {
  return mergeLayers(...layerNames(language, country).map((layer) => layerMessages(layer, catalog)));
}

// Server side: one merged set per combination of existing layers, so an unknown X-Country adds no entry.
const cache = new Map<string, Messages>();

function cachedMessages(language: Language, country: string | undefined): Messages {
  const cacheKey = layerNames(language, country)
    .filter((layer) => Object.hasOwn(generatedCatalog, layer))
    .join('|');
  let messages = cache.get(cacheKey);
  if (!messages) {
    messages = loadMessages(language, country);
    cache.set(cacheKey, messages);
  }
  return messages;
}

/**
 * The text of `key` for a language and country with `{{name}}` placeholders filled in; the key itself when
 * no layer has it (the same fallback i18next uses, so a missing text is visible, never blank).
 */
export function translate(
  language: Language,
  country: string | undefined,
  key: string,
  values?: InterpolationValues,
): string {
  const messages = cachedMessages(language, country);
  let text = lookupMessage(messages, key);
  // A count chooses the plural form as i18next does in the browser: key_one, key_few, key_other... by the language's rules.
  if (text === undefined && typeof values?.count === 'number') {
    const form = new Intl.PluralRules(language).select(values.count);
    text = lookupMessage(messages, `${key}_${form}`) ?? lookupMessage(messages, `${key}_other`);
  }
  return text === undefined ? key : interpolate(text, values);
}
