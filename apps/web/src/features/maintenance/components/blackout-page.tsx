import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlackoutStatus } from '@portal/contracts';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDateTime } from '../../../lib/format-date';

/**
 * /blackout (access spec §2, §4): the portal is closed for maintenance. Shows the administrator's notice; signed
 * out with a redirect address, the browser is sent there. Administrators sign in at /login/admin.
 */
export function BlackoutPage({ status, signedIn }: { status: BlackoutStatus; signedIn: boolean }) {
  const { t } = useTranslation();
  const redirectUrl = !signedIn && status.redirectUrl ? status.redirectUrl : null;

  useEffect(() => {
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);

  return (
    <Stack gap="md" maw="40rem" data-testid="blackout-page">
      <PageTitle>{t('auth.blackout.title')}</PageTitle>
      <Alert color="yellow" variant="light" role="status">
        <Text>
          {status.message ||
            t('auth.blackout.message', { from: formatDateTime(status.from), to: formatDateTime(status.to) })}
        </Text>
      </Alert>
      {redirectUrl && (
        <Text>
          {t('auth.blackout.redirecting')}{' '}
          <Anchor href={redirectUrl} underline="always">
            {redirectUrl}
          </Anchor>
        </Text>
      )}
      {!signedIn && (
        <Text size="sm">
          {t('auth.blackout.admin_hint')}{' '}
          <Anchor component={Link} to="/login/admin" underline="always">
            {t('auth.signin.admin_title')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
