import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogFile, listMessageFiles, renderCatalog } from '../scripts/build-catalog.mjs';
import { catalog } from './catalog.generated';
import { isLanguage } from './languages';

describe('the generated catalogue', () => {
  it('lists every message file (run `npm run catalog -w @portal/i18n` when this fails)', async () => {
    expect(readFileSync(catalogFile, 'utf8')).toBe(await renderCatalog());
  });

  it('names only layers the loader merges: base, a language, base-CC or language-CC', () => {
    for (const layer of Object.keys(catalog)) {
      const [language, country, ...rest] = layer.split('-');
      expect(rest, layer).toEqual([]);
      expect(language === 'base' || isLanguage(language), `messages/${layer}: unknown language`).toBe(true);
      if (country !== undefined) expect(country, `messages/${layer}`).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('has one top-level key per area file, named like the file, so that areas cannot overwrite each other', () => {
    for (const file of listMessageFiles()) {
      const content: unknown = JSON.parse(readFileSync(file.path, 'utf8'));
      expect(Object.keys(content as object), `messages/${file.layer}/${file.area}.json`).toEqual([file.area]);
    }
  });
});
