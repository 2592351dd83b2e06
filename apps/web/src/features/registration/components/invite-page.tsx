// /register/{token} (access spec §2; issue 14): the invite link of a user created without a password. A wrong, used
// or expired link shows 'Invalid invite token.'; otherwise the user chooses a password under the shared policy once,
// then signs in.
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { completeRegistration, getInvite } from '@portal/contracts';
import { validateNewPassword } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PasswordFields } from '../../../components/ui/password-fields';
import classes from '../../../components/ui/narrow-page.module.css';
import { ApiError, call, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => call(getInvite, undefined, { params: { id: token }, silent: true }),
    retry: false,
  });
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
      await call(completeRegistration, { inviteId: token, password, confirmPassword: confirm }, { silent: true });
      notify.success(t('auth.invite.success'));
      await navigate('/signin', { replace: true });
    } catch (failure) {
      setRefusal(
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('auth.invite.invalid_token'),
      );
      setBusy(false);
    }
  };

  if (invite.isPending) return null;
  if (invite.isError)
    return (
      <Stack className={classes.page} gap="lg">
        <PageTitle>{t('auth.invite.title')}</PageTitle>
        <Alert color="red" role="alert" data-testid="invite-invalid">
          {t('auth.invite.invalid_token')}
        </Alert>
      </Stack>
    );

  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t('auth.invite.title')}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text>{t('auth.invite.greeting', { name: invite.data.first_name })}</Text>
            <Text size="sm">{t('auth.invite.email', { email: invite.data.email })}</Text>
            <Text size="sm">{t('auth.invite.intro')}</Text>
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
              {t('auth.invite.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
