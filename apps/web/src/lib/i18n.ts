// i18next for the SPA. Messages come from @portal/i18n (layers base → language → base-country →
// language-country, spec §1); the shell's own texts live in packages/i18n/messages/<lang>/shell.json.
// One language is loaded at a time, on demand (issue 17: each language, merged with base at build time, is a chunk of
// its own, and so is each country layer: apps/web/build/message-chunks.ts); switching loads the next one and
// persists the choice.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, mergeLayers, resolveCountry, type Language } from '@portal/i18n';
import { layerNames } from '@portal/i18n/layers';
import { messageChunks } from 'virtual:portal-messages';
import { localStore, storageKeys } from './browser-storage';
import { browserRegion, matchLanguage, pickLanguage } from './pick-language';

export { languages, type Language };

/**
 * Each language's name in that language (data, not UI text: it reads the same in every UI language), so
 * every user finds their own in the selector.
 */
export const languageNames: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  ja: '日本語',
  pt: 'Português',
  ru: 'Русский',
};

export const i18n = i18next.createInstance();

let country: string | undefined;

/** The user's country for X-Country, when the browser tells us one. */
export const getCountry = (): string | undefined => country;

/**
 * The language's chunk (base and the language merged), then its country's layers where there are any
 * (layerNames: base, language, base-country, language-country).
 */
async function addLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const countryLayers = layerNames(language, country).slice(2);
  const chunks = [language, ...countryLayers].flatMap((name) => messageChunks[name] ?? []);
  const layers = await Promise.all(chunks.map((load) => load()));
  i18n.addResourceBundle(language, 'translation', mergeLayers(...layers), true, true);
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
}

export async function initI18n(): Promise<Language> {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const query = new URLSearchParams(window.location.search).get('lang');
  const language = pickLanguage({ query, stored: localStore.get(storageKeys.language), browser }, languages, 'en');
  // spec §1: ?lang= picks the language; keep it so it survives in-app navigation.
  if (matchLanguage(query, languages)) localStore.set(storageKeys.language, language);
  country = resolveCountry(browserRegion(browser));

  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    resources: {},
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  // Every language is complete (packages/i18n tests): the reader's own is the only one loaded.
  await addLanguage(language);
  await i18n.changeLanguage(language);
  applyToDocument(language);
  return language;
}

/** Footer language selector: switch the UI at once and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await addLanguage(language);
  await i18n.changeLanguage(language);
  localStore.set(storageKeys.language, language);
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language, languages) ?? 'en';
}
