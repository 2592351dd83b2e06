// i18next for the SPA. Messages come from @portal/i18n (layers base → language → base-country →
// language-country, spec §1); the shell's own texts live in packages/i18n/messages/<lang>/shell.json.
// One language is loaded at a time, on demand (issue 17: each language, merged with base at build time, comes in two
// chunks, the first screen's areas and the others, and each country layer is a chunk of its own:
// apps/web/build/message-chunks.ts); switching loads the next one and persists the choice.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, mergeLayers, resolveCountry, type Language, type Messages } from '@portal/i18n';
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

type LanguageLoad = { countryLayers: Promise<Messages[]>; firstScreen: Promise<void>; later?: Promise<void> };
const loads = new Map<Language, LanguageLoad>();

function chunk(name: string): Promise<Messages> {
  const load = messageChunks[name];
  if (!load) throw new Error(`No messages chunk ${name}`);
  return load();
}

/** Into i18next, with the country's layers over them (layerNames: base, language, base-country, language-country). */
function addMessages(language: Language, messages: Messages, countryLayers: Messages[]): void {
  i18n.addResourceBundle(language, 'translation', mergeLayers(messages, ...countryLayers), true, true);
}

/** The language's first-screen areas (base and the language merged) and its country's layers, loaded once. */
function languageLoad(language: Language): LanguageLoad {
  let load = loads.get(language);
  if (!load) {
    const countryChunks = layerNames(language, country)
      .slice(2)
      .filter((name) => name in messageChunks);
    const countryLayers = Promise.all(countryChunks.map(chunk));
    const firstScreen = Promise.all([chunk(language), countryLayers]).then(([own, layers]) =>
      addMessages(language, own, layers),
    );
    load = { countryLayers, firstScreen };
    loads.set(language, load);
  }
  return load;
}

/** The language's other areas, loaded when a screen first needs them (a failed load is tried again next time). */
function laterMessages(language: Language): Promise<void> {
  const load = languageLoad(language);
  load.later ??= Promise.all([load.firstScreen, chunk(`later/${language}`), load.countryLayers])
    .then(([, later, layers]) => addMessages(language, later, layers))
    .catch((error: unknown) => {
      load.later = undefined;
      throw error;
    });
  return load.later;
}

/**
 * Resolves when every message of the reader's language is there. The first paint has only what any first screen shows
 * (firstPaintMessages in apps/web/build/message-chunks.ts); each screen loaded on demand waits for this before it
 * renders (app/routes.tsx).
 */
export const allMessages = (): Promise<void> => laterMessages(currentLanguage());

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
}

/**
 * Picks the reader's language and starts i18next in it; `messages` resolves when the first screen's texts are there.
 * Calls made meanwhile already send that language (Accept-Language).
 */
export async function startI18n(): Promise<{ messages: Promise<void> }> {
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
  const messages = languageLoad(language).firstScreen.then(async () => {
    await i18n.changeLanguage(language);
    applyToDocument(language);
  });
  return { messages };
}

/** Footer language selector: switch the UI at once and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await laterMessages(language);
  await i18n.changeLanguage(language);
  localStore.set(storageKeys.language, language);
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language, languages) ?? 'en';
}
