import { describe, expect, it } from 'vitest';
import { layerNames, loadMessages, translate } from './load-messages';
import { flattenMessages, interpolate, lookupMessage, mergeLayers, type Catalog, type Messages } from './messages';

describe('mergeLayers', () => {
  it('merges deeply and lets later layers win', () => {
    const merged = mergeLayers({ errors: { a: 'base a', b: 'base b', nested: { c: 'base c' } } }, undefined, {
      errors: { b: 'fr b', nested: { d: 'fr d' } },
    });
    expect(merged).toEqual({ errors: { a: 'base a', b: 'fr b', nested: { c: 'base c', d: 'fr d' } } });
  });

  it('returns new objects and leaves its inputs alone (i18next deep-extends what it is given)', () => {
    const base: Messages = { errors: { a: 'base a' } };
    const merged = mergeLayers(base);
    (merged.errors as Messages).a = 'changed';
    expect(base).toEqual({ errors: { a: 'base a' } });
    expect(merged.errors).not.toBe(base.errors);
  });

  it('does not let a message file reach Object.prototype', () => {
    mergeLayers(JSON.parse('{"__proto__": {"polluted": "yes"}}') as Messages);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('loadMessages', () => {
  // Spec: message sets are merged in this order: base, language, base-country, language-country.
  const catalog: Catalog = {
    base: { demo: { demo: { all: 'base', lang: 'base', baseCountry: 'base', langCountry: 'base' } } },
    fr: { demo: { demo: { lang: 'fr', baseCountry: 'fr', langCountry: 'fr' } } },
    'base-CA': { demo: { demo: { baseCountry: 'base-CA', langCountry: 'base-CA' } } },
    'fr-CA': { demo: { demo: { langCountry: 'fr-CA' } } },
  };

  it('merges base → language → base-country → language-country', () => {
    expect(loadMessages('fr', 'CA', catalog)).toEqual({
      demo: { all: 'base', lang: 'fr', baseCountry: 'base-CA', langCountry: 'fr-CA' },
    });
    expect(layerNames('fr', 'CA')).toEqual(['base', 'fr', 'base-CA', 'fr-CA']);
  });

  it('uses base and language only without a country, or for a country without layers', () => {
    const expected = { demo: { all: 'base', lang: 'fr', baseCountry: 'fr', langCountry: 'fr' } };
    expect(loadMessages('fr', undefined, catalog)).toEqual(expected);
    expect(loadMessages('fr', 'BE', catalog)).toEqual(expected);
  });

  it('applies the base-country layer to a language without its own country layer', () => {
    expect(loadMessages('de', 'ca', catalog)).toEqual({
      demo: { all: 'base', lang: 'base', baseCountry: 'base-CA', langCountry: 'base-CA' },
    });
  });

  it('applies the real regional wordings', () => {
    const text = (language: 'en' | 'fr' | 'pt', country: string | undefined, key: string) =>
      lookupMessage(loadMessages(language, country), key);
    expect(text('en', undefined, 'validation.echeck.holder_required')).toBe('Check Holder name is required.');
    expect(text('en', 'GB', 'validation.echeck.holder_required')).toBe('Cheque holder name is required.');
    expect(text('en', 'GB', 'validation.card.expiry_invalid')).toBe('Invalid expiry date.');
    expect(text('fr', undefined, 'auth.signin.login_label')).toBe('E-mail');
    expect(text('fr', 'CA', 'auth.signin.login_label')).toBe('Courriel');
    expect(text('pt', 'BR', 'auth.signin.password_label')).toBe('Senha');
    expect(text('pt', 'PT', 'auth.signin.password_label')).toBe('Palavra-passe');
  });

  it('keeps every base key in every merged set', () => {
    const keys = Object.keys(flattenMessages(loadMessages('en'))).sort();
    expect(Object.keys(flattenMessages(loadMessages('fr', 'CA'))).sort()).toEqual(keys);
    expect(Object.keys(flattenMessages(loadMessages('ja', 'JP'))).sort()).toEqual(keys);
  });

  it('returns a fresh object on each call', () => {
    expect(loadMessages('de')).not.toBe(loadMessages('de'));
  });
});

describe('translate', () => {
  it('translates a server error code for the language and country of a request', () => {
    expect(translate('en', undefined, 'errors.codes.FORBIDDEN')).toBe('You do not have permission to do this.');
    expect(translate('de', 'DE', 'errors.codes.INTERNAL')).toBe('Systemfehler');
    expect(translate('fr', 'CA', 'errors.codes.AUTH_CREDENTIALS_REQUIRED')).toBe(
      "L'adresse courriel et le mot de passe sont obligatoires.",
    );
  });

  it('fills {{placeholders}}', () => {
    expect(
      translate('en', undefined, 'validation.payment.maximum_card_payment_exceeded_message', { amount: '$5,000.00' }),
    ).toBe('Maximum card payment of $5,000.00 exceeded.');
    expect(translate('ja', undefined, 'errors.payment.card_already_assigned', { card: 'VISA-1111', account: 42 })).toBe(
      'VISA-1111 は既にアカウント 42 に割り当てられています',
    );
  });

  it('returns the key when no layer has it, or when it names a group', () => {
    expect(translate('it', undefined, 'errors.codes.NO_SUCH_CODE')).toBe('errors.codes.NO_SUCH_CODE');
    expect(translate('it', undefined, 'errors.codes')).toBe('errors.codes');
  });
});

describe('interpolate', () => {
  it('accepts spaces and i18next formats, and leaves a placeholder without a value as written', () => {
    expect(interpolate('{{ a }} {{b, number}} {{c}}', { a: 1, b: 2 })).toBe('1 2 {{c}}');
  });
});
