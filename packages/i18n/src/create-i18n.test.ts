import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from './create-i18n';
import { loadMessages } from './load-messages';

describe('createI18n', () => {
  it('gives an i18next instance that translates and interpolates at once', async () => {
    const i18n = await createI18n({ language: 'es' });
    expect(i18n.t('errors.toast.unique_id')).toBe('ID único');
    expect(i18n.t('auth.logged_in_as', { login: 'ana@example.com' })).toBe('Sesión iniciada como ana@example.com');
    expect(i18n.t('errors.codes.NO_SUCH_CODE')).toBe('errors.codes.NO_SUCH_CODE');
  });

  it('switches language and country through addResourceBundle without changing the catalogue', async () => {
    const before = loadMessages('fr', 'CA');
    const i18n = await createI18n({ language: 'fr' });
    expect(i18n.t('auth.signin.login_label')).toBe('E-mail');
    await switchLanguage(i18n, 'fr', 'CA');
    expect(i18n.t('auth.signin.login_label')).toBe('Courriel');
    await switchLanguage(i18n, 'ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common.back')).toBe('Назад');
    expect(loadMessages('fr', 'CA')).toEqual(before);
  });
});
