// /settings/users/add, /settings/users/add/{registrationRequestId} and /settings/users/{userId} (access spec §2, §3
// User, §5 user form, §6; issue 14). The role is locked for a manager; a permission can be changed only by someone
// who holds it; a third-party user is read-only. Without a password set here the user is invited by e-mail. Once
// the user exists, the page also holds the linked accounts, the exclusions (PayerAll) and the delete button.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  permissions as allPermissions,
  rolePermissions,
  roleTemplateNames,
  roleTemplates,
  type Permission,
  type RegistrationRequestItem,
  type UserDetail,
  type UserInput,
  type UserRole,
} from '@portal/contracts';
import {
  primaryAccountTypeOptions,
  userRoleOptions,
  userStatusOptions,
  validateUserForm,
  type UserFormInput,
} from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PasswordFields } from '../../../components/ui/password-fields';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { languageNames, languages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { deleteUser, registrationRequestQuery, resendInvite, saveUser, userQuery } from '../api/users';
import { ExclusionsSection } from './exclusions-section';
import { LinkedAccountsSection } from './linked-accounts-section';
import classes from './users.module.css';

type FormValues = Required<Omit<UserFormInput, 'set_password'>> & {
  set_password: boolean;
  language: string;
  Permissions: Permission[];
};

const emptyForm = (language: string): FormValues => ({
  login: '',
  email: '',
  first_name: '',
  last_name: '',
  company: '',
  status: 'active',
  primary_account_type_id: 'Payer',
  user_role: 'user',
  language,
  set_password: false,
  password: '',
  verify_password: '',
  Permissions: [...rolePermissions.user],
});

const fromUser = (user: UserDetail): FormValues => ({
  login: user.login,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  company: user.company,
  status: user.status,
  primary_account_type_id: user.primary_account_type_id,
  user_role: user.user_role,
  language: user.language,
  set_password: false,
  password: '',
  verify_password: '',
  Permissions: user.Permissions,
});

const fromRequest = (request: RegistrationRequestItem, language: string): FormValues => ({
  ...emptyForm(language),
  login: request.email,
  email: request.email,
  first_name: request.first_name,
  last_name: request.last_name,
  company: request.company,
});

export function UserEditPage() {
  const { userId, registrationRequestId } = useParams();
  const id = userId === undefined ? null : Number(userId);
  const requestId = registrationRequestId === undefined ? null : Number(registrationRequestId);
  const user = useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
  const request = useQuery({ ...registrationRequestQuery(requestId ?? 0), enabled: requestId !== null });
  // An unknown or deleted user, or a request that is gone: say so, with the way back.
  if (user.isError || request.isError) return <NotFound />;
  if (id !== null && !user.data) return null;
  if (requestId !== null && !request.data) return null;
  // Keyed by the user, so that the form starts again from the saved values after a save or on another user.
  return (
    <UserForm
      key={user.data ? `${user.data.user_id}:${user.data.updated_date}` : 'new'}
      user={user.data ?? null}
      request={request.data ?? null}
    />
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.settings_user_edit')}</PageTitle>
      <Alert color="red" role="alert" data-testid="user-not-found">
        {t('errors.codes.NOT_FOUND')}
      </Alert>
      <Anchor component={Link} to="/settings/users">
        {t('users.form.cancel')}
      </Anchor>
    </Stack>
  );
}

function UserForm({ user, request }: { user: UserDetail | null; request: RegistrationRequestItem | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const [values, setValues] = useState<FormValues>(() =>
    user ? fromUser(user) : request ? fromRequest(request, i18n.language) : emptyForm(i18n.language),
  );
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [template, setTemplate] = useState<string | null>(null);

  const actorIsAdmin = profile?.user_role === 'admin';
  const thirdParty = Boolean(user?.third_party_id?.trim());
  const readOnly = thirdParty;
  const held = new Set(profile?.Permissions ?? []);
  const roles = userRoleOptions.filter((role) => actorIsAdmin || role !== 'admin' || values.user_role === 'admin');

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  // A role's defaults or a role template: the role and its permissions, except those the actor does not hold, which
  // stay as the server compares them (the role's defaults on create, the saved permissions on edit): their boxes are
  // locked, and the server refuses any change to them.
  const applyPreset = (role: UserRole, preset: readonly Permission[]) => {
    const kept = user ? user.Permissions : rolePermissions[role];
    setValues((current) => ({
      ...current,
      user_role: role,
      Permissions: allPermissions.filter((p) => (held.has(p) ? preset.includes(p) : kept.includes(p))),
    }));
    setErrors((current) => ({ ...current, user_role: undefined }));
  };
  const setRole = (role: UserRole) => {
    setTemplate(null);
    applyPreset(role, rolePermissions[role]);
  };
  const applyTemplate = (option: string) => {
    const [kind, name] = option.split(':') as [string, string];
    const preset =
      kind === 'role'
        ? { role: name as UserRole, permissions: rolePermissions[name as UserRole] }
        : roleTemplates[name as keyof typeof roleTemplates];
    setTemplate(option);
    applyPreset(preset.role, preset.permissions);
  };
  // Start from a template: the roles' defaults, then the role templates (issue 38). Only an administrator chooses the
  // role, so the others see only the presets of the user's role.
  const templateOptions = [
    ...roles.map((role) => ({
      value: `role:${role}`,
      role,
      label: t('users.form.template_role_defaults', { role: t(`users.roles.${role}`) }),
    })),
    ...roleTemplateNames.map((name) => ({
      value: `template:${name}`,
      role: roleTemplates[name].role as UserRole,
      label: t(`users.templates.${name}`),
    })),
  ].filter((option) => actorIsAdmin || option.role === values.user_role);
  const togglePermission = (permission: Permission, on: boolean) =>
    setValues((current) => ({
      ...current,
      Permissions: on
        ? allPermissions.filter((p) => p === permission || current.Permissions.includes(p))
        : current.Permissions.filter((p) => p !== permission),
    }));
  const error = (field: keyof FormValues) => (errors[field] ? t(errors[field]) : undefined);
  const refuse = (failure: unknown) =>
    setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    const found = validateUserForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    const body: UserInput = {
      ...values,
      login: values.login.trim(),
      email: values.email.trim(),
      ...(values.set_password ? {} : { password: undefined, verify_password: undefined }),
      ...(request ? { registration_request_id: request.registrationRequestId } : {}),
    };
    try {
      const saved = await saveUser(user?.user_id ?? null, body);
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      if (user) {
        notify.success(t('users.form.saved'));
        queryClient.setQueryData(userQuery(saved.user_id).queryKey, saved);
      } else {
        notify.success(t(saved.invite_pending ? 'users.form.created_invited' : 'users.form.created'));
        await navigate(`/settings/users/${saved.user_id}`, { replace: true });
      }
    } catch (failure) {
      refuse(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async () => {
    if (!user) return;
    try {
      await deleteUser(user.user_id);
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      notify.success(t('users.form.deleted'));
      await navigate('/settings/users', { replace: true });
    } catch (failure) {
      setConfirmDelete(false);
      refuse(failure);
    }
  };

  const handleResend = async () => {
    if (!user) return;
    try {
      await resendInvite(user.user_id);
      notify.success(t('users.form.invite_sent'));
    } catch (failure) {
      refuse(failure);
    }
  };

  const saveDisabled = readOnly || (values.set_password && values.password === '');
  const select = (field: 'status' | 'primary_account_type_id', options: readonly string[], labels: string) => (
    <Select
      label={t(field === 'status' ? 'users.form.status' : 'users.form.primary_account_type')}
      data={options.map((value) => ({ value, label: t(`${labels}.${value}`) }))}
      value={values[field]}
      onChange={(value) => value && set(field, value)}
      allowDeselect={false}
      disabled={readOnly}
      error={error(field)}
      required
    />
  );

  return (
    <Stack gap="lg">
      <PageTitle>{user ? t('users.form.title_edit', { login: user.login }) : t('users.form.title_add')}</PageTitle>
      <Anchor component={Link} to="/settings/users" size="sm">
        {t('users.form.cancel')}
      </Anchor>
      {request && (
        <Alert color="blue" data-testid="user-from-request">
          <Text size="sm">
            {t('users.form.from_request', {
              name: `${request.first_name} ${request.last_name}`.trim(),
              email: request.email,
            })}
          </Text>
          {request.message && (
            <Text size="sm" className={classes.message}>
              {t('users.form.request_message', { message: request.message })}
            </Text>
          )}
        </Alert>
      )}
      {thirdParty && (
        <Alert color="yellow" data-testid="user-third-party">
          {t('users.form.third_party', { id: user?.third_party_id })}
        </Alert>
      )}
      {user && (
        <Text size="sm" c="dimmed">
          {user.last_login
            ? t('users.form.last_login', { date: formatDateTime(user.last_login) })
            : t('users.form.never_signed_in')}
          {' · '}
          {t('users.form.num_logins', { count: user.num_logins })}
        </Text>
      )}
      {user?.invite_pending && (
        <Alert color="blue" data-testid="user-invite-pending">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('users.form.invite_pending')}</Text>
            <Button size="xs" onClick={() => void handleResend()}>
              {t('users.form.resend_invite')}
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('users.form.details')}>
          <Stack gap="md">
            {refusal && (
              <Alert color="red" role="alert" data-testid="user-form-error">
                {refusal}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('users.form.login')}
                value={values.login}
                onChange={(event) => set('login', event.currentTarget.value)}
                error={error('login')}
                disabled={readOnly}
                maxLength={320}
                autoComplete="off"
                required
              />
              <TextInput
                type="email"
                label={t('users.form.email')}
                value={values.email}
                onChange={(event) => set('email', event.currentTarget.value)}
                error={error('email')}
                disabled={readOnly}
                maxLength={320}
                autoComplete="off"
                required
              />
              <TextInput
                label={t('users.form.first_name')}
                value={values.first_name}
                onChange={(event) => set('first_name', event.currentTarget.value)}
                error={error('first_name')}
                disabled={readOnly}
                maxLength={100}
                required
              />
              <TextInput
                label={t('users.form.last_name')}
                value={values.last_name}
                onChange={(event) => set('last_name', event.currentTarget.value)}
                error={error('last_name')}
                disabled={readOnly}
                maxLength={100}
                required
              />
              <TextInput
                label={t('users.form.company')}
                value={values.company}
                onChange={(event) => set('company', event.currentTarget.value)}
                error={error('company')}
                disabled={readOnly}
                maxLength={200}
                required
              />
              {select('status', userStatusOptions, 'users.statuses')}
              <Select
                label={t('users.form.template')}
                description={t('users.form.template_hint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('users.form.template_placeholder')}
                data={templateOptions.map(({ value, label }) => ({ value, label }))}
                value={template}
                onChange={(value) => value && applyTemplate(value)}
                allowDeselect={false}
                disabled={readOnly}
                data-testid="user-template"
              />
              <Select
                label={t('users.form.role')}
                description={actorIsAdmin ? undefined : t('users.form.role_locked')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data={roles.map((value) => ({ value, label: t(`users.roles.${value}`) }))}
                value={values.user_role}
                onChange={(value) => value && setRole(value as UserRole)}
                allowDeselect={false}
                disabled={readOnly || !actorIsAdmin}
                error={error('user_role')}
                required
              />
              {select('primary_account_type_id', primaryAccountTypeOptions, 'users.account_types')}
              <Select
                label={t('users.form.language')}
                data={languages.map((value) => ({ value, label: languageNames[value] }))}
                value={values.language}
                onChange={(value) => value && set('language', value)}
                allowDeselect={false}
                disabled={readOnly}
              />
            </SimpleGrid>
            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{t('users.form.permissions')}</legend>
              <Text size="sm" c="dimmed" mb="sm">
                {t('users.form.permissions_hint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {allPermissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    label={t(`users.permissions.${permission}`)}
                    checked={values.Permissions.includes(permission)}
                    onChange={(event) => togglePermission(permission, event.currentTarget.checked)}
                    disabled={readOnly || !held.has(permission)}
                  />
                ))}
              </SimpleGrid>
            </fieldset>
            <Checkbox
              label={t('users.form.set_password')}
              description={values.set_password || user ? undefined : t('users.form.invite_hint')}
              checked={values.set_password}
              onChange={(event) => set('set_password', event.currentTarget.checked)}
              disabled={readOnly}
            />
            {values.set_password && (
              <PasswordFields
                password={values.password}
                confirm={values.verify_password}
                onPassword={(value) => set('password', value)}
                onConfirm={(value) => set('verify_password', value)}
                passwordError={error('password')}
                confirmError={error('verify_password')}
                passwordLabel={t('users.form.password')}
                confirmLabel={t('users.form.verify_password')}
              />
            )}
            <Group justify="space-between">
              <Button type="submit" loading={busy} disabled={saveDisabled}>
                {t('users.form.save')}
              </Button>
              {user && user.user_id !== profile?.user_id && !readOnly && (
                <Button color="red" variant="outline" onClick={() => setConfirmDelete(true)}>
                  {t('users.form.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {user ? (
        <>
          <LinkedAccountsSection user={user} readOnly={readOnly} />
          {user.primary_account_type_id === 'PayerAll' && <ExclusionsSection user={user} readOnly={readOnly} />}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.form.accounts_after_save')}
        </Text>
      )}
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('users.form.delete')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text>{t('users.form.delete_confirm', { login: user?.login ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('users.accounts.cancel')}
            </Button>
            <Button color="red" onClick={() => void handleDelete()} data-testid="user-delete-confirm">
              {t('users.form.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
