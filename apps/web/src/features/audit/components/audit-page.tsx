// /settings/audit (issue 14, administrators): the audit trail newest first, filtered by a user id, an action and a
// date range, paged by "Show more", and exported as CSV with the same filters. The summary shows what the server
// recorded (field names changed, amounts, who was worked as): never a secret.
import { Button, Code, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { auditActions, type AuditAction, type AuditEventItem } from '@portal/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDateTime } from '../../../lib/format-date';
import { auditQuery, exportAudit, type AuditFilters } from '../api/audit';
import classes from './audit-page.module.css';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function AuditPage() {
  const { t } = useTranslation();
  const [user, setUser] = useState<number | string>('');
  const [action, setAction] = useState<AuditAction | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const [filters] = useDebouncedValue<AuditFilters>(
    {
      ...(typeof user === 'number' && user > 0 ? { user } : {}),
      ...(action ? { action } : {}),
      ...(isoDate.test(from) ? { from } : {}),
      ...(isoDate.test(to) ? { to } : {}),
    },
    400,
  );
  const trail = useInfiniteQuery(auditQuery(filters));
  const items = trail.data?.pages.flatMap((page) => page.items) ?? [];

  const handleExport = async () => {
    setExporting(true);
    try {
      await exportAudit(filters);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{t('audit.title')}</PageTitle>
        <Button variant="outline" loading={exporting} onClick={() => void handleExport()}>
          {t('audit.export')}
        </Button>
      </Group>
      <Text>{t('audit.intro')}</Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label={t('audit.filters.user')}
          value={user}
          onChange={setUser}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          className={classes.narrowField}
        />
        <Select
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.all_actions')}
          data={auditActions.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
          value={action}
          onChange={(value) => setAction(value as AuditAction | null)}
          clearable
          searchable
          className={classes.actionField}
        />
        <TextInput
          type="date"
          label={t('audit.filters.from')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          className={classes.narrowField}
        />
        <TextInput
          type="date"
          label={t('audit.filters.to')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          className={classes.narrowField}
        />
      </Group>
      <TableScroll minWidth={900} label={t('audit.title')}>
        <Table striped data-testid="audit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('audit.columns.at')}</Table.Th>
              <Table.Th scope="col">{t('audit.columns.action')}</Table.Th>
              <Table.Th scope="col">{t('audit.columns.actor')}</Table.Th>
              <Table.Th scope="col">{t('audit.columns.subject')}</Table.Th>
              <Table.Th scope="col">{t('audit.columns.ip')}</Table.Th>
              <Table.Th scope="col">{t('audit.columns.summary')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td className={classes.nowrap}>{formatDateTime(item.at)}</Table.Td>
                <Table.Td>{t(`audit.actions.${item.action}`, { defaultValue: item.action })}</Table.Td>
                <Table.Td className={classes.breakable}>{item.actor ? item.actor.login : t('audit.nobody')}</Table.Td>
                <Table.Td className={classes.breakable}>{item.subject}</Table.Td>
                <Table.Td>{item.ip}</Table.Td>
                <Table.Td>
                  <Summary summary={item.summary} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {trail.isSuccess && items.length === 0 && <Text>{t('common.no_data')}</Text>}
      {trail.hasNextPage && (
        <Group>
          <Button variant="outline" loading={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
            {t('audit.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The recorded facts as key: value pairs (rendered as text: an audit summary may hold what an attacker typed). */
function Summary({ summary }: { summary: AuditEventItem['summary'] }) {
  if (!summary) return null;
  return (
    <Code block className={classes.summary}>
      {Object.entries(summary)
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join('\n')}
    </Code>
  );
}
