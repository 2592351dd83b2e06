// /request-password-reset (access spec §2, §5): the e-mail field, then the same "if an account exists" message for
// any address, so the page tells nobody who has an account.
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { validateResetRequest } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, errorText } from '../../../lib/api-client';
import classes from '../../../components/ui/narrow-page.module.css';
import { postPasswordResetRequest } from '../api/password-reset';

export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateResetRequest(email);
    setError(problem ? t(problem) : undefined);
    if (problem) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await postPasswordResetRequest(email.trim());
      setSent(true);
    } catch (failure) {
      setRefusal(
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.auth.password_reset_failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t('auth.password_reset.request_title')}</PageTitle>
      {sent ? (
        <Alert color="green" role="status" data-testid="reset-request-sent">
          {t('auth.password_reset.request_sent')}
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <Stack gap="md">
              <Text>{t('auth.password_reset.request_intro')}</Text>
              {refusal && (
                <Alert color="red" role="alert">
                  {refusal}
                </Alert>
              )}
              <TextInput
                type="email"
                label={t('auth.password_reset.email_label')}
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={error}
                maxLength={320}
                required
              />
              <Button type="submit" loading={busy}>
                {t('auth.password_reset.request_button')}
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
      <Anchor component={Link} to="/signin">
        {t('auth.back_to_sign_in')}
      </Anchor>
    </Stack>
  );
}
