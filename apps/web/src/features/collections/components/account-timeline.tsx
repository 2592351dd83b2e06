// An account's timeline, newest first: reminders (the step, sent by the schedule or by hand, the invoices and how many
// received it), promises (status, day, amount), payments, notes and calls (their words, as plain text), pauses and
// assignments, each with its moment and who did it.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TimelineEntry } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { stepLabel } from '../utils/reminder-step';
import { PromiseStatusBadge } from './collection-badges';
import classes from './collections.module.css';

export function AccountTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('collections.timeline.title')}
      </Title>
      {timeline.length === 0 ? (
        <Text size="sm">{t('collections.timeline.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ol" className={classes.plainList} data-testid="collection-timeline">
          {timeline.map((entry, index) => (
            <li key={`${entry.at}-${entry.kind}-${index}`}>
              <TimelineCard entry={entry} />
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

function TimelineCard({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const who = entry.by
    ? t('collections.timeline.by', { name: entry.by })
    : entry.kind === 'reminder'
      ? t('collections.timeline.by_schedule')
      : null;
  return (
    <Paper withBorder p="sm" data-testid="timeline-entry" data-kind={entry.kind}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {t(`collections.timeline.kinds.${entry.kind}`)}
        </Text>
        <Text size="xs" className={classes.nowrap}>
          {formatDateTime(entry.at)}
        </Text>
      </Group>
      {who && <Text size="xs">{who}</Text>}
      <EntryFacts entry={entry} />
    </Paper>
  );
}

function EntryFacts({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation();
  switch (entry.kind) {
    case 'note':
    case 'call':
      return (
        <Text size="sm" mt={4} className={classes.noteText}>
          {entry.text}
        </Text>
      );
    case 'reminder': {
      const reminder = entry.reminder;
      if (!reminder) return null;
      const step = stepLabel(reminder.days_from_due);
      return (
        <Stack gap={0} mt={4}>
          <Text size="sm">
            {t(step.key, { count: step.count })}
            {reminder.manual && ` · ${t('collections.timeline.manual')}`}
          </Text>
          {reminder.documents.length > 0 && (
            <Text size="sm">
              {t('collections.timeline.documents', {
                documents: reminder.documents.map(withoutLeadingZeros).join(', '),
              })}
            </Text>
          )}
          <Text size="sm">{t('collections.timeline.recipients', { count: reminder.recipients })}</Text>
        </Stack>
      );
    }
    case 'promise': {
      const promise = entry.promise;
      if (!promise) return null;
      return (
        <Stack gap={2} mt={4} align="flex-start">
          <PromiseStatusBadge status={promise.status} />
          <Text size="sm">
            {t('collections.timeline.promise', {
              amount: formatMoney(promise.amount, promise.currency_key, i18n.language, {
                decimals: promise.currency_decimals,
              }),
              date: formatDate(promise.promised_date),
            })}
          </Text>
          {promise.documents.length > 0 && (
            <Text size="sm">
              {t('collections.timeline.documents', {
                documents: promise.documents
                  .map((document) =>
                    withoutLeadingZeros(document.billing_document_number || document.document_number_finance),
                  )
                  .join(', '),
              })}
            </Text>
          )}
        </Stack>
      );
    }
    case 'payment': {
      const payment = entry.payment;
      if (!payment) return null;
      return (
        <Text size="sm" mt={4}>
          {t('collections.timeline.payment', {
            amount: formatMoney(payment.amount, payment.currency_key, i18n.language),
            reference: payment.reference || '—',
          })}
        </Text>
      );
    }
    case 'pause':
      return (
        <Text size="sm" mt={4}>
          {entry.paused_until
            ? t('collections.timeline.paused_until', { date: formatDate(entry.paused_until) })
            : t('collections.timeline.resumed')}
        </Text>
      );
    case 'assignment':
      return (
        <Text size="sm" mt={4}>
          {entry.collector
            ? t('collections.timeline.assigned_to', { name: entry.collector })
            : t('collections.timeline.assigned_nobody')}
        </Text>
      );
    default:
      return null;
  }
}
