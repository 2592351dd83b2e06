// /request-access (access spec §2, §3 Registration request; issue 14): linked from the sign-in page when
// self-registration is off. Names, company and e-mail required, a message optional; the request is mailed to the
// portal's registrationRequestEmail and listed for the administrators.
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { submitRegistrationRequest } from '@portal/contracts';
import { validateRegistrationRequestForm, type RegistrationRequestFormInput } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, call, errorText } from '../../../lib/api-client';
import classes from './registration.module.css';

const empty: RegistrationRequestFormInput = { first_name: '', last_name: '', company: '', email: '', message: '' };

export function RequestAccessPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof RegistrationRequestFormInput, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const set = (field: keyof RegistrationRequestFormInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const error = (field: keyof RegistrationRequestFormInput) => (errors[field] ? t(errors[field]) : undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegistrationRequestForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await call(submitRegistrationRequest, { ...values, email: values.email.trim() }, { silent: true });
      setSent(true);
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Anchor component={Link} to="/signin">
      {t('users.request_access.back')}
    </Anchor>
  );

  if (sent)
    return (
      <Stack className={classes.narrow} gap="lg">
        <PageTitle>{t('users.request_access.title')}</PageTitle>
        <Alert color="green" role="status" data-testid="request-access-sent">
          {t('users.request_access.sent')}
        </Alert>
        {back}
      </Stack>
    );

  return (
    <Stack className={classes.narrow} gap="lg">
      <PageTitle>{t('users.request_access.title')}</PageTitle>
      <Text>{t('users.request_access.intro')}</Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('users.request_access.first_name')}
                autoComplete="given-name"
                value={values.first_name}
                onChange={(event) => set('first_name')(event.currentTarget.value)}
                error={error('first_name')}
                maxLength={100}
                required
              />
              <TextInput
                label={t('users.request_access.last_name')}
                autoComplete="family-name"
                value={values.last_name}
                onChange={(event) => set('last_name')(event.currentTarget.value)}
                error={error('last_name')}
                maxLength={100}
                required
              />
            </SimpleGrid>
            <TextInput
              label={t('users.request_access.company')}
              autoComplete="organization"
              value={values.company}
              onChange={(event) => set('company')(event.currentTarget.value)}
              error={error('company')}
              maxLength={200}
              required
            />
            <TextInput
              type="email"
              label={t('users.request_access.email')}
              autoComplete="email"
              value={values.email}
              onChange={(event) => set('email')(event.currentTarget.value)}
              error={error('email')}
              maxLength={320}
              required
            />
            <Textarea
              label={t('users.request_access.message')}
              value={values.message}
              onChange={(event) => set('message')(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={3}
            />
            <Button type="submit" loading={busy}>
              {t('users.request_access.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {back}
    </Stack>
  );
}
