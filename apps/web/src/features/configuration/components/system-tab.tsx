import { Paper, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { systemStatusQuery } from '../api/application-configuration';
import { GatewaySection } from './gateway-section';
import { ScheduledJobsSection } from './scheduled-jobs-section';

function erpLine(erp: SystemStatus['erp'], t: TFunction): string {
  if (erp.kind === 'ledger' || !erp.circuit) return t('configuration.system.erp_ledger');
  const lastError = erp.lastError ? t('configuration.system.erp_last_error', { error: erp.lastError }) : null;
  // Closed but the last call failed (fewer failures than open the circuit): the address and that failure.
  if (erp.circuit === 'closed' && lastError) return `${erp.url}. ${lastError}`;
  const state = t(`configuration.system.erp_${erp.circuit}`, { url: erp.url, date: formatDateTime(erp.openedAt) });
  return lastError && erp.circuit !== 'closed' ? `${state}. ${lastError}` : state;
}

/**
 * The System tab: what an administrator checks before calling for help, the payment provider (whose failed events
 * may be processed again) and the scheduled jobs.
 */
export function SystemTab() {
  const { t } = useTranslation();
  const { data } = useQuery(systemStatusQuery());
  if (!data) return null;
  const rows: [string, string][] = [
    [t('configuration.system.version'), data.version],
    [t('configuration.system.database'), t(`configuration.system.database_${data.database}`)],
    [
      t('configuration.system.migrations'),
      t('configuration.system.migrations_value', {
        count: data.migrations.applied,
        date: formatDateTime(data.migrations.latest),
      }),
    ],
    [t('configuration.system.outbox'), t('configuration.system.outbox_value', data.outbox)],
    [
      t('configuration.system.reconciler'),
      data.reconciler.lastRunAt
        ? t('configuration.system.reconciler_value', {
            date: formatDateTime(data.reconciler.lastRunAt),
            instance: data.reconciler.instanceId ?? '',
          })
        : t('configuration.system.reconciler_never'),
    ],
    [
      t('configuration.system.instance'),
      t('configuration.system.instance_value', { id: data.instance.id, date: formatDateTime(data.instance.startedAt) }),
    ],
    [t('configuration.system.erp'), erpLine(data.erp, t)],
  ];
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Table variant="vertical" layout="fixed" data-testid="system-status">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 130, sm: 260 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <GatewaySection />
      <ScheduledJobsSection scheduler={data.scheduler} />
    </Stack>
  );
}
