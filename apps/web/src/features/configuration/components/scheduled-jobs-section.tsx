// Issue 29 on the System tab: how often this instance runs the scheduled jobs, the last run of each job, and the
// recent runs that did something or failed (with the error), as the server keeps them (a week of runs).
import { Stack, Table, Text, Title } from '@mantine/core';
import type { JobRun, SystemStatus } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDateTime } from '../../../lib/format-date';
import { jobSummaryText, scheduledJobs } from '../utils/job-summary';
import { Section } from './section';

export function ScheduledJobsSection({ scheduler }: { scheduler: SystemStatus['scheduler'] }) {
  const { t } = useTranslation();
  const lastTitle = t('configuration.system.jobs.last_title');
  const recentTitle = t('configuration.system.jobs.recent_title');
  return (
    <Section title={t('configuration.sections.scheduled_jobs')}>
      <Text data-testid="scheduler-interval">
        {scheduler.intervalSeconds > 0
          ? t('configuration.system.jobs.interval', { count: scheduler.intervalSeconds })
          : t('configuration.system.jobs.interval_off')}
      </Text>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {lastTitle}
        </Title>
        <RunsTable label={lastTitle} testId="scheduler-last">
          {scheduledJobs.map((job) => {
            const run = scheduler.last.find((entry) => entry.job === job);
            return run ? (
              <RunRow key={job} run={run} />
            ) : (
              <Table.Tr key={job}>
                <Table.Th scope="row">{t(`configuration.system.jobs.names.${job}`)}</Table.Th>
                <Table.Td colSpan={4}>{t('configuration.system.jobs.never')}</Table.Td>
              </Table.Tr>
            );
          })}
        </RunsTable>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {recentTitle}
        </Title>
        {scheduler.recent.length > 0 ? (
          <RunsTable label={recentTitle} testId="scheduler-recent">
            {scheduler.recent.map((run, index) => (
              <RunRow key={`${run.job}-${run.started_at}-${index}`} run={run} />
            ))}
          </RunsTable>
        ) : (
          <Text size="sm" c="dimmed" data-testid="scheduler-recent-none">
            {t('configuration.system.jobs.recent_none')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

/** The same widths in both tables, so that their columns line up. */
const columns = [
  ['job', '18%'],
  ['started_at', '16%'],
  ['instance', '24%'],
  ['outcome', '12%'],
  ['summary', '30%'],
] as const;

function RunsTable({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={680} label={label}>
      <Table layout="fixed" verticalSpacing="xs" fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(([column, width]) => (
              <Table.Th scope="col" key={column} w={width}>
                {t(`configuration.system.jobs.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function RunRow({ run }: { run: JobRun }) {
  const { t } = useTranslation();
  const summary = jobSummaryText(run.summary, t);
  return (
    <Table.Tr data-job={run.job}>
      <Table.Th scope="row">{t(`configuration.system.jobs.names.${run.job}`)}</Table.Th>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.started_at)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{run.instance_id}</Table.Td>
      <Table.Td>
        <StatusBadge tone={run.outcome === 'ok' ? 'good' : run.outcome === 'failed' ? 'bad' : 'neutral'}>
          {t(`configuration.system.jobs.outcomes.${run.outcome ?? 'running'}`)}
        </StatusBadge>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {summary || (run.outcome === 'ok' ? t('configuration.system.jobs.nothing') : '')}
        {run.outcome === 'failed' && run.error && (
          <Text size="sm" c="red.9" data-testid="scheduler-error">
            {t('configuration.system.jobs.error', { error: run.error })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
