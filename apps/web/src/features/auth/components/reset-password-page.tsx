// /reset-password/{id} (access spec §2, §5, §8): loads the user's first name from the link; a wrong, used or expired
// link shows 'ResetPassword.ErrorMessage'. Password and confirmation, then "Password reset successfully." and the
// sign-in page.
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { validateNewPassword } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PasswordFields } from '../../../components/ui/password-fields';
import classes from '../../../components/ui/narrow-page.module.css';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fetchPasswordReset, postCompletePasswordReset } from '../api/password-reset';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const reset = useQuery({ queryKey: ['password-reset', id], queryFn: () => fetchPasswordReset(id), retry: false });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateNewPassword({ password, confirmPassword: confirm });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await postCompletePasswordReset({ id, password, confirmPassword: confirm });
      notify.success(t('auth.password_reset.success'));
      await navigate('/signin', { replace: true });
    } catch (failure) {
      // spec §8: the server's message as a warning.
      const message =
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.auth.password_reset_failed');
      setRefusal(message);
      setBusy(false);
    }
  };

  if (reset.isPending) return null;
  if (reset.isError)
    return (
      <Stack className={classes.page} gap="lg">
        <PageTitle>{t('auth.password_reset.title')}</PageTitle>
        <Alert color="red" role="alert" data-testid="reset-invalid">
          {t('auth.password_reset.invalid_token')}
        </Alert>
        <Anchor component={Link} to="/request-password-reset">
          {t('auth.password_reset.request_new_link')}
        </Anchor>
      </Stack>
    );

  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t('auth.password_reset.title')}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text>{t('auth.password_reset.greeting', { name: reset.data.first_name })}</Text>
            {refusal && (
              <Alert color="yellow" role="alert">
                {refusal}
              </Alert>
            )}
            <PasswordFields
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
              passwordError={errors.password ? t(errors.password) : undefined}
              confirmError={errors.confirmPassword ? t(errors.confirmPassword) : undefined}
              passwordLabel={t('auth.password_reset.password_label')}
              confirmLabel={t('auth.password_reset.confirm_label')}
            />
            <Button type="submit" loading={busy}>
              {t('auth.password_reset.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
