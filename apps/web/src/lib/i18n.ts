// i18next for the SPA. Messages come from @portal/i18n (layers base → language → base-country →
// language-country, spec §1); the shell's own texts live in packages/i18n/messages/<lang>/shell.json.
// One language is loaded at a time; switching loads the next one and persists the choice.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, loadMessages, resolveCountry, type Language } from '@portal/i18n';
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

function addLanguage(language: Language): void {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', loadMessages(language, country), true, true);
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
  addLanguage('en');
  addLanguage(language);
  await i18n.changeLanguage(language);
  applyToDocument(language);
  return language;
}

/** Footer language selector: switch the UI at once and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  addLanguage(language);
  await i18n.changeLanguage(language);
  localStore.set(storageKeys.language, language);
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language, languages) ?? 'en';
}
