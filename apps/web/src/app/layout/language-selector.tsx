import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, languages, type Language } from '../../lib/i18n';

/**
 * Footer language selector: 8 languages, each named in itself; the UI switches at once (spec §1). The browser's own
 * select: on every page, the sign-in page included, so it adds no dropdown library to the first load (issue 17), and
 * phones show their own picker.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const handleChange = (value: string) => {
    if ((languages as readonly string[]).includes(value)) void changeLanguage(value as Language);
  };
  return (
    <NativeSelect
      aria-label={t('common.language.select')}
      value={currentLanguage()}
      onChange={(event) => handleChange(event.currentTarget.value)}
      size="xs"
      w={150}
    >
      {languages.map((language) => (
        // Each option is in its own language, so screen readers pronounce it correctly.
        <option key={language} value={language} lang={language}>
          {languageNames[language]}
        </option>
      ))}
    </NativeSelect>
  );
}
