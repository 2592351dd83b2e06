// A new password and its confirmation, with the policy's hint (12 characters or more; any characters). Used by
// every form that sets a password: reset by link, registration, the change in settings, admin recovery.
import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type PasswordFieldsProps = {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Translated errors. */
  passwordError?: string | undefined;
  confirmError?: string | undefined;
  passwordLabel: string;
  confirmLabel: string;
};

export function PasswordFields(props: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PasswordInput
        label={props.passwordLabel}
        description={t('validation.password_policy.hint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={props.password}
        onChange={(event) => props.onPassword(event.currentTarget.value)}
        error={props.passwordError}
        autoComplete="new-password"
        maxLength={512}
        required
        visibilityToggleButtonProps={{ 'aria-label': t('common.show_password') }}
      />
      <PasswordInput
        label={props.confirmLabel}
        value={props.confirm}
        onChange={(event) => props.onConfirm(event.currentTarget.value)}
        error={props.confirmError}
        autoComplete="new-password"
        maxLength={512}
        required
        visibilityToggleButtonProps={{ 'aria-label': t('common.show_password') }}
      />
    </Stack>
  );
}
