// /admin/recovery (access spec §2, §3 Admin recovery payload, §5, §7): with the recovery key, reset an
// administrator's password (R) or create an administrator (C). The page says so when the server has no key.
import {
  Alert,
  Anchor,
  Button,
  Paper,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { accountTypes, type AdminRecoveryRequest } from '@portal/contracts';
import { validateAdminRecovery, type AdminRecoveryInput } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PasswordFields } from '../../../components/ui/password-fields';
import classes from '../../../components/ui/narrow-page.module.css';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fetchRecoveryStatus, postAdminRecovery } from '../api/admin-recovery';

type Values = AdminRecoveryInput & { accountType: (typeof accountTypes)[number] };

const empty: Values = {
  key: '',
  user: '',
  mode: 'R',
  password: '',
  confirmPassword: '',
  firstname: '',
  lastname: '',
  company: '',
  email: '',
  accountType: 'Payer',
};

export function AdminRecoveryPage() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ['admin-recovery'], queryFn: fetchRecoveryStatus, retry: false });
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateAdminRecovery(values);
    setProblem(found ? t(found) : undefined);
    if (found) return;
    setBusy(true);
    try {
      const request: AdminRecoveryRequest = { ...values, role: 'admin' };
      const answer = await postAdminRecovery(request);
      notify.success(answer.message);
      setValues(empty);
    } catch (failure) {
      notify.error(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  if (status.isPending) return null;
  if (status.isError)
    return (
      <Stack className={classes.page} gap="lg">
        <PageTitle>{t('auth.admin_recovery.title')}</PageTitle>
        <Alert color="yellow" data-testid="recovery-not-configured">
          {t('auth.admin_recovery.not_configured')}
        </Alert>
        <Anchor component={Link} to="/signin">
          {t('auth.back_to_sign_in')}
        </Anchor>
      </Stack>
    );

  const creating = values.mode === 'C';
  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t('auth.admin_recovery.title')}</PageTitle>
      <Text>{t('auth.admin_recovery.intro')}</Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            {problem && (
              <Alert color="red" role="alert" data-testid="recovery-problem">
                {problem}
              </Alert>
            )}
            <Radio.Group
              label={t('auth.admin_recovery.mode_label')}
              value={values.mode}
              onChange={(mode) => set('mode')(mode)}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="R" label={t('auth.admin_recovery.mode_recover')} />
                <Radio value="C" label={t('auth.admin_recovery.mode_create')} />
              </Stack>
            </Radio.Group>
            <PasswordInput
              label={t('auth.admin_recovery.key_label')}
              value={values.key}
              onChange={(event) => set('key')(event.currentTarget.value)}
              autoComplete="off"
              maxLength={512}
              required
              visibilityToggleButtonProps={{ 'aria-label': t('common.show_password') }}
            />
            <TextInput
              label={t('auth.admin_recovery.user_label')}
              value={values.user}
              onChange={(event) => set('user')(event.currentTarget.value)}
              autoComplete="username"
              maxLength={320}
              required
            />
            {creating && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('auth.registration.first_name_label')}
                    value={values.firstname}
                    onChange={(event) => set('firstname')(event.currentTarget.value)}
                    maxLength={100}
                    required
                  />
                  <TextInput
                    label={t('auth.registration.last_name_label')}
                    value={values.lastname}
                    onChange={(event) => set('lastname')(event.currentTarget.value)}
                    maxLength={100}
                    required
                  />
                </SimpleGrid>
                <TextInput
                  label={t('auth.registration.company_label')}
                  value={values.company}
                  onChange={(event) => set('company')(event.currentTarget.value)}
                  maxLength={200}
                  required
                />
                <TextInput
                  type="email"
                  label={t('auth.registration.email_label')}
                  value={values.email}
                  onChange={(event) => set('email')(event.currentTarget.value)}
                  maxLength={320}
                  required
                />
                <Select
                  label={t('auth.admin_recovery.account_type_label')}
                  value={values.accountType}
                  onChange={(value) => value && set('accountType')(value)}
                  data={accountTypes.map((type) => ({ value: type, label: type }))}
                  allowDeselect={false}
                />
              </>
            )}
            <PasswordFields
              password={values.password}
              confirm={values.confirmPassword}
              onPassword={set('password')}
              onConfirm={set('confirmPassword')}
              passwordLabel={t('auth.password_reset.password_label')}
              confirmLabel={t('auth.password_reset.confirm_label')}
            />
            <Button type="submit" loading={busy}>
              {t('auth.admin_recovery.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
