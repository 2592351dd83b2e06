// The API keys of machine clients (issue 27 §1): name, scopes, the prefix that tells keys apart, who created each,
// when it was last used, and whether it is revoked. A key is created in a dialog that shows it once; a revocation is
// confirmed first, since it cannot be undone and refuses the client from its next call.
import { Alert, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ApiKeyItem } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { apiKeysQuery, revokeApiKey } from '../api/api-keys';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { IntegrationSection } from './integration-section';

export function ApiKeysSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const items = keys.data?.keys ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey });

  return (
    <IntegrationSection id="api-keys" title={t('integration.api_keys.title')}>
      <Text size="sm">{t('integration.api_keys.intro')}</Text>
      <Group>
        <Button onClick={() => setCreating(true)}>{t('integration.api_keys.create')}</Button>
      </Group>
      {items.length > 0 && (
        // Wider than a phone: the container scrolls sideways, so it is focusable and named (WCAG 2.1.1).
        <Table.ScrollContainer
          minWidth={900}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('integration.api_keys.table_label')}
        >
          <Table striped data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('integration.api_keys.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.scopes')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.prefix')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.created_by')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.created')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.last_used')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('integration.api_keys.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((key) => (
                <Table.Tr key={key.id} data-testid={`api-key-${key.id}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{key.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {key.scopes.map((scope) => (
                        <Code key={scope}>{scope}</Code>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Code>{`${key.key_prefix}…`}</Code>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{key.created_by}</Table.Td>
                  <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
                  <Table.Td>
                    {key.last_used_at ? formatDateTime(key.last_used_at) : t('integration.api_keys.never_used')}
                  </Table.Td>
                  <Table.Td>
                    {key.revoked_at ? (
                      <Stack gap={2}>
                        <StatusBadge tone="neutral">{t('integration.api_keys.status.revoked')}</StatusBadge>
                        <Text size="xs">{formatDateTime(key.revoked_at)}</Text>
                        {key.revoked_by && (
                          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                            {t('integration.api_keys.revoked_by', { login: key.revoked_by })}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      <StatusBadge tone="good">{t('integration.api_keys.status.active')}</StatusBadge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!key.revoked_at && (
                      <Button
                        size="xs"
                        variant="outline"
                        // red.9: Mantine's red at the theme's shade is below 4.5:1 on white (WCAG 1.4.3).
                        color="red.9"
                        onClick={() => setRevoking(key)}
                        aria-label={t('integration.api_keys.revoke.action_for', { name: key.name })}
                      >
                        {t('integration.api_keys.revoke.action')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {keys.isSuccess && items.length === 0 && <Text>{t('integration.api_keys.empty')}</Text>}
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} onCreated={() => void refresh()} />}
      {revoking && (
        <RevokeDialog
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={async () => {
            setRevoking(null);
            notify.success(t('integration.api_keys.revoke.done', { name: revoking.name }));
            await refresh();
          }}
        />
      )}
    </IntegrationSection>
  );
}

function RevokeDialog(props: { apiKey: ApiKeyItem; onClose: () => void; onRevoked: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const handleRevoke = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await revokeApiKey(props.apiKey.id);
      await props.onRevoked();
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('integration.api_keys.revoke.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('integration.api_keys.revoke.confirm', { name: props.apiKey.name, prefix: props.apiKey.key_prefix })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('integration.api_keys.revoke.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void handleRevoke()} loading={busy} data-testid="api-key-revoke-confirm">
            {t('integration.api_keys.revoke.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
