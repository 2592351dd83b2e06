// The webhook endpoints of Settings → Integration (issue 27 §3): each endpoint's URL, events, whether it is enabled,
// its messages by status and its last delivery; add one (its secret shown once), open its delivery log, send it a
// test event, disable or enable it, rotate its secret (the new one shown once) and delete it, each confirmed first
// when it cannot be undone.
import { Alert, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import type { WebhookEndpointItem } from '@portal/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import {
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  webhookEndpointsQuery,
} from '../api/webhooks-endpoints';
import { webhookMessagesKey } from '../api/webhooks-messages';
import { IntegrationSection } from './integration-section';
import { WebhooksAddDialog, webhookEventKey } from './webhooks-add-dialog';
import { WebhooksDeliveryLog, wholeLabel } from './webhooks-delivery-log';
import { WebhookSecret } from './webhooks-secret';
import classes from './webhooks.module.css';

export function WebhooksSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsQuery());
  const [adding, setAdding] = useState(false);
  const [logOf, setLogOf] = useState<WebhookEndpointItem | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointItem | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const items = endpoints.data?.endpoints ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey });

  const handleTest = async (endpoint: WebhookEndpointItem) => {
    if (busyId !== null) return;
    setBusyId(endpoint.id);
    try {
      const message = await sendWebhookTest(endpoint.id);
      const attempt = message.attempts.at(-1);
      if (message.status === 'delivered' && attempt)
        notify.success(t('webhooks.test.delivered', { status: attempt.status, duration: attempt.duration_ms }));
      else notify.warning(t('webhooks.test.failed', { error: attempt?.error || t('webhooks.last.no_answer') }));
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: webhookMessagesKey(endpoint.id) })]);
    } catch {
      // The client has said why (a toast), e.g. the endpoint was disabled meanwhile.
    } finally {
      setBusyId(null);
    }
  };

  const handleToggle = async (endpoint: WebhookEndpointItem) => {
    if (busyId !== null) return;
    setBusyId(endpoint.id);
    try {
      await updateWebhookEndpoint(endpoint.id, {
        url: endpoint.url,
        events: endpoint.events,
        enabled: !endpoint.enabled,
      });
      notify.success(t(endpoint.enabled ? 'webhooks.toggled.disabled' : 'webhooks.toggled.enabled'));
      await refresh();
    } catch {
      // The client has said why (a toast).
    } finally {
      setBusyId(null);
    }
  };

  return (
    <IntegrationSection id="webhooks" title={t('webhooks.title')}>
      <Text size="sm">{t('webhooks.intro')}</Text>
      <Group>
        <Button onClick={() => setAdding(true)}>{t('webhooks.add')}</Button>
      </Group>
      {items.length > 0 && (
        // Wider than a phone: the container scrolls sideways, so it is focusable and named (WCAG 2.1.1).
        <Table.ScrollContainer
          minWidth={960}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('webhooks.table_label')}
        >
          <Table striped data-testid="webhooks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('webhooks.columns.url')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.events')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.state')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.last_delivery')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.messages')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((endpoint) => (
                <Table.Tr key={endpoint.id} data-testid={`webhook-${endpoint.id}`}>
                  <Table.Th scope="row" className={classes.wrap} fw={400}>
                    {endpoint.url}
                  </Table.Th>
                  <Table.Td>
                    <Stack gap={2}>
                      {endpoint.events.map((event) => (
                        <Text key={event} size="sm">
                          {t(webhookEventKey(event))}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge
                      styles={wholeLabel}
                      tone={endpoint.enabled ? 'good' : 'neutral'}
                      data-testid="webhook-state"
                    >
                      {t(endpoint.enabled ? 'webhooks.state.enabled' : 'webhooks.state.disabled')}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td data-testid="webhook-last-delivery">
                    <LastDelivery endpoint={endpoint} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t('webhooks.counts', endpoint.counts)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setLogOf(endpoint)}
                        aria-label={t('webhooks.actions.log_of', { url: endpoint.url })}
                      >
                        {t('webhooks.actions.log')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={busyId === endpoint.id}
                        disabled={!endpoint.enabled}
                        onClick={() => void handleTest(endpoint)}
                        aria-label={t('webhooks.actions.test_of', { url: endpoint.url })}
                      >
                        {t('webhooks.actions.test')}
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button
                            size="xs"
                            variant="default"
                            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                            aria-label={t('webhooks.actions.menu', { url: endpoint.url })}
                          >
                            {t('webhooks.actions.more')}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => void handleToggle(endpoint)}>
                            {t(endpoint.enabled ? 'webhooks.actions.disable' : 'webhooks.actions.enable')}
                          </Menu.Item>
                          <Menu.Item onClick={() => setRotating(endpoint)}>{t('webhooks.actions.rotate')}</Menu.Item>
                          <Menu.Item c="red.9" onClick={() => setDeleting(endpoint)}>
                            {t('webhooks.actions.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {endpoints.isSuccess && items.length === 0 && <Text>{t('webhooks.empty')}</Text>}
      {adding && <WebhooksAddDialog onClose={() => setAdding(false)} onCreated={() => void refresh()} />}
      {logOf && <WebhooksDeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />}
      {rotating && <RotateDialog endpoint={rotating} onClose={() => setRotating(null)} />}
      {deleting && (
        <DeleteDialog
          endpoint={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={async () => {
            setDeleting(null);
            await refresh();
          }}
        />
      )}
    </IntegrationSection>
  );
}

function LastDelivery({ endpoint }: { endpoint: WebhookEndpointItem }) {
  const { t } = useTranslation();
  const last = endpoint.last_delivery;
  if (!last) return <Text size="sm">{t('webhooks.last.never')}</Text>;
  return (
    <Stack gap={2}>
      <StatusBadge styles={wholeLabel} tone={last.ok ? 'good' : 'bad'}>
        {last.status === null ? t('webhooks.last.no_answer') : t('webhooks.last.http', { status: last.status })}
      </StatusBadge>
      <Text size="xs">{formatDateTime(last.at)}</Text>
    </Stack>
  );
}

function RotateDialog({ endpoint, onClose }: { endpoint: WebhookEndpointItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const handleRotate = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      setSecret((await rotateWebhookSecret(endpoint.id)).secret);
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      // The new secret is on screen only here: a click beside the dialog must not lose it.
      closeOnClickOutside={!secret}
      size="lg"
      title={t(secret ? 'webhooks.rotate.new_title' : 'webhooks.rotate.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {secret ? (
        <WebhookSecret secret={secret} url={endpoint.url} onDone={onClose} />
      ) : (
        <Stack gap="md">
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Text fw={500} className={classes.wrap}>
            {endpoint.url}
          </Text>
          <Text>{t('webhooks.rotate.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('webhooks.form.cancel')}
            </Button>
            <Button onClick={() => void handleRotate()} loading={busy} data-testid="webhook-rotate-confirm">
              {t('webhooks.rotate.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DeleteDialog(props: { endpoint: WebhookEndpointItem; onClose: () => void; onDeleted: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const handleDelete = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await deleteWebhookEndpoint(props.endpoint.id);
      await props.onDeleted();
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('webhooks.delete.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Text className={classes.wrap}>{t('webhooks.delete.text', { url: props.endpoint.url })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('webhooks.form.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void handleDelete()} loading={busy} data-testid="webhook-delete-confirm">
            {t('webhooks.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
