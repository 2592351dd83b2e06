// The provider's events whose processing failed after every retry (issue 36 §4), newest first, each with a button
// that processes it again: safe, as an event is applied once (ADR 0031).
import { Button, Code, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { GatewayEventView } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { gatewayStatusQuery, reprocessEvent } from '../api/gateway-status';

const titleId = 'gateway-failed-title';
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

export function GatewayFailedEvents({ events }: { events: GatewayEventView[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const title = t('gateway.failed.title');
  const number = new Intl.NumberFormat(i18n.language);

  const handleReprocess = async (event: GatewayEventView) => {
    if (busy) return;
    setBusy(event.id);
    try {
      await reprocessEvent(event.id);
      notify.success(t('gateway.failed.reprocessed', { id: event.id }));
      await queryClient.invalidateQueries({ queryKey: gatewayStatusQuery().queryKey });
    } catch {
      // The client has said why (a toast).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="gateway-failed-none">
          {t('gateway.failed.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm">{t('gateway.failed.help')}</Text>
          <TableScroll minWidth={960} label={title}>
            <Table layout="fixed" verticalSpacing="xs" fz="sm" aria-labelledby={titleId} data-testid="gateway-failed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="16%">
                    {t('gateway.failed.columns.type')}
                  </Table.Th>
                  <Table.Th scope="col" w="22%">
                    {t('gateway.failed.columns.id')}
                  </Table.Th>
                  <Table.Th scope="col" w="14%">
                    {t('gateway.failed.columns.received_at')}
                  </Table.Th>
                  <Table.Th scope="col" w="8%" ta="end">
                    {t('gateway.failed.columns.attempts')}
                  </Table.Th>
                  <Table.Th scope="col">{t('gateway.failed.columns.last_error')}</Table.Th>
                  {/* Wide enough for the longest label (German) at any width; the last error takes what is left. */}
                  <Table.Th scope="col" w={190}>
                    <VisuallyHidden>{t('gateway.failed.columns.action')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event.id} data-event={event.id}>
                    <Table.Td style={breakAnywhere}>
                      <Code style={breakAnywhere}>{event.type}</Code>
                    </Table.Td>
                    <Table.Td style={breakAnywhere}>{event.id}</Table.Td>
                    <Table.Td>{formatDateTime(event.received_at)}</Table.Td>
                    <Table.Td ta="end">{number.format(event.attempts)}</Table.Td>
                    <Table.Td style={breakAnywhere}>{event.last_error}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={busy === event.id}
                        disabled={busy !== null && busy !== event.id}
                        onClick={() => void handleReprocess(event)}
                        // The visible words first (WCAG 2.5.3), then which event: every row has the same button.
                        aria-label={t('gateway.failed.reprocess_label', {
                          action: t('gateway.failed.reprocess'),
                          id: event.id,
                          type: event.type,
                        })}
                      >
                        {t('gateway.failed.reprocess')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </Stack>
  );
}
