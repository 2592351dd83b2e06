// /settings/integration (issue 27): how the supplier's systems talk to the portal, one section each (API keys here;
// the webhooks' section goes below it). Administrators only (CanEditSystemConfig, route guard and server).
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

export function IntegrationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.settings_integration')}</PageTitle>
      <Text>{t('integration.intro')}</Text>
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
