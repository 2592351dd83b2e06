// Issue 36 §4 on the System tab: the payment provider, test or live, and for a provider that sends events (Stripe)
// where it must send them, the last one received, how many wait and the failed ones (gateway-failed-events.tsx).
import { Badge, Button, Code, CopyButton, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { GatewayStatusResponse } from '@portal/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { env } from '../../../config/env';
import { formatDateTime } from '../../../lib/format-date';
import { gatewayStatusQuery } from '../api/gateway-status';
import { gatewayEventState, webhookAddress, type GatewayEventState } from '../utils/gateway-status';
import { GatewayFailedEvents } from './gateway-failed-events';
import { Section } from './section';

const stateTone: Record<GatewayEventState, StatusTone> = { processed: 'good', waiting: 'warning', failed: 'bad' };

/** A long address or event id breaks anywhere rather than widen the page on a phone. */
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

export function GatewaySection() {
  const { t } = useTranslation();
  const status = useQuery(gatewayStatusQuery());
  return (
    <Section title={t('gateway.title')}>
      {status.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : status.isError ? (
        <LoadFailed error={status.error} />
      ) : (
        <GatewayStatusView status={status.data} />
      )}
    </Section>
  );
}

function GatewayStatusView({ status }: { status: GatewayStatusResponse }) {
  const { t, i18n } = useTranslation();
  const withEvents = status.webhook_path !== '';
  const rows: [string, ReactNode][] = [
    [
      t('gateway.provider'),
      <Group gap="sm" wrap="wrap" key="provider">
        <Text component="span" fw={500} data-testid="gateway-provider">
          {t(`gateway.providers.${status.provider}`)}
        </Text>
        <ModeBadge mode={status.mode} />
      </Group>,
    ],
  ];
  if (withEvents) {
    rows.push(
      [t('gateway.webhook'), <WebhookAddress key="webhook" path={status.webhook_path} />],
      [t('gateway.last_event'), <LastEvent key="last" status={status} />],
      [
        t('gateway.waiting'),
        <span key="waiting" data-testid="gateway-waiting">
          {new Intl.NumberFormat(i18n.language).format(status.waiting_events)}
        </span>,
      ],
    );
  }
  return (
    <>
      {status.provider === 'sandbox' && <Text data-testid="gateway-sandbox-note">{t('gateway.sandbox_note')}</Text>}
      <Table variant="vertical" layout="fixed" data-testid="gateway-status">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 130, sm: 260 }}>{label}</Table.Th>
              <Table.Td style={breakAnywhere}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {withEvents && <GatewayFailedEvents events={status.failed_events} />}
    </>
  );
}

/** Live mode moves real money: a filled red badge that says so in words, not by its colour alone. */
function ModeBadge({ mode }: { mode: GatewayStatusResponse['mode'] }) {
  const { t } = useTranslation();
  const label = t(`gateway.modes.${mode}`);
  return mode === 'live' ? (
    // red.9 under white text: 5.4:1 (WCAG 1.4.3); the lighter filled reds fall short.
    <Badge color="red.9" variant="filled" styles={{ label: { overflow: 'visible' } }} data-testid="gateway-mode">
      {label}
    </Badge>
  ) : (
    <StatusBadge tone="neutral" styles={{ label: { overflow: 'visible' } }} data-testid="gateway-mode">
      {label}
    </StatusBadge>
  );
}

function WebhookAddress({ path }: { path: string }) {
  const { t } = useTranslation();
  const address = webhookAddress(path, window.location.origin, env.apiBaseUrl);
  return (
    <Stack gap="xs" align="flex-start">
      <Code block style={{ ...breakAnywhere, whiteSpace: 'pre-wrap' }} data-testid="gateway-webhook">
        {address}
      </Code>
      <CopyButton value={address}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            leftSection={
              copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
            }
            onClick={copy}
          >
            {t(copied ? 'gateway.copied' : 'gateway.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function LastEvent({ status }: { status: GatewayStatusResponse }) {
  const { t } = useTranslation();
  const event = status.last_event;
  if (!event) return <span data-testid="gateway-last-event">{t('gateway.no_event')}</span>;
  const state = gatewayEventState(event, status.failed_events);
  return (
    <Stack gap={4} align="flex-start" data-testid="gateway-last-event">
      <Group gap="xs" wrap="wrap">
        <Code style={breakAnywhere}>{event.type}</Code>
        <StatusBadge tone={stateTone[state]} styles={{ label: { overflow: 'visible' } }}>
          {t(`gateway.states.${state}`)}
        </StatusBadge>
      </Group>
      <Text size="sm">{t('gateway.received', { date: formatDateTime(event.received_at) })}</Text>
    </Stack>
  );
}
