// /settings/imports (issue 27 §2): the supplier's customers, open items and their PDFs into the built-in ledger from
// files: drop them, watch them go up and be read, read the report and its rejected lines; the imports before, from
// here, the CLI or an API client; and what the files hold. Administrators only (CanEditSystemConfig, route guard and
// server).
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { FileFormats } from './file-formats';
import { ImportForm } from './import-form';
import { RecentImports } from './recent-imports';

export function ImportsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.settings_imports')}</PageTitle>
      <Text>{t('imports.page.intro')}</Text>
      <ImportForm />
      <RecentImports />
      <FileFormats />
    </Stack>
  );
}
