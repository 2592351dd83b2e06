// @portal/i18n: messages for en fr de es it ja pt ru with the spec's layered country merge. See README.md.
export {
  languages,
  defaultLanguage,
  isLanguage,
  resolveLanguage,
  resolveCountry,
  resolveLocale,
  toLocaleTag,
  type Language,
  type Locale,
} from './languages';
export {
  mergeLayers,
  flattenMessages,
  lookupMessage,
  interpolate,
  placeholdersOf,
  type Messages,
  type Catalog,
  type InterpolationValues,
} from './messages';
export { loadMessages, layerMessages, layerNames, translate } from './load-messages';
export { createI18n, switchLanguage, type CreateI18nOptions } from './create-i18n';
