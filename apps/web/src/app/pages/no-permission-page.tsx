import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { DEFAULT_SIGNED_IN_PATH } from '../../config/constants';

/** What a signed-in user sees on a route their permissions do not open (see guards/require-permission.tsx). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('shell.no_permission.title')}</PageTitle>
      <Text>{t('shell.no_permission.message')}</Text>
      <Anchor component={Link} to={DEFAULT_SIGNED_IN_PATH}>
        {t('shell.no_permission.back')}
      </Anchor>
    </Stack>
  );
}
