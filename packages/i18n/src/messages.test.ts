// Content checks over every layer and every area file, including files added later (they reach the catalogue
// through the generator, and catalog.test.ts fails while the catalogue misses one).
import { describe, expect, it } from 'vitest';
import { catalog } from './catalog.generated';
import { languages, type Language } from './languages';
import { layerMessages, loadMessages } from './load-messages';
import { flattenMessages, placeholdersOf } from './messages';

const flatLayer = (layer: string): Record<string, string> => flattenMessages(layerMessages(layer) ?? {});
const base = flatLayer('base');
const countryLayers = Object.keys(catalog).filter((layer) => layer.includes('-'));

// i18next plural forms (`invoices_one`, `invoices_other`) are one key whose forms differ per language.
const pluralForm = /^(.*)_(zero|one|two|few|many|other)$/;
const pluralFamilies = new Set(
  Object.keys(base).flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : [])),
);
function familyOf(key: string): string {
  const match = pluralForm.exec(key);
  return match?.[1] !== undefined && pluralFamilies.has(match[1]) ? match[1] : key;
}
/** Forms a language needs: `other`, and every category i18next picks for a whole number up to 200. */
function requiredPluralForms(language: Language): string[] {
  const rules = new Intl.PluralRules(language);
  const forms = new Set<string>(['other']);
  for (let n = 0; n <= 200; n += 1) forms.add(rules.select(n));
  return [...forms].sort();
}

function families(flat: Record<string, string>): Set<string> {
  return new Set(Object.keys(flat).map(familyOf));
}
function placeholdersByFamily(flat: Record<string, string>): Map<string, string> {
  const byFamily = new Map<string, Set<string>>();
  for (const [key, text] of Object.entries(flat)) {
    const names = byFamily.get(familyOf(key)) ?? new Set<string>();
    for (const name of placeholdersOf(text)) names.add(name);
    byFamily.set(familyOf(key), names);
  }
  return new Map([...byFamily].map(([family, names]) => [family, [...names].sort().join(',')]));
}

describe('message catalogue', () => {
  const baseFamilies = families(base);

  it('has base texts (the English source)', () => {
    expect(baseFamilies.size).toBeGreaterThan(100);
  });

  it.each(languages.filter((language) => language !== 'en'))(
    'has every base key in %s and nothing else',
    (language) => {
      const own = families(flatLayer(language));
      expect(
        [...baseFamilies].filter((key) => !own.has(key)),
        `missing in messages/${language}`,
      ).toEqual([]);
      expect(
        [...own].filter((key) => !baseFamilies.has(key)),
        `in messages/${language} but not in base`,
      ).toEqual([]);
    },
  );

  it('has no key in en that base lacks (base holds the English texts; en only overrides)', () => {
    const own = families(flatLayer('en'));
    expect([...own].filter((key) => !baseFamilies.has(key))).toEqual([]);
  });

  it.each(languages)('has the plural forms %s needs for every plural key', (language) => {
    const flat = flattenMessages(loadMessages(language));
    const missing = [...pluralFamilies].flatMap((family) =>
      requiredPluralForms(language)
        .map((form) => `${family}_${form}`)
        .filter((key) => flat[key] === undefined),
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(catalog))('has no empty text in messages/%s', (layer) => {
    const empty = Object.entries(flatLayer(layer)).filter(([, text]) => typeof text !== 'string' || !text.trim());
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.keys(catalog).filter((layer) => layer !== 'base'))(
    'uses the same {{placeholders}} in messages/%s as in base',
    (layer) => {
      const expected = placeholdersByFamily(base);
      const different = [...placeholdersByFamily(flatLayer(layer))].filter(
        ([family, names]) => expected.has(family) && expected.get(family) !== names,
      );
      expect(different, 'key, placeholders (base has different ones)').toEqual([]);
    },
  );

  it.each(countryLayers)('overrides in messages/%s only keys that exist in base', (layer) => {
    const extra = [...families(flatLayer(layer))].filter((key) => !baseFamilies.has(key));
    expect(extra).toEqual([]);
  });

  // base-CC is merged over every language, so a text there would replace the French, German... translation.
  it.each(countryLayers.filter((layer) => layer.startsWith('base-')))(
    'keeps messages/%s language-neutral, or translated in every language-country layer',
    (layer) => {
      const country = layer.slice('base-'.length);
      const unsafe = Object.keys(flatLayer(layer)).filter((key) => {
        const neutral = languages.every(
          (language) => flatLayer(language)[key] === undefined || flatLayer(language)[key] === base[key],
        );
        const translated = languages
          .filter((language) => language !== 'en')
          .every((language) => flatLayer(`${language}-${country}`)[key] !== undefined);
        return !neutral && !translated;
      });
      expect(unsafe).toEqual([]);
    },
  );

  it('writes Swiss German without ß in every area that has a de-CH file', () => {
    const swiss = flattenMessages(loadMessages('de', 'CH'));
    const areas = Object.keys(catalog['de-CH'] ?? {});
    const withEszett = Object.entries(swiss).filter(
      ([key, text]) => areas.includes(key.split('.')[0] ?? '') && text.includes('ß'),
    );
    expect(withEszett.map(([key]) => key)).toEqual([]);
  });

  it('names every language in its own language in every language', () => {
    for (const language of languages) {
      const names = loadMessages(language).common;
      expect(names).toMatchObject({ language: { names: { en: 'English', ja: '日本語', ru: 'Русский' } } });
    }
  });
});
