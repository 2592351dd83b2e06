// The messages the browser loads (issue 17, ADR 0018). A language's messages are the base layer (the English texts)
// under the language's own layer (spec §1); every language is complete, so the two are merged here, at build time: a
// reader downloads their language's texts once, not the English ones as well. Each language comes in two chunks:
// what any first screen can show (firstPaintMessages: the shell, common words, the errors of a failed call, the
// sign-in page, …), loaded before the first paint, and the rest, loaded with the first screen that is loaded on
// demand, which waits for it (lib/i18n.ts allMessages). Country layers (en-CA, de-CH, …) stay chunks of their own,
// merged over their language.
//
//   import { messageChunks } from 'virtual:portal-messages';
//   await messageChunks.ru();          // the first screen's areas, base + ru merged
//   await messageChunks['later/ru']();  // the other areas
//
// The build fails when code of the first load names a message of the rest ('invoices.title', say): such a text would
// show as its key until the rest is there.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

type Messages = { [key: string]: string | Messages };
type I18nPackage = {
  languages: readonly string[];
  catalog: Record<string, unknown>;
  layerMessages: (layer: string) => Messages | undefined;
  mergeLayers: (...layers: Array<Messages | undefined>) => Messages;
};

/**
 * The messages the first screen can show, whatever it is: whole areas (packages/i18n/messages/<layer>/<area>.json) or
 * groups of one (`auth.signin`). The build says which key is missing here when first-load code names one.
 */
export const firstPaintMessages = [
  'common',
  'shell',
  // What a failed call says (api-client.ts toasts), the sign-in's own errors.
  'errors.codes',
  'errors.toast',
  'errors.auth',
  'errors.system',
  // The sign-in page, the header's who-and-log-out, the maintenance page, and the titles of the signed-out pages
  // (set by the route before its screen has loaded).
  'auth.signin',
  'auth.toast',
  'auth.logged_in_as',
  'auth.working_as',
  'auth.logout',
  'auth.stop_impersonating',
  'auth.impersonation_stopped',
  'auth.blackout',
  'auth.invite.title',
  'auth.registration.create_title',
  'auth.registration.link_accounts_title',
  'auth.password_reset.request_title',
  'auth.password_reset.title',
];

const i18nSource = (file: string) => fileURLToPath(new URL(`../../../packages/i18n/src/${file}`, import.meta.url));
const indexId = 'virtual:portal-messages';
const chunkPrefix = `${indexId}/`;
const resolvedPrefix = '\0portal-messages/';

async function loadI18n(): Promise<I18nPackage> {
  const [index, generated] = await Promise.all([
    tsImport(i18nSource('index.ts'), import.meta.url),
    tsImport(i18nSource('catalog.generated.ts'), import.meta.url),
  ]);
  return {
    ...(index as Omit<I18nPackage, 'catalog'>),
    catalog: (generated as { catalog: Record<string, unknown> }).catalog,
  };
}

const isFirstPaint = (key: string) =>
  firstPaintMessages.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));

/** The messages of the first screen (`first`) or the others, split as finely as firstPaintMessages names them. */
function pickMessages(messages: Messages, first: boolean, path = ''): Messages {
  const picked: Messages = {};
  for (const [name, value] of Object.entries(messages)) {
    const key = path + name;
    if (typeof value !== 'string' && firstPaintMessages.some((prefix) => prefix.startsWith(`${key}.`))) {
      const inner = pickMessages(value, first, `${key}.`);
      if (Object.keys(inner).length) picked[name] = inner;
    } else if (isFirstPaint(key) === first) picked[name] = value;
  }
  return picked;
}

/** Chunk name → its messages: each language over base (first screen, then `later/`), and each country layer. */
function chunkMessages(i18n: I18nPackage): Map<string, Messages> {
  const chunks = new Map<string, Messages>();
  for (const language of i18n.languages) {
    const messages = i18n.mergeLayers(i18n.layerMessages('base'), i18n.layerMessages(language));
    chunks.set(language, pickMessages(messages, true));
    chunks.set(`later/${language}`, pickMessages(messages, false));
  }
  for (const layer of Object.keys(i18n.catalog)) {
    if (layer.includes('-')) chunks.set(layer, i18n.layerMessages(layer) ?? {});
  }
  return chunks;
}

function flatten(messages: Messages, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([name, value]) =>
      typeof value === 'string' ? [[prefix + name, value]] : Object.entries(flatten(value, `${prefix}${name}.`)),
    ),
  );
}

/** The chunks the entry loads before anything else: itself and what it imports statically, transitively. */
function firstLoadChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    chunk.imports.forEach((name) => visit(byName.get(name)));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  return [...seen];
}

/**
 * Quoted texts in first-load code that are, or begin, a message key loaded after the first paint (`'invoices.title'`,
 * or `` `auth.registration.${step}` ``'s `auth.registration.`).
 */
export function laterKeysIn(code: string, laterKeys: readonly string[]): string[] {
  const texts = new Set([...code.matchAll(/["'`]([A-Za-z_][\w-]*\.[\w.-]*)/g)].map((match) => match[1]!));
  return [...texts].filter((text) => laterKeys.some((key) => key.startsWith(text)));
}

export function messageChunks(): Plugin {
  let chunks: Promise<Map<string, Messages>> | undefined;
  const loadChunks = () => (chunks ??= loadI18n().then(chunkMessages));
  return {
    name: 'portal-message-chunks',
    enforce: 'pre',
    config: () => ({
      build: {
        rollupOptions: {
          output: {
            manualChunks: (id: string) =>
              id.startsWith(resolvedPrefix)
                ? `messages-${id.slice(resolvedPrefix.length).replace('/', '-')}`
                : undefined,
          },
        },
      },
    }),
    resolveId(source) {
      if (source === indexId) return `\0${indexId}`;
      if (source.startsWith(chunkPrefix)) return resolvedPrefix + source.slice(chunkPrefix.length);
      return null;
    },
    async load(id) {
      if (id === `\0${indexId}`) {
        const loaders = [...(await loadChunks()).keys()].map(
          (name) =>
            `  ${JSON.stringify(name)}: () => import(${JSON.stringify(chunkPrefix + name)}).then((m) => m.default),`,
        );
        return `export const messageChunks = {\n${loaders.join('\n')}\n};\n`;
      }
      if (!id.startsWith(resolvedPrefix)) return null;
      const messages = (await loadChunks()).get(id.slice(resolvedPrefix.length));
      if (!messages) throw new Error(`No messages chunk ${id.slice(resolvedPrefix.length)}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
    async generateBundle(_options, bundle) {
      const laterKeys = Object.keys(flatten((await loadChunks()).get('later/en') ?? {}));
      const found = firstLoadChunks(bundle)
        .filter((chunk) => !chunk.fileName.includes('messages-'))
        .flatMap((chunk) => laterKeysIn(chunk.code, laterKeys).map((key) => `${key} (${chunk.fileName})`));
      if (found.length) {
        this.error(
          `The first load names messages loaded after the first paint: ${found.join(', ')}. ` +
            'Load that code lazily, or add the message to firstPaintMessages (build/message-chunks.ts).',
        );
      }
    },
  };
}
