import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { session } from '../../../lib/session';
import { postLogout } from '../api/post-logout';

/** /system-error (spec §2): logs the user out and says the system is unavailable. Stays on this page. */
export function SystemErrorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (session.get().status !== 'Authenticated') return;
    void postLogout().then(() => {
      session.end('LoggedOut');
      queryClient.clear();
    });
  }, [queryClient]);

  return (
    <Stack gap="md">
      <PageTitle>{t('errors.system.title')}</PageTitle>
      <Text>{t('errors.system.unavailable')}</Text>
    </Stack>
  );
}
