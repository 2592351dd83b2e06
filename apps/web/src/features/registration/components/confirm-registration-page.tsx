// /auto-register/confirm/{token} (access spec §2, §4, §8): waiting, then complete ('Successfully confirmed your
// account.') or error (the server's text, else 'Could not validate account.').
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, errorText } from '../../../lib/api-client';
import { session, useSession } from '../../../lib/session';
import { fetchOwnProfile, postConfirmation } from '../api/registration';
import classes from './registration.module.css';

export function ConfirmRegistrationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  // A query, not an effect: the confirmation is sent once per token even when the page mounts twice.
  const confirmation = useQuery({
    queryKey: ['registration', 'confirm', token],
    queryFn: () => postConfirmation(token),
    retry: false,
    staleTime: Infinity,
  });
  const failure = confirmation.error;
  const { status } = useSession();
  const handleContinue = async () => session.updateProfile(await fetchOwnProfile());
  return (
    <Stack className={classes.narrow} gap="lg">
      <PageTitle>{t('shell.pages.auto_register_confirm')}</PageTitle>
      {confirmation.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('auth.registration.confirming')}</Text>
        </Group>
      )}
      {confirmation.isSuccess && (
        <Alert color="green" role="status" data-testid="confirm-complete">
          {t('auth.registration.confirmed')}
        </Alert>
      )}
      {confirmation.isError && (
        <Alert color="red" role="alert" data-testid="confirm-error">
          {failure instanceof ApiError && failure.body
            ? errorText(failure.body)
            : t('auth.registration.confirm_failed')}
        </Alert>
      )}
      {/* Signed in while waiting: the confirmed profile opens the portal. Signed out: sign in. */}
      {confirmation.isSuccess && status === 'Authenticated' ? (
        <div>
          <Button onClick={() => void handleContinue()}>{t('auth.registration.continue')}</Button>
        </div>
      ) : (
        !confirmation.isPending && (
          <Anchor component={Link} to="/signin">
            {t('auth.back_to_sign_in')}
          </Anchor>
        )
      )}
    </Stack>
  );
}
