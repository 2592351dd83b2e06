// A dispute's thread, oldest first: its raising, the messages of both sides, status changes, assignments and files,
// each with who and when. What people typed is shown as text (React text nodes), never as HTML (ADR 0034): a message
// holding markup reads as the characters typed.
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { DisputeAttachment, DisputeEntry } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import classes from './disputes.module.css';

export function DisputeThread({
  thread,
  attachments,
  onDownload,
}: {
  thread: DisputeEntry[];
  attachments: DisputeAttachment[];
  onDownload: (attachment: DisputeAttachment) => void;
}) {
  const { t } = useTranslation();
  if (thread.length === 0) return <Text size="sm">{t('disputes.thread.empty')}</Text>;
  const byId = new Map(attachments.map((attachment) => [attachment.id, attachment]));
  return (
    <Stack gap="xs" component="ol" className={classes.plainList} data-testid="dispute-thread">
      {thread.map((entry) => (
        <li key={entry.id}>
          <ThreadEntry
            entry={entry}
            attachment={entry.attachment_id ? byId.get(entry.attachment_id) : undefined}
            onDownload={onDownload}
          />
        </li>
      ))}
    </Stack>
  );
}

function ThreadEntry({
  entry,
  attachment,
  onDownload,
}: {
  entry: DisputeEntry;
  attachment: DisputeAttachment | undefined;
  onDownload: (attachment: DisputeAttachment) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      className={entry.side === 'supplier' ? classes.supplierEntry : classes.customerEntry}
      data-testid="dispute-entry"
      data-kind={entry.kind}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {entry.author}{' '}
          <Text span size="xs" fw={400}>
            ({t(`disputes.sides.${entry.side}`)})
          </Text>
        </Text>
        <Text size="xs" className={classes.nowrap}>
          {formatDateTime(entry.created_at)}
        </Text>
      </Group>
      <Text size="sm" fw={500} mt={2} data-testid="dispute-entry-what">
        {entryHeadline(entry, attachment, t)}
      </Text>
      {entry.kind === 'attachment' && attachment && (
        <Anchor component="button" type="button" size="sm" onClick={() => onDownload(attachment)}>
          {t('disputes.attachments.download', { name: attachment.file_name })}
        </Anchor>
      )}
      {entry.body && entry.kind !== 'attachment' && (
        <Text size="sm" mt={4} className={classes.messageText} data-testid="dispute-entry-body">
          {entry.body}
        </Text>
      )}
    </Paper>
  );
}

function entryHeadline(entry: DisputeEntry, attachment: DisputeAttachment | undefined, t: TFunction): string {
  switch (entry.kind) {
    case 'raised':
      return t('disputes.thread.raised');
    case 'message':
      return t('disputes.thread.message');
    case 'status':
      if (entry.status === 'resolved' && entry.outcome) {
        return t('disputes.thread.resolved', { outcome: t(`disputes.outcomes.${entry.outcome}`) });
      }
      return entry.status ? t('disputes.thread.status', { status: t(`disputes.statuses.${entry.status}`) }) : '';
    case 'assignment':
      return entry.assignee ? t('disputes.thread.assigned', { name: entry.assignee }) : t('disputes.thread.unassigned');
    case 'attachment':
      return t('disputes.thread.attachment', { name: attachment?.file_name ?? entry.body });
  }
}
