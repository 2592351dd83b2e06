// The messages the browser loads, one chunk per language (issue 17, ADR 0018). A language's messages are the base
// layer (the English texts) under the language's own layer (spec §1); every language is complete, so the two are
// merged here, at build time, into one chunk: a reader downloads their language's texts once, not the English ones
// as well. Country layers (en-CA, de-CH, …) stay chunks of their own, loaded on top when the reader's country has one.
//
//   import { messageChunks } from 'virtual:portal-messages';
//   const messages = await messageChunks.ru();   // base + ru, merged
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

type Messages = { [key: string]: string | Messages };
type I18nPackage = {
  languages: readonly string[];
  catalog: Record<string, unknown>;
  layerMessages: (layer: string) => Messages | undefined;
  mergeLayers: (...layers: Array<Messages | undefined>) => Messages;
};

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

/** Chunk name → its messages: each language over base, and each country layer alone. */
function chunkMessages(i18n: I18nPackage): Map<string, Messages> {
  const chunks = new Map<string, Messages>();
  for (const language of i18n.languages) {
    chunks.set(language, i18n.mergeLayers(i18n.layerMessages('base'), i18n.layerMessages(language)));
  }
  for (const layer of Object.keys(i18n.catalog)) {
    if (layer.includes('-')) chunks.set(layer, i18n.layerMessages(layer) ?? {});
  }
  return chunks;
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
              id.startsWith(resolvedPrefix) ? `messages-${id.slice(resolvedPrefix.length)}` : undefined,
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
  };
}
