import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, languages, type Language } from '../../lib/i18n';

/** Footer language selector: 8 languages, each named in itself; the UI switches at once (spec §1). */
export function LanguageSelector() {
  const { t } = useTranslation();
  const handleChange = (value: string | null) => {
    if (value && (languages as readonly string[]).includes(value)) void changeLanguage(value as Language);
  };
  return (
    <Select
      aria-label={t('common.language.select')}
      data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
      value={currentLanguage()}
      onChange={handleChange}
      allowDeselect={false}
      size="xs"
      w={150}
      comboboxProps={{ position: 'top', withinPortal: true }}
      // Each option is in its own language, so screen readers pronounce it correctly.
      renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
    />
  );
}
