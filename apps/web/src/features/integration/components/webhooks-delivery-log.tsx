// An endpoint's delivery log (issue 27 §3), in a drawer beside the list: its messages newest first, filtered by
// status, each with its attempts (when, the status answered, how long it took, why it failed) and a Resend button
// that queues it again, whatever its status.
import { Button, Code, Drawer, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { WebhookEndpointItem, WebhookMessageItem, WebhookMessageStatus } from '@portal/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { webhookEndpointsQuery } from '../api/webhooks-endpoints';
import { resendWebhookMessage, webhookMessagesKey, webhookMessagesQuery } from '../api/webhooks-messages';
import { webhookEventKey } from './webhooks-add-dialog';
import classes from './webhooks.module.css';

// A badge's label is cut with an ellipsis when its column is narrow: a state must read whole, in every language.
export const wholeLabel = { label: { overflow: 'visible' } } as const;

export const messageTone: Record<WebhookMessageStatus, StatusTone> = {
  queued: 'warning',
  delivered: 'good',
  failed: 'bad',
};

type Filter = WebhookMessageStatus | 'all';

export function WebhooksDeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpointItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const log = useInfiniteQuery(webhookMessagesQuery(endpoint.id, filter === 'all' ? null : filter));
  const messages = log.data?.pages.flatMap((page) => page.messages) ?? [];
  const filterLabelId = `webhook-log-filter-${endpoint.id}`;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t('webhooks.log.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="webhook-log"
    >
      <Stack gap="md">
        <Text className={classes.wrap} fw={500}>
          {endpoint.url}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div role="group" aria-labelledby={filterLabelId}>
            <Text size="sm" fw={500} id={filterLabelId} mb={4}>
              {t('webhooks.log.filter')}
            </Text>
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value as Filter)}
              data={(['all', 'queued', 'delivered', 'failed'] as const).map((value) => ({
                value,
                label: t(`webhooks.log.status.${value}`),
              }))}
            />
          </div>
          <Button variant="default" loading={log.isRefetching} onClick={() => void log.refetch()}>
            {t('webhooks.log.refresh')}
          </Button>
        </Group>
        {log.isSuccess && messages.length === 0 && <Text>{t('webhooks.log.empty')}</Text>}
        <Stack
          gap="sm"
          component="ul"
          className={classes.list}
          aria-label={t('webhooks.log.table_label', { url: endpoint.url })}
        >
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard endpointId={endpoint.id} message={message} />
            </li>
          ))}
        </Stack>
        {log.hasNextPage && (
          <Group>
            <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {t('webhooks.log.more')}
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}

function MessageCard({ endpointId, message }: { endpointId: number; message: WebhookMessageItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const headingId = `webhook-message-${message.id}`;

  const handleResend = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await resendWebhookMessage(endpointId, message.id);
      notify.success(t('webhooks.log.resent'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookMessagesKey(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey }),
      ]);
    } catch {
      // The client has said why (a toast).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId} data-testid="webhook-message">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Title order={3} size="h6" id={headingId}>
              {t(webhookEventKey(message.event_type), { defaultValue: message.event_type })}
            </Title>
            <StatusBadge styles={wholeLabel} tone={messageTone[message.status]} data-testid="webhook-message-status">
              {t(`webhooks.log.status.${message.status}`)}
            </StatusBadge>
          </Group>
          <Button
            size="xs"
            variant="outline"
            loading={busy}
            onClick={() => void handleResend()}
            aria-label={t('webhooks.log.resend_of', { id: message.message_id })}
          >
            {t('webhooks.log.resend')}
          </Button>
        </Group>
        <dl className={classes.facts}>
          <dt>{t('webhooks.log.created')}</dt>
          <dd>{formatDateTime(message.created_at)}</dd>
          <dt>{t('webhooks.log.message_id')}</dt>
          <dd>
            <Code className={classes.wrap}>{message.message_id}</Code>
          </dd>
        </dl>
        {message.next_attempt_at && (
          <Text size="sm">{t('webhooks.log.next', { at: formatDateTime(message.next_attempt_at) })}</Text>
        )}
        {message.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.log.no_attempt')}
          </Text>
        ) : (
          <Attempts message={message} />
        )}
      </Stack>
    </Paper>
  );
}

function Attempts({ message }: { message: WebhookMessageItem }) {
  const { t } = useTranslation();
  return (
    // Wider than a phone: the container scrolls sideways, so it is focusable and named (WCAG 2.1.1).
    <Table.ScrollContainer
      minWidth={520}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('webhooks.log.attempts_of', { id: message.message_id })}
    >
      <Table data-testid="webhook-attempts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('webhooks.log.attempt_at')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.log.attempt_status')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.log.attempt_duration')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.log.attempt_error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {message.attempts.map((attempt, index) => (
            <Table.Tr key={index}>
              <Table.Td>{formatDateTime(attempt.at)}</Table.Td>
              <Table.Td>
                {attempt.status === null ? (
                  <StatusBadge styles={wholeLabel} tone="bad">
                    {t('webhooks.last.no_answer')}
                  </StatusBadge>
                ) : (
                  <StatusBadge
                    styles={wholeLabel}
                    tone={attempt.status >= 200 && attempt.status < 300 ? 'good' : 'bad'}
                  >
                    {t('webhooks.last.http', { status: attempt.status })}
                  </StatusBadge>
                )}
              </Table.Td>
              <Table.Td>{t('webhooks.log.duration_ms', { duration: attempt.duration_ms })}</Table.Td>
              <Table.Td className={classes.wrap}>{attempt.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
