// /auto-register/create (access spec §2, §3 Registration form, §4, §5, §8): e-mail, names, company, password and
// its confirmation with the spec's messages; the proven accounts from the previous step go with it. Success leads to
// the confirmation instructions; a refusal shows the server's message in red.
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { validateRegistrationForm, type RegistrationFormInput } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PasswordFields } from '../../../components/ui/password-fields';
import { ApiError, errorText } from '../../../lib/api-client';
import { postRegistration } from '../api/registration';
import { accountListLabel, registrationAccounts } from '../utils/registration-accounts';
import classes from './registration.module.css';

const empty: RegistrationFormInput = {
  email: '',
  first_name: '',
  last_name: '',
  company: '',
  password: '',
  verify_password: '',
};

export function CreateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accounts] = useState(() => registrationAccounts.list());
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof RegistrationFormInput, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (accounts.length === 0) return <Navigate to="/auto-register/accounts" replace />;

  const set = (field: keyof RegistrationFormInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegistrationForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await postRegistration({ ...values, email: values.email.trim(), accounts });
      registrationAccounts.clear();
      await navigate('/auto-register/confirm-instructions', { replace: true });
    } catch (failure) {
      setRefusal(
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.auth.registration_failed'),
      );
      setBusy(false);
    }
  };

  const error = (field: keyof RegistrationFormInput) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Stack className={classes.narrow} gap="lg">
      <PageTitle>{t('auth.registration.create_title')}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            {refusal && (
              <Alert color="red" role="alert" data-testid="registration-error">
                {refusal}
              </Alert>
            )}
            <TextInput
              type="email"
              label={t('auth.registration.email_label')}
              autoComplete="email"
              value={values.email}
              onChange={(event) => set('email')(event.currentTarget.value)}
              error={error('email')}
              maxLength={320}
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('auth.registration.first_name_label')}
                autoComplete="given-name"
                value={values.first_name}
                onChange={(event) => set('first_name')(event.currentTarget.value)}
                error={error('first_name')}
                maxLength={100}
                required
              />
              <TextInput
                label={t('auth.registration.last_name_label')}
                autoComplete="family-name"
                value={values.last_name}
                onChange={(event) => set('last_name')(event.currentTarget.value)}
                error={error('last_name')}
                maxLength={100}
                required
              />
            </SimpleGrid>
            <TextInput
              label={t('auth.registration.company_label')}
              autoComplete="organization"
              value={values.company}
              onChange={(event) => set('company')(event.currentTarget.value)}
              error={error('company')}
              maxLength={200}
              required
            />
            <PasswordFields
              password={values.password}
              confirm={values.verify_password}
              onPassword={set('password')}
              onConfirm={set('verify_password')}
              passwordError={error('password')}
              confirmError={error('verify_password')}
              passwordLabel={t('auth.registration.password_label')}
              confirmLabel={t('auth.registration.verify_password_label')}
            />
            <div>
              {t('auth.registration.accounts_to_link')}{' '}
              <strong>{accounts.map((account) => accountListLabel(account)).join(', ')}</strong>{' '}
              <Anchor component={Link} to="/auto-register/accounts" size="sm">
                {t('auth.registration.change_accounts')}
              </Anchor>
            </div>
            <Button type="submit" loading={busy}>
              {t('auth.registration.create_button')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
