// /auto-register/waiting-confirmation (access spec §2, §4): a signed-in user whose e-mail is not confirmed yet sees
// only this page, with a button that sends the confirmation e-mail again.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { putResendConfirmation } from '../api/registration';
import classes from './registration.module.css';

export function WaitingConfirmationPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const handleResend = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await putResendConfirmation();
      notify.success(t('auth.registration.confirmation_resent'));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack className={classes.narrow} gap="lg">
      <PageTitle>{t('shell.pages.auto_register_waiting_confirmation')}</PageTitle>
      <Text>{t('auth.registration.waiting_confirmation')}</Text>
      {profile && <Text c="dimmed">{t('auth.registration.sent_to', { email: profile.email })}</Text>}
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <div>
        <Button onClick={() => void handleResend()} loading={busy} variant="outline">
          {t('auth.registration.resend_confirmation')}
        </Button>
      </div>
    </Stack>
  );
}
