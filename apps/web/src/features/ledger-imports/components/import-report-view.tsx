// One import's report (issue 27 §2): how it went (running, completed, or failed with why), what it was (kind, files,
// who, when), the four counts, and the rejected records. The same view serves the import just started and every
// import of the list.
import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ImportReport, ImportSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { ImportProgressBar } from './import-progress';
import { RejectionsTable } from './rejections-table';
import classes from './ledger-imports.module.css';
import { readableAlertStyles } from './readable-alert';

export const statusTone: Record<ImportSummary['status'], StatusTone> = {
  running: 'warning',
  completed: 'good',
  failed: 'bad',
};

const countNames = ['created', 'updated', 'unchanged', 'rejected'] as const;

export function ImportReportView({ report, headingOrder }: { report: ImportReport; headingOrder: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="md" data-testid="imports-report">
      <Group gap="sm" align="center">
        <StatusBadge tone={statusTone[report.status]} data-testid="imports-report-status">
          {t(`imports.page.status.${report.status}`)}
        </StatusBadge>
        <Text size="sm" className={classes.breakable}>
          {t('imports.page.report.what', {
            kind: t(`imports.page.kinds.${report.kind}.short`),
            started: formatDateTime(report.started_at),
            actor: report.actor,
            origin: t(`imports.page.origins.${report.origin}`, { defaultValue: report.origin }),
          })}
        </Text>
      </Group>
      <Text size="sm" className={classes.breakable}>
        {t('imports.page.report.files', { files: report.files.join(', ') })}
        {report.company_code && ` · ${t('imports.page.report.company_code', { code: report.company_code })}`}
      </Text>
      {report.status === 'failed' && report.failure && (
        <Alert
          color="red"
          title={t('imports.page.report.failed')}
          styles={readableAlertStyles}
          data-testid="imports-report-failure"
        >
          <Text size="sm" className={classes.breakable}>
            {report.failure}
          </Text>
        </Alert>
      )}
      {report.status === 'running' && <ImportProgressBar report={report} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} data-testid="imports-report-counts">
        {countNames.map((name) => (
          <Paper key={name} withBorder p="sm" radius="md" data-testid={`imports-count-${name}`}>
            <Text component="dt" className={classes.statLabel}>
              {t(`imports.page.counts.${name}`)}
            </Text>
            <Text
              component="dd"
              className={classes.statValue}
              m={0}
              c={name === 'rejected' && report.counts.rejected > 0 ? 'red.9' : undefined}
            >
              {number.format(report.counts[name])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <RejectionsTable report={report} headingOrder={headingOrder} />
    </Stack>
  );
}
