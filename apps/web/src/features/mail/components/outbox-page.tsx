// /settings/outbox, the Sent e-mail page (issue 13): every message the portal queued, newest first, with its status,
// tries and the SMTP server's last reply, and a preview of its HTML and text parts. With no SMTP transport the
// messages stay here unsent, so that a newcomer on the embedded default can still follow a registration or a reset.
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { OutboxMessage, OutboxStatus } from '@portal/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailPreview } from '../../../components/ui/email-preview';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDateTime } from '../../../lib/format-date';
import { outboxMessageQuery, outboxQuery } from '../api/outbox';
import classes from './outbox-page.module.css';

// The light variant's own text colours fall below 4.5:1 on their tints (WCAG 1.4.3): darker shades of each.
const statusTone: Record<OutboxStatus, StatusTone> = { queued: 'warning', sent: 'good', failed: 'bad' };

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

export function OutboxPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const outbox = useInfiniteQuery(outboxQuery(status === 'all' ? null : status));
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];
  const transport = outbox.data?.pages[0]?.transport;
  // The four filters side by side are wider than a phone in German (WCAG 1.4.10): one under the other there.
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });

  return (
    <Stack gap="lg">
      <PageTitle>{t('mail.outbox.title')}</PageTitle>
      {transport === 'none' && (
        <Alert color="yellow" data-testid="outbox-no-transport">
          {t('mail.outbox.no_transport')}
        </Alert>
      )}
      {transport && transport !== 'none' && (
        <Text c="dimmed">
          {t(transport === 'settings' ? 'mail.outbox.via_settings' : 'mail.outbox.via_environment')}
        </Text>
      )}
      <div role="group" aria-labelledby="outbox-filter-label">
        <Text size="sm" fw={500} id="outbox-filter-label" mb={4}>
          {t('mail.outbox.filter_label')}
        </Text>
        <SegmentedControl
          value={status}
          onChange={(value) => setStatus(value as OutboxStatus | 'all')}
          orientation={mobile ? 'vertical' : 'horizontal'}
          fullWidth={mobile}
          data={(['all', 'queued', 'sent', 'failed'] as const).map((value) => ({
            value,
            label: t(`mail.outbox.status.${value}`),
          }))}
        />
      </div>
      <TableScroll minWidth={760} label={t('mail.outbox.title')}>
        <Table striped data-testid="outbox-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <span className={classes.visuallyHidden}>{t('mail.outbox.preview')}</span>
              </Table.Th>
              <Table.Th scope="col">{t('mail.outbox.created')}</Table.Th>
              <Table.Th scope="col">{t('mail.outbox.type')}</Table.Th>
              <Table.Th scope="col">{t('mail.outbox.recipient')}</Table.Th>
              <Table.Th scope="col">{t('mail.outbox.status_column')}</Table.Th>
              <Table.Th scope="col">{t('mail.outbox.attempts')}</Table.Th>
              <Table.Th scope="col">{t('mail.outbox.last_reply')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((message) => (
              <Table.Tr key={message.id}>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setPreviewId(message.id)}
                    aria-label={t('mail.outbox.preview_of', { recipient: message.recipient })}
                  >
                    {t('mail.outbox.preview')}
                  </Button>
                </Table.Td>
                <Table.Td>{formatDateTime(message.created_at)}</Table.Td>
                <Table.Td>{t(`mail.types.${message.template}`, { defaultValue: message.template })}</Table.Td>
                <Table.Td className={classes.recipient}>{message.recipient}</Table.Td>
                <Table.Td>
                  <StatusBadge tone={statusTone[message.status]}>
                    {t(`mail.outbox.status.${message.status}`)}
                  </StatusBadge>
                </Table.Td>
                <Table.Td>{message.attempts}</Table.Td>
                <Table.Td className={classes.reply}>{message.last_reply}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {outbox.isSuccess && messages.length === 0 && <Text>{t('mail.outbox.empty')}</Text>}
      {outbox.hasNextPage && (
        <Group>
          <Button variant="outline" loading={outbox.isFetchingNextPage} onClick={() => void outbox.fetchNextPage()}>
            {t('mail.outbox.more')}
          </Button>
        </Group>
      )}
      {previewId !== null && <PreviewModal id={previewId} onClose={() => setPreviewId(null)} />}
    </Stack>
  );
}

function PreviewModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(outboxMessageQuery(id));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('mail.outbox.preview_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {data && <Preview message={data} />}
    </Modal>
  );
}

function Preview({ message }: { message: OutboxMessage & { html: string; text: string } }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h5" data-testid="outbox-preview-subject">
        {message.subject}
      </Title>
      <Text size="sm" c="dimmed">
        {t('mail.outbox.to', { recipient: message.sent_to ?? message.recipient })}
      </Text>
      <EmailPreview html={message.html} text={message.text} testId="outbox-preview" />
    </Stack>
  );
}
