// A PayerAll user's excluded accounts (access spec §3 Exclusion list, §5; issue 14): an empty entry is refused; the
// server hides an excluded account from everything the user sees and pays.
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UserDetail } from '@portal/contracts';
import { exclusionProblem } from '@portal/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { putUserExclusions, userQuery } from '../api/users';

export function ExclusionsSection({ user, readOnly }: { user: UserDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<string[]>(user.exclusions);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = exclusionProblem(entry);
    if (problem) {
      setEntryError(t(problem));
      return;
    }
    const value = withoutLeadingZeros(entry.trim());
    setEntries((current) => (current.includes(value) ? current : [...current, value]));
    setEntry('');
  };

  const save = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = await putUserExclusions(user.user_id, entries);
      setEntries(saved.exclusions);
      notify.success(t('users.exclusions.saved'));
      await queryClient.invalidateQueries({ queryKey: userQuery(user.user_id).queryKey });
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="exclusions-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="exclusions-title">
          {t('users.exclusions.title')}
        </Title>
        <Text size="sm">{t('users.exclusions.hint')}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('users.exclusions.empty')}
          </Text>
        ) : (
          <ul aria-label={t('users.exclusions.title')} data-testid="exclusions-list">
            {entries.map((account) => (
              <li key={account}>
                <Group gap="xs">
                  <Text span>{account}</Text>
                  {!readOnly && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      onClick={() => setEntries((current) => current.filter((a) => a !== account))}
                      aria-label={t('users.exclusions.remove', { account })}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  )}
                </Group>
              </li>
            ))}
          </ul>
        )}
        {!readOnly && (
          <>
            <form onSubmit={add} noValidate>
              <Group align="flex-start" gap="sm">
                <TextInput
                  label={t('users.exclusions.entry_label')}
                  value={entry}
                  onChange={(event) => {
                    setEntry(event.currentTarget.value);
                    setEntryError(undefined);
                  }}
                  error={entryError}
                  maxLength={20}
                  data-testid="exclusion-entry"
                />
                <Button type="submit" variant="outline" mt={25}>
                  {t('users.exclusions.add')}
                </Button>
              </Group>
            </form>
            <Group>
              <Button onClick={() => void save()} loading={busy} data-testid="exclusions-save">
                {t('users.exclusions.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
