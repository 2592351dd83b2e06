// The rejected records of an import, each with its file and line, document, field and reason, and a filter box: a
// file of thousands of lines may have hundreds of rejections, and the reader looks for one kind (a currency) or one
// line. The table is wider than a phone: its scroll region is focusable and named, so a keyboard can scroll it.
import { Code, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ImportReport } from '@portal/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterRejections } from '../utils/filter-rejections';
import classes from './ledger-imports.module.css';

/** Rows beyond which the table scrolls within a bounded height. */
const tallTable = 12;

type RejectionsTableProps = {
  report: Pick<ImportReport, 'rejected' | 'rejected_truncated' | 'counts'>;
  /** The heading's level where the report is shown (2 in its own section, 3 under a dialog's title…). */
  headingOrder: 2 | 3;
};

export function RejectionsTable({ report, headingOrder }: RejectionsTableProps) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => filterRejections(report.rejected, deferredFilter), [report.rejected, deferredFilter]);
  const number = new Intl.NumberFormat(i18n.language);
  if (report.rejected.length === 0) return null;

  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h5">
        {t('imports.page.rejected.title')}
      </Title>
      {report.rejected_truncated && (
        <Text size="sm" data-testid="imports-rejected-truncated">
          {t('imports.page.rejected.truncated', {
            total: number.format(report.counts.rejected),
            shown: number.format(report.rejected.length),
          })}
        </Text>
      )}
      <TextInput
        label={t('imports.page.rejected.filter')}
        description={t('imports.page.rejected.filter_help')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        maw={420}
      />
      <Table.ScrollContainer
        minWidth={720}
        // A long list scrolls inside its region (headers kept in view), so that the imports below stay near.
        maxHeight={report.rejected.length > tallTable ? 520 : undefined}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('imports.page.rejected.table_label')}
      >
        <Table striped stickyHeader data-testid="imports-rejected-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('imports.page.rejected.columns.source')}</Table.Th>
              <Table.Th scope="col">{t('imports.page.rejected.columns.document')}</Table.Th>
              <Table.Th scope="col">{t('imports.page.rejected.columns.field')}</Table.Th>
              <Table.Th scope="col">{t('imports.page.rejected.columns.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((rejection, index) => (
              <Table.Tr key={`${rejection.source}-${index}`}>
                <Table.Td className={classes.breakable}>{rejection.source}</Table.Td>
                <Table.Td className={classes.breakable}>{rejection.document}</Table.Td>
                <Table.Td>{rejection.field && <Code>{rejection.field}</Code>}</Table.Td>
                <Table.Td>{rejection.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" role="status">
        {shown.length === 0
          ? t('imports.page.rejected.none_match')
          : deferredFilter.trim()
            ? t('imports.page.rejected.matching', {
                shown: number.format(shown.length),
                total: number.format(report.rejected.length),
              })
            : ''}
      </Text>
    </Stack>
  );
}
