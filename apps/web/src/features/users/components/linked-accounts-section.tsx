// A user's linked accounts on the edit page (access spec §3 Linked account, §5; issue 14): at most 4, each field
// alphanumeric and required, the account type one of master, transactional, both; the server asks the ERP.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { maxLinkedAccounts, type LinkedAccount, type LinkedAccountInput, type UserDetail } from '@portal/contracts';
import { linkedAccountTypeOptions, validateLinkedAccount } from '@portal/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { TableScroll } from '../../../components/ui/table-scroll';
import { addUserAccount, deleteUserAccount, updateUserAccount, userQuery } from '../api/users';

const fields = ['primary_account', 'company_code', 'sales_organization', 'distribution_channel', 'division'] as const;

const emptyAccount: LinkedAccountInput = {
  primary_account: '',
  account_type: 'both',
  company_code: '',
  sales_organization: '',
  distribution_channel: '',
  division: '',
};

export function LinkedAccountsSection({ user, readOnly }: { user: UserDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // null: no form open; 'new': adding; a number: editing that account.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: userQuery(user.user_id).queryKey });
  const refuse = (failure: unknown) =>
    setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));

  const remove = async (account: LinkedAccount) => {
    setRefusal(undefined);
    try {
      await deleteUserAccount(user.user_id, account.account_id);
      notify.success(t('users.accounts.removed'));
      await refresh();
    } catch (failure) {
      refuse(failure);
    }
  };

  const saved = async (messageKey: string) => {
    setEditing(null);
    setRefusal(undefined);
    notify.success(t(messageKey));
    await refresh();
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="linked-accounts-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="linked-accounts-title">
          {t('users.accounts.title')}
        </Title>
        {refusal && (
          <Alert color="red" role="alert" data-testid="accounts-error">
            {refusal}
          </Alert>
        )}
        {user.Accounts.length === 0 ? (
          <Text size="sm">{t('users.accounts.empty')}</Text>
        ) : (
          <TableScroll minWidth={640} label={t('users.accounts.title')}>
            <Table data-testid="linked-accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('users.accounts.primary_account')}</Table.Th>
                  <Table.Th scope="col">{t('users.accounts.account_type')}</Table.Th>
                  <Table.Th scope="col">{t('users.accounts.company_code')}</Table.Th>
                  <Table.Th scope="col">{t('users.accounts.sales_organization')}</Table.Th>
                  <Table.Th scope="col">{t('users.accounts.distribution_channel')}</Table.Th>
                  <Table.Th scope="col">{t('users.accounts.division')}</Table.Th>
                  {!readOnly && (
                    <Table.Th scope="col">
                      <VisuallyHidden>{t('users.requests.columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.Accounts.map((account) => (
                  <Table.Tr key={account.account_id}>
                    <Table.Td>{withoutLeadingZeros(account.primary_account)}</Table.Td>
                    <Table.Td>
                      {t(`users.accounts.types.${account.account_type}`, { defaultValue: account.account_type })}
                    </Table.Td>
                    <Table.Td>{account.company_code}</Table.Td>
                    <Table.Td>{account.sales_organization}</Table.Td>
                    <Table.Td>{account.distribution_channel}</Table.Td>
                    <Table.Td>{account.division}</Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            onClick={() => setEditing(account.account_id)}
                            aria-label={t('users.accounts.edit', {
                              account: withoutLeadingZeros(account.primary_account),
                            })}
                          >
                            <IconPencil size={18} aria-hidden="true" />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => void remove(account)}
                            aria-label={t('users.accounts.remove', {
                              account: withoutLeadingZeros(account.primary_account),
                            })}
                          >
                            <IconTrash size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {!readOnly && editing !== null && (
          <AccountForm
            key={editing}
            initial={
              editing === 'new'
                ? emptyAccount
                : (user.Accounts.find((account) => account.account_id === editing) ?? emptyAccount)
            }
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              if (editing === 'new') await addUserAccount(user.user_id, body);
              else await updateUserAccount(user.user_id, editing, body);
              await saved(editing === 'new' ? 'users.accounts.added' : 'users.accounts.saved');
            }}
          />
        )}
        {!readOnly && editing === null && (
          <Group gap="sm">
            <Button
              variant="outline"
              onClick={() => setEditing('new')}
              disabled={user.Accounts.length >= maxLinkedAccounts}
            >
              {t('users.accounts.add')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('users.accounts.max', { max: maxLinkedAccounts })}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function AccountForm(props: {
  initial: LinkedAccountInput;
  onSave: (body: LinkedAccountInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LinkedAccountInput>({
    ...props.initial,
    primary_account: withoutLeadingZeros(props.initial.primary_account),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof LinkedAccountInput, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (field: keyof LinkedAccountInput, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLinkedAccount(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await props.onSave(values);
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="account-form">
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" role="alert" data-testid="account-form-error">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {fields.map((field) => (
            <TextInput
              key={field}
              label={t(`users.accounts.${field}`)}
              value={values[field]}
              onChange={(event) => set(field, event.currentTarget.value)}
              error={errors[field] ? t(errors[field]) : undefined}
              maxLength={field === 'primary_account' ? 20 : 10}
              required
            />
          ))}
          <Select
            label={t('users.accounts.account_type')}
            data={linkedAccountTypeOptions.map((value) => ({ value, label: t(`users.accounts.types.${value}`) }))}
            value={values.account_type}
            onChange={(value) => value && set('account_type', value)}
            allowDeselect={false}
            error={errors.account_type ? t(errors.account_type) : undefined}
            required
          />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t('users.accounts.save')}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            {t('users.accounts.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
