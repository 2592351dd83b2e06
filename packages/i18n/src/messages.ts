// The shape of message files and the layered merge (spec: base, language, base-country, language-country).

/** One area file, a layer, or a merged set: nested objects whose leaves are strings. */
export type Messages = { [key: string]: string | Messages };

/** Every message file by layer (`base`, `fr`, `base-CA`, `fr-CA`) and area (`errors`). */
export type Catalog = Readonly<Record<string, Readonly<Record<string, Messages>>>>;

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep merge, later layers win. The result shares no object with its inputs: i18next's addResourceBundle
 * deep-extends into the objects it is given, which must not reach the catalogue.
 */
export function mergeLayers(...layers: ReadonlyArray<Messages | undefined>): Messages {
  const target: Messages = {};
  for (const layer of layers) if (layer) mergeInto(target, layer);
  return target;
}

function mergeInto(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (isMessages(value)) {
      const existing = target[key];
      const child: Messages = isMessages(existing) ? existing : {};
      mergeInto(child, value);
      target[key] = child;
    } else {
      target[key] = value;
    }
  }
}

/** `{ errors: { codes: { INTERNAL: 'System Error' } } }` → `{ 'errors.codes.INTERNAL': 'System Error' }`. */
export function flattenMessages(messages: Messages, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isMessages(value)) Object.assign(flat, flattenMessages(value, path));
    else flat[path] = value;
  }
  return flat;
}

/** The message at a dotted key, or undefined when it is missing or names a group. */
export function lookupMessage(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (!isMessages(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type InterpolationValues = Readonly<Record<string, string | number | bigint | boolean | null | undefined>>;

/**
 * Replaces i18next placeholders (`{{name}}`, `{{ name }}`) with values. A placeholder without a value is
 * left as written, so a missing value shows up instead of silently vanishing. Values are not HTML-escaped:
 * escape them where the text goes into HTML (e-mail templates).
 */
export function interpolate(text: string, values?: InterpolationValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** The placeholder names of a text, sorted and without duplicates. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? ''))].sort();
}
