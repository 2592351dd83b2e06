import { describe, expect, it } from 'vitest';
import { resolveCountry, resolveLanguage, resolveLocale, toLocaleTag } from './languages';

describe('resolveLanguage', () => {
  it.each([
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['en;q=0.5,fr;q=0.9', 'fr'],
    ['zh-CN,zh;q=0.9,it;q=0.4', 'it'],
    ['ko-KR,ko;q=0.9', 'en'],
    ['fr;q=0,es', 'es'],
    ['*', 'en'],
    ['pt-BR', 'pt'],
    ['pt_BR', 'pt'],
    ['ja-JP', 'ja'],
    ['RU', 'ru'],
    ['fr', 'fr'],
    [' es-MX ; q=1 ', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('reads %j as %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });

  it('prefers the earlier of two ranges with the same weight', () => {
    expect(resolveLanguage('it;q=0.8,de;q=0.8')).toBe('it');
  });

  it('ignores a malformed weight instead of failing', () => {
    expect(resolveLanguage('fr;q=abc,de')).toBe('de');
  });
});

describe('resolveCountry', () => {
  it.each([
    ['CA', 'CA'],
    ['ca', 'CA'],
    [' gb ', 'GB'],
    ['fr-CA', 'CA'],
    ['pt_br', 'BR'],
    ['zh-Hant-TW', 'TW'],
    ['de-CH,de;q=0.9,en;q=0.8', 'CH'],
    ['fr;q=0.9,en-GB;q=0.8', 'GB'],
    ['es-419', undefined],
    ['CAN', undefined],
    ['fr', 'FR'],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(resolveCountry(input)).toBe(expected);
  });
});

describe('resolveLocale', () => {
  it('takes the language from ?lang= before Accept-Language, and X-Country before the locale region', () => {
    expect(resolveLocale({ lang: 'fr', acceptLanguage: 'de-CH', country: 'ca' })).toEqual({
      language: 'fr',
      country: 'CA',
    });
  });

  it('takes the country from the locale the language came from when X-Country is missing', () => {
    expect(resolveLocale({ lang: 'fr-CA', acceptLanguage: 'de-CH' })).toEqual({ language: 'fr', country: 'CA' });
    expect(resolveLocale({ acceptLanguage: 'de-CH,de;q=0.9' })).toEqual({ language: 'de', country: 'CH' });
    expect(resolveLocale({ acceptLanguage: 'ja,en-US;q=0.5' })).toEqual({ language: 'ja', country: undefined });
  });

  it('falls back to Accept-Language when ?lang= is not a supported language', () => {
    expect(resolveLocale({ lang: 'xx', acceptLanguage: 'it-IT' })).toEqual({ language: 'it', country: 'IT' });
    expect(resolveLocale({})).toEqual({ language: 'en', country: undefined });
  });

  it('builds a locale tag for Intl formatting', () => {
    expect(toLocaleTag('fr', 'CA')).toBe('fr-CA');
    expect(toLocaleTag('ja')).toBe('ja');
  });
});
