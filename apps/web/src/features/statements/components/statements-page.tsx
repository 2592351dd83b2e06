// /statements (issue 29; the spec's placeholder): the statement of the selected account for a period, per currency:
// opening balance, the first movements with the running balance, closing balance and aging on the page, and the
// whole statement as PDF or CSV. The period is checked here and again by the server.
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import type { Statement, StatementResponse } from '@portal/contracts';
import { formatMoney, serverDay, statementPresets, validateStatementPeriod } from '@portal/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerSelector } from '../../../components/ui/customer-selector';
import { DateField } from '../../../components/ui/date-field';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { currentPrimary, useAccountSelection } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { downloadStatement, useStatement } from '../api/get-statement';
import {
  buildStatementRequest,
  defaultStatementForm,
  statementPeriod,
  type StatementForm,
  type StatementScope,
} from '../utils/build-statement-request';

/** Amounts and dates read as one token each. */
const noWrap = { whiteSpace: 'nowrap' } as const;

export function StatementsPage() {
  const { t } = useTranslation();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.statements')}</PageTitle>
      <Text maw="48rem">{t('statements.intro')}</Text>
      {primary ? (
        <Statements
          key={`${primary.PrimaryAcct}/${primary.CompanyCode}/${accounts.switchCount}`}
          scope={{ primary, secondaryAccount: accounts.secondaryAccount, soldTos: accounts.soldTos }}
        />
      ) : (
        !accounts.loaded && <AccountsPending failure={accounts.failure} />
      )}
    </Stack>
  );
}

type PeriodErrors = Partial<Record<'date_from' | 'date_to', string>>;

function Statements({ scope }: { scope: StatementScope }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<StatementForm>(defaultStatementForm);
  const [errors, setErrors] = useState<PeriodErrors>({});
  // The page opens on last month's statement; Show runs the form as it is then.
  const [shown, setShown] = useState(() => statementPeriod(defaultStatementForm, new Date()));
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const request = useMemo(() => buildStatementRequest(scope, shown, 'json'), [scope, shown]);
  const result = useStatement(request);

  /** The form's period when it is a valid one, else null with the fields' errors shown. */
  const checkedPeriod = () => {
    const period = statementPeriod(form, new Date());
    const found = validateStatementPeriod({ dateFrom: period.from, dateTo: period.to, today: serverDay(new Date()) });
    setErrors(found);
    return Object.keys(found).length === 0 ? period : null;
  };
  const handleShow = (event: FormEvent) => {
    event.preventDefault();
    const period = checkedPeriod();
    if (period) setShown(period);
  };
  const handleDownload = async (format: 'pdf' | 'csv') => {
    const period = checkedPeriod();
    if (!period) return;
    setBusy(format);
    try {
      await downloadStatement(buildStatementRequest(scope, period, format), format);
    } catch (error) {
      log.warn('Statement download failed', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <form onSubmit={handleShow} aria-label={t('statements.form.label')} noValidate>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <CustomerSelector />
          <Select
            label={t('statements.form.period')}
            data={[
              ...statementPresets.map((preset) => ({ value: preset, label: t(`statements.form.presets.${preset}`) })),
              { value: 'custom', label: t('statements.form.presets.custom') },
            ]}
            value={form.preset}
            onChange={(value) => {
              if (!value) return;
              setErrors({});
              setForm((current) => ({ ...current, preset: value as StatementForm['preset'] }));
            }}
            allowDeselect={false}
            w={200}
          />
          {form.preset === 'custom' && (
            <>
              <DateField
                label={t('statements.form.date_from')}
                value={form.dateFrom}
                error={errors.date_from && t(errors.date_from)}
                onChange={(dateFrom) => setForm((current) => ({ ...current, dateFrom }))}
              />
              <DateField
                label={t('statements.form.date_to')}
                value={form.dateTo}
                error={errors.date_to && t(errors.date_to)}
                onChange={(dateTo) => setForm((current) => ({ ...current, dateTo }))}
              />
            </>
          )}
        </Group>
        <Group gap="sm" mt="sm" wrap="wrap">
          <Button type="submit">{t('statements.form.show')}</Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
            loading={busy === 'pdf'}
            onClick={() => void handleDownload('pdf')}
          >
            {t('statements.form.download_pdf')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileText size={18} aria-hidden="true" />}
            loading={busy === 'csv'}
            onClick={() => void handleDownload('csv')}
          >
            {t('statements.form.download_csv')}
          </Button>
        </Group>
      </form>

      {result.isError && !result.data ? (
        <LoadFailed error={result.error} />
      ) : result.data ? (
        <StatementView statement={result.data} />
      ) : null}
    </>
  );
}

function StatementView({ statement }: { statement: StatementResponse }) {
  const { t } = useTranslation();
  if (statement.statements.length === 0) return <Text data-testid="statement-empty">{t('statements.page.empty')}</Text>;
  return (
    <Stack gap="lg" data-testid="statement">
      {statement.statements.map((section) => (
        <CurrencyStatement key={section.currency_key} section={section} response={statement} />
      ))}
    </Stack>
  );
}

function CurrencyStatement({ section, response }: { section: Statement; response: StatementResponse }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) =>
    formatMoney(amount, section.currency_key, i18n.language, { decimals: section.currency_decimals });
  const caption = t('statements.page.table_caption', {
    currency: section.currency_key,
    from: formatDate(response.date_from),
    to: formatDate(response.date_to),
  });
  const agingCaption = t('statements.page.aging_caption', {
    currency: section.currency_key,
    date: formatDate(response.as_of),
  });
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={`statement-${section.currency_key}`}>
      <Title order={2} size="h3" id={`statement-${section.currency_key}`} mb="sm">
        {t('statements.pdf.currency_section', { currency: section.currency_key })}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="md">
        <Balance label={t('statements.opening_balance')} value={money(section.opening_balance)} testId="opening" />
        <Balance label={t('statements.closing_balance')} value={money(section.closing_balance)} testId="closing" />
      </SimpleGrid>

      <TableScroll label={caption} minWidth={640}>
        <Table striped captionSide="top" data-testid={`statement-lines-${section.currency_key}`}>
          <Table.Caption ta="left">{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {(['date', 'kind', 'number', 'reference', 'due_date'] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`statements.columns.${column}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('statements.columns.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('statements.columns.balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.lines.map((line, index) => (
              <Table.Tr key={`${line.number}-${index}`}>
                <Table.Td style={noWrap}>{formatDate(line.date)}</Table.Td>
                <Table.Td>{t(`statements.kinds.${line.kind}`)}</Table.Td>
                <Table.Td>{line.number}</Table.Td>
                <Table.Td>{line.reference}</Table.Td>
                <Table.Td style={noWrap}>{formatDate(line.due_date)}</Table.Td>
                <Table.Td ta="right" style={noWrap}>
                  {money(line.amount)}
                </Table.Td>
                <Table.Td ta="right" style={noWrap}>
                  {money(line.balance)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {section.lines.length === 0 && (
        <Text size="sm" mt="xs">
          {t('statements.pdf.no_movements')}
        </Text>
      )}
      {section.line_count > section.lines.length && (
        <Alert color="blue" variant="light" mt="sm" data-testid="lines-truncated">
          {t('statements.page.lines_truncated', { shown: section.lines.length, count: section.line_count })}
        </Alert>
      )}

      <TableScroll label={agingCaption} minWidth={360} mt="md">
        <Table captionSide="top">
          <Table.Caption ta="left">{agingCaption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('statements.aging.title')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('statements.columns.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('statements.aging.invoices_header')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.aging.map((bucket) => (
              <Table.Tr key={bucket.bucket}>
                <Table.Th scope="row" fw={400}>
                  {t(`statements.aging.buckets.${bucket.bucket}`)}
                </Table.Th>
                <Table.Td ta="right" style={noWrap}>
                  {money(bucket.amount)}
                </Table.Td>
                <Table.Td ta="right">{bucket.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

function Balance({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={`balance-${testId}`}>
        {value}
      </Text>
    </Paper>
  );
}
