import { describe, expect, it } from 'vitest';
import { browserRegion, pickLanguage } from './pick-language';

const supported = ['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru'] as const;

describe('pickLanguage', () => {
  it('lets ?lang= override the stored choice and the browser', () => {
    expect(pickLanguage({ query: 'de', stored: 'fr', browser: ['ja-JP'] }, supported, 'en')).toBe('de');
  });

  it('uses the stored choice before the browser language', () => {
    expect(pickLanguage({ query: null, stored: 'fr', browser: ['ja-JP'] }, supported, 'en')).toBe('fr');
  });

  it('takes the first supported browser language, ignoring its region', () => {
    expect(pickLanguage({ query: null, stored: null, browser: ['nl-NL', 'pt-BR', 'ru'] }, supported, 'en')).toBe('pt');
  });

  it('ignores an unsupported ?lang= value', () => {
    expect(pickLanguage({ query: 'xx', stored: null, browser: ['it-IT'] }, supported, 'en')).toBe('it');
  });

  it('defaults to en', () => {
    expect(pickLanguage({ query: undefined, stored: undefined, browser: [] }, supported, 'en')).toBe('en');
  });
});

describe('browserRegion', () => {
  it('reads the region of the first tag that has one', () => {
    expect(browserRegion(['fr', 'fr-ca', 'en-US'])).toBe('CA');
  });

  it('returns undefined when no tag has a region', () => {
    expect(browserRegion(['de', 'en'])).toBeUndefined();
  });
});
