// i18next set-up for the web: one instance, one namespace (`translation`), resources from loadMessages.
import i18next, { type i18n, type InitOptions, type Module } from 'i18next';
import type { Language } from './languages';
import { loadMessages } from './load-messages';

export type CreateI18nOptions = {
  language: Language;
  country?: string;
  /** Plugins to `use` before init, e.g. react-i18next's `initReactI18next`. */
  plugins?: Module[];
  /** Extra i18next options; resources and language are set from `language` and `country`. */
  options?: Omit<InitOptions, 'lng' | 'resources'>;
};

/**
 * A new, initialised i18next instance holding the messages of one language and country. Resources are
 * inline, so `t` works as soon as this resolves (and synchronously after the call, with `initAsync: false`).
 */
export async function createI18n({ language, country, plugins = [], options }: CreateI18nOptions): Promise<i18n> {
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  await instance.init({
    lng: language,
    // loadMessages already merged base (English) under the language: there is nothing to fall back to.
    fallbackLng: false,
    supportedLngs: false,
    defaultNS: 'translation',
    ns: ['translation'],
    // React escapes; the server's translate() does not escape either.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    initAsync: false,
    ...options,
    resources: { [language]: { translation: loadMessages(language, country) } },
  });
  return instance;
}

/** Loads the messages of another language or country into an instance and switches to it (language selector). */
export async function switchLanguage(instance: i18n, language: Language, country?: string): Promise<void> {
  instance.addResourceBundle(language, 'translation', loadMessages(language, country), true, true);
  await instance.changeLanguage(language);
}
