import { flattenMessages, languages, layerMessages, loadMessages, mergeLayers, type Messages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { firstPaintMessages, laterKeysIn, messageChunks } from './message-chunks';

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

  it.each(languages)(
    'holds in the two %s chunks together the texts of base and the language merged',
    async (language) => {
      const [first, later] = [await chunk(plugin, language), await chunk(plugin, `later/${language}`)];
      expect(mergeLayers(first, later)).toEqual(loadMessages(language));
      const firstKeys = Object.keys(flattenMessages(first));
      const laterKeys = Object.keys(flattenMessages(later));
      expect(firstKeys.filter((key) => laterKeys.includes(key))).toEqual([]);
    },
  );

  it('puts in the first chunk exactly what firstPaintMessages names', async () => {
    const first = Object.keys(flattenMessages(await chunk(plugin, 'de')));
    const named = (key: string) => firstPaintMessages.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));
    expect(first.filter((key) => !named(key))).toEqual([]);
    expect(first).toContain('auth.signin.title');
    expect(first).toContain('errors.codes.SERVICE_UNAVAILABLE');
    expect(first).toContain('auth.registration.link_accounts_title');
    expect(first).not.toContain('auth.registration.link_accounts_intro');
  });

  it('holds a country layer alone, to be merged on top of its language', async () => {
    expect(await chunk(plugin, 'fr-CA')).toEqual(layerMessages('fr-CA'));
    expect(Object.keys(flattenMessages(await chunk(plugin, 'fr-CA'))).length).toBeGreaterThan(0);
  });

  it('finds in code the texts that are, or begin, a later message key', () => {
    const later = ['invoices.title', 'invoices.status.open', 'auth.registration.title'];
    const code = `t("invoices.title");t(\`invoices.status.\${s}\`);t('auth.signin.title');x='auth.registration.';y='a.b'`;
    expect(laterKeysIn(code, later).sort()).toEqual(['auth.registration.', 'invoices.status.', 'invoices.title']);
  });

  it('lists a loader for every language and country layer, and nothing for base alone', async () => {
    const index = hook(plugin, 'resolveId').call({}, 'virtual:portal-messages') as string;
    const source = (await hook(plugin, 'load').call({}, index)) as string;
    for (const language of languages) {
      expect(source).toContain(`"${language}": () => import(`);
      expect(source).toContain(`"later/${language}": () => import(`);
    }
    expect(source).toContain('"de-CH": () => import(');
    expect(source).not.toContain('"base"');
  });
});
