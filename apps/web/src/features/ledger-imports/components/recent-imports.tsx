// The imports, newest first (from the browser, the CLI and API clients alike), a page at a time; each opens its
// report in a dialog, read again while it runs.
import { Anchor, Button, Group, Modal, Table, Text } from '@mantine/core';
import type { ImportSummary } from '@portal/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { isRunning, ledgerImportQuery, ledgerImportsListQuery } from '../api/ledger-imports';
import { ImportReportView, statusTone } from './import-report-view';
import { ImportsSection } from './imports-section';
import classes from './ledger-imports.module.css';

/** File names shown in a row; the rest are counted. */
const namedFiles = 3;

export function RecentImports() {
  const { t, i18n } = useTranslation();
  const list = useInfiniteQuery({
    ...ledgerImportsListQuery(),
    // An import started elsewhere (the CLI, an API client) moves on while the page is open.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.imports.some((item) => isRunning(item))) ? 2000 : false,
  });
  const [opened, setOpened] = useState<ImportSummary | null>(null);
  const imports = list.data?.pages.flatMap((page) => page.imports) ?? [];
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <ImportsSection id="imports-recent-title" title={t('imports.page.recent.title')}>
      {imports.length > 0 && (
        <Table.ScrollContainer
          minWidth={980}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('imports.page.recent.table_label')}
        >
          <Table striped data-testid="imports-recent-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('imports.page.recent.columns.started')}</Table.Th>
                <Table.Th scope="col">{t('imports.page.recent.columns.kind')}</Table.Th>
                <Table.Th scope="col">{t('imports.page.recent.columns.files')}</Table.Th>
                <Table.Th scope="col">{t('imports.page.recent.columns.actor')}</Table.Th>
                <Table.Th scope="col">{t('imports.page.recent.columns.status')}</Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('imports.page.counts.created')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('imports.page.counts.updated')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('imports.page.counts.unchanged')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('imports.page.counts.rejected')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imports.map((item) => (
                <Table.Tr key={item.id} data-testid={`imports-row-${item.id}`}>
                  <Table.Td className={classes.nowrap}>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => setOpened(item)}
                      aria-label={t('imports.page.recent.open', { started: formatDateTime(item.started_at) })}
                    >
                      {formatDateTime(item.started_at)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`imports.page.kinds.${item.kind}.short`)}</Table.Td>
                  <Table.Td className={classes.breakable}>{fileNames(item.files, t)}</Table.Td>
                  <Table.Td className={classes.breakable}>
                    {item.actor}
                    <Text size="xs" component="span" display="block">
                      {t(`imports.page.origins.${item.origin}`, { defaultValue: item.origin })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge tone={statusTone[item.status]}>{t(`imports.page.status.${item.status}`)}</StatusBadge>
                  </Table.Td>
                  <Table.Td className={classes.number}>{number.format(item.counts.created)}</Table.Td>
                  <Table.Td className={classes.number}>{number.format(item.counts.updated)}</Table.Td>
                  <Table.Td className={classes.number}>{number.format(item.counts.unchanged)}</Table.Td>
                  <Table.Td className={classes.number}>{number.format(item.counts.rejected)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.isSuccess && imports.length === 0 && <Text>{t('imports.page.recent.empty')}</Text>}
      {list.hasNextPage && (
        <Group>
          <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('imports.page.recent.more')}
          </Button>
        </Group>
      )}
      {opened && <ReportDialog summary={opened} onClose={() => setOpened(null)} />}
    </ImportsSection>
  );
}

function fileNames(files: readonly string[], t: (key: string, values?: Record<string, unknown>) => string): string {
  const named = files.slice(0, namedFiles).join(', ');
  return files.length > namedFiles
    ? t('imports.page.recent.more_files', { files: named, number: files.length - namedFiles })
    : named;
}

function ReportDialog({ summary, onClose }: { summary: ImportSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const report = useQuery(ledgerImportQuery(summary.id));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={narrow}
      title={t('imports.page.report.dialog_title', { started: formatDateTime(summary.started_at) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {report.data ? <ImportReportView report={report.data} headingOrder={3} /> : <Text>{t('common.loading')}</Text>}
    </Modal>
  );
}
