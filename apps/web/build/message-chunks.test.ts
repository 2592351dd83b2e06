import { flattenMessages, languages, layerMessages, loadMessages, type Messages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { messageChunks } from './message-chunks';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'resolveId' | 'load') => plugin[name] as Hook;

/** A chunk's messages as the build writes them. */
async function chunk(plugin: Plugin, name: string): Promise<Messages> {
  const id = hook(plugin, 'resolveId').call({}, `virtual:portal-messages/${name}`) as string;
  const source = (await hook(plugin, 'load').call({}, id)) as string;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as {
    default: Messages;
  };
  return module.default;
}

describe('the web build’s message chunks', () => {
  const plugin = messageChunks();

  it.each(languages)('holds in the %s chunk the same texts as base and the language merged', async (language) => {
    expect(await chunk(plugin, language)).toEqual(loadMessages(language));
  });

  it('holds a country layer alone, to be merged on top of its language', async () => {
    expect(await chunk(plugin, 'fr-CA')).toEqual(layerMessages('fr-CA'));
    expect(Object.keys(flattenMessages(await chunk(plugin, 'fr-CA'))).length).toBeGreaterThan(0);
  });

  it('lists a loader for every language and country layer, and nothing for base alone', async () => {
    const index = hook(plugin, 'resolveId').call({}, 'virtual:portal-messages') as string;
    const source = (await hook(plugin, 'load').call({}, index)) as string;
    for (const language of languages) expect(source).toContain(`"${language}": () => import(`);
    expect(source).toContain('"de-CH": () => import(');
    expect(source).not.toContain('"base"');
  });
});
