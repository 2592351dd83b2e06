// The settings section's password change (access spec §2 "Reset-password section in settings", §5, §8): current, new
// and confirm, each 'Required.'; success when the answer's message is Success; a refusal shows the server's message
// as a warning.
import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { validateChangePassword, type ChangePasswordInput } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../components/ui/password-fields';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { postChangePassword } from '../api/profile';

const empty: ChangePasswordInput = { CurrentPassword: '', NewPassword: '', ConfirmNewPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof ChangePasswordInput, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof ChangePasswordInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await postChangePassword(values);
      if (answer.message === 'Success') {
        notify.success(t('auth.change_password.success'));
        setValues(empty);
      }
    } catch (failure) {
      setRefusal(
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.auth.password_reset_failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof ChangePasswordInput) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="change-password-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md" maw={480}>
          <Title order={2} size="h4" id="change-password-title">
            {t('auth.change_password.title')}
          </Title>
          {refusal && (
            <Alert color="yellow" role="alert" data-testid="change-password-error">
              {refusal}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.change_password.current_label')}
            value={values.CurrentPassword}
            onChange={(event) => set('CurrentPassword')(event.currentTarget.value)}
            error={error('CurrentPassword')}
            autoComplete="current-password"
            maxLength={512}
            required
            visibilityToggleButtonProps={{ 'aria-label': t('common.show_password') }}
          />
          <PasswordFields
            password={values.NewPassword}
            confirm={values.ConfirmNewPassword}
            onPassword={set('NewPassword')}
            onConfirm={set('ConfirmNewPassword')}
            passwordError={error('NewPassword')}
            confirmError={error('ConfirmNewPassword')}
            passwordLabel={t('auth.change_password.new_label')}
            confirmLabel={t('auth.change_password.confirm_label')}
          />
          <div>
            <Button type="submit" loading={busy}>
              {t('auth.change_password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
