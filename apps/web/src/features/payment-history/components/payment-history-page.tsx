// /payment-history (spec §2 Payment history and Invoice search filters, §4 periods, §5 search validation): account,
// period (default 30 days), invoice number and currency filters, Find, the found count, CSV and Excel exports, and
// every payment marked Success (green) or Error (red) with the invoices it settled. Cards replace the table at 600px.
// Issue 29: a payment a job made is marked with its cause, AutoPay or Scheduled. Issue 36: a payment the payer's bank
// could not confirm (3-D Secure) is marked as such (utils/history-result.ts). Issue 37: a payment of which money came
// back (refunds, a returned debit, a dispute) says so beside its result, and lists each event one click away.
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { PaymentHistoryEntry } from '@portal/contracts';
import { paymentMethodLabel, validateSearchFilters } from '@portal/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerSelector } from '../../../components/ui/customer-selector';
import { FoundCount } from '../../../components/ui/found-count';
import { PageTitle } from '../../../components/ui/page-title';
import { PeriodFields } from '../../../components/ui/period-fields';
import { Pager } from '../../../components/ui/pager';
import { TableScroll } from '../../../components/ui/table-scroll';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import {
  currentPrimary,
  picksSeveralCustomers,
  useAccountSelection,
  withoutLeadingZeros,
} from '../../../lib/account-selection';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '@portal/domain';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { exportPaymentsHistory } from '../api/export-payments-history';
import { usePaymentsHistory } from '../api/get-payments-history';
import { buildHistoryRequest, defaultHistoryFilters, type HistoryFilters } from '../utils/build-history-request';
import { historyResultOf, type HistoryResult } from '../utils/history-result';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';
import { MoneyBackEvents, MoneyBackTag } from './money-back-details';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;
/** Dark enough for 4.5:1 on white and on the striped rows. */
const resultColors: Record<HistoryResult, string> = {
  success: '#1b5e20',
  error: '#b71c1c',
  authentication_failed: '#b71c1c',
};
const resultKeys: Record<HistoryResult, string> = {
  success: 'payment-history.result_success',
  error: 'payment-history.result_error',
  authentication_failed: 'payment-history.result_authentication_failed',
};
/** Dates, amounts and card labels read as one token each. */
const noWrap = { whiteSpace: 'nowrap' } as const;

export function PaymentHistoryPage() {
  const { t } = useTranslation();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.payment_history')}</PageTitle>
      {primary ? (
        <PaymentHistory
          key={`${primary.PrimaryAcct}/${primary.CompanyCode}/${accounts.switchCount}`}
          scope={{ primary, secondaryAccount: accounts.secondaryAccount, soldTos: accounts.soldTos }}
        />
      ) : (
        !accounts.loaded && <AccountsPending failure={accounts.failure} />
      )}
    </Stack>
  );
}

function PaymentHistory({ scope }: { scope: Parameters<typeof buildHistoryRequest>[0] }) {
  const { t } = useTranslation();
  const currencies = useBackendConfiguration().data?.sapcust.currency_decimals.map((entry) => entry.currkey) ?? [];
  const [draft, setDraft] = useState<HistoryFilters>(defaultHistoryFilters);
  // The list opens on the default search (last 30 days); Find runs the filters as they are then.
  const [submitted, setSubmitted] = useState<{ filters: HistoryFilters; at: number } | null>(() => ({
    filters: defaultHistoryFilters,
    at: Date.now(),
  }));
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const page = cursors.length - 1;
  const customerRequired = picksSeveralCustomers(scope.primary.AccountType);
  const ready = !customerRequired || scope.soldTos.length > 0;
  const request = useMemo(
    () =>
      submitted && ready ? buildHistoryRequest(scope, submitted.filters, new Date(submitted.at), cursors[page]) : null,
    [scope, submitted, cursors, page, ready],
  );
  const result = usePaymentsHistory(request);
  const entries = result.data?.data.document_list ?? [];
  const change = (value: Partial<HistoryFilters>) => setDraft((current) => ({ ...current, ...value }));

  const handleFind = (event: FormEvent) => {
    event.preventDefault();
    const [first] = validateSearchFilters({
      status: '03',
      period: draft.period,
      dateFrom: draft.dateFrom,
      dateTo: draft.dateTo,
      dueDateFrom: null,
      dueDateTo: null,
      customerRequired,
      selectedCustomerCount: scope.soldTos.length,
    });
    if (first) {
      notify.warning(t(`validation.search.${first}`));
      return;
    }
    setCursors([undefined]);
    setSubmitted({ filters: draft, at: Date.now() });
  };

  const handleExport = async (format: 'csv' | 'xlsx') => {
    if (!request) return;
    const { cursor: _cursor, page_size: _size, ...parameters } = request.search_parameters;
    setBusy(format);
    try {
      await exportPaymentsHistory({ ...request, search_parameters: parameters }, format);
    } catch (error) {
      log.warn('Payment history export failed', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <form onSubmit={handleFind} aria-label={t('payment-history.filters_label')} noValidate>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <CustomerSelector label={t('payment-history.account_label')} />
          <PeriodFields
            value={draft}
            onChange={change}
            labels={{
              period: t('payment-history.period_label'),
              from: t('payment-history.date_from'),
              to: t('payment-history.date_to'),
            }}
          />
          <TextInput
            label={t('payment-history.invoice_number')}
            value={draft.invoiceNumber}
            onChange={(event) => change({ invoiceNumber: event.currentTarget.value })}
            maxLength={20}
          />
          <Select
            label={t('payment-history.currency_label')}
            data={[
              { value: '', label: t('payment-history.all_currencies') },
              ...currencies.map((currency) => ({ value: currency, label: currency })),
            ]}
            value={draft.currency}
            onChange={(value) => change({ currency: value ?? '' })}
            allowDeselect={false}
            w={170}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
            {t('payment-history.find')}
          </Button>
        </Group>
      </form>

      <section aria-label={t('payment-history.results_caption')}>
        <Stack gap="sm">
          <Group gap="sm" justify="space-between" wrap="wrap">
            <FoundCount data={result.data} loading={result.isFetching} />
            <Group gap="sm">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden="true" />}
                  loading={busy === format}
                  disabled={entries.length === 0}
                  onClick={() => void handleExport(format)}
                >
                  {t(`payment-history.export_${format}`)}
                </Button>
              ))}
            </Group>
          </Group>
          {!ready ? (
            <Text>{t('validation.search.select_customer')}</Text>
          ) : result.isError && !result.data ? (
            <LoadFailed error={result.error} />
          ) : !result.data ? null : entries.length === 0 ? (
            <Text data-testid="empty-text">{t('common.no_documents')}</Text>
          ) : (
            <HistoryResults entries={entries} />
          )}
          <Pager
            page={page}
            hasNext={Boolean(result.data?.next_cursor)}
            onPrevious={() => setCursors((current) => current.slice(0, -1))}
            onNext={() => {
              const next = result.data?.next_cursor;
              if (next) setCursors((current) => [...current, next]);
            }}
          />
        </Stack>
      </section>
    </>
  );
}

function HistoryResults({ entries }: { entries: PaymentHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const money = (entry: PaymentHistoryEntry, amount: string) =>
    formatMoney(amount, entry.currency_key, i18n.language, { decimals: entry.currency_decimals });
  const result = (entry: PaymentHistoryEntry) => {
    const kind = historyResultOf(entry);
    return (
      <Group gap={6} wrap="wrap">
        <Text c={resultColors[kind]} fw={700} size="sm" data-testid="payment-result" data-result={kind}>
          {t(resultKeys[kind])}
        </Text>
        {entry.cause && <CauseBadge cause={entry.cause} />}
        <MoneyBackTag moneyBack={entry.money_back} />
      </Group>
    );
  };
  const invoices = (entry: PaymentHistoryEntry) =>
    entry.sd_invoices.length === 0 ? (
      // A deposit went on account; a declined attempt settled nothing.
      entry.message_type === 'S' && entry.log_id === 'POST_DEPOSIT' ? (
        <Text size="sm">{t('payment-history.on_account')}</Text>
      ) : (
        '—'
      )
    ) : (
      <Group gap={4}>
        {entry.sd_invoices.map((invoice) => (
          <Badge key={invoice.document_number_finance} variant="outline" color="gray" tt="none" c="dark">
            {withoutLeadingZeros(invoice.billing_document_number || invoice.document_number_finance)} ·{' '}
            {money(entry, invoice.current_paid_amount)}
          </Badge>
        ))}
      </Group>
    );
  const number = (entry: PaymentHistoryEntry) => withoutLeadingZeros(entry.document_number_finance) || '—';

  if (mobile) {
    return (
      <Stack gap="sm" data-testid="payment-history-cards">
        {entries.map((entry, index) => (
          <Paper key={`${entry.document_number_finance}-${index}`} withBorder p="sm" data-testid="payment-row">
            <Group justify="space-between">
              <Text fw={700}>{number(entry)}</Text>
              {result(entry)}
            </Group>
            <Text size="sm">
              {formatDate(entry.document_date)} · {money(entry, entry.current_paid_amount)} ·{' '}
              {paymentMethodLabel(entry)}
            </Text>
            {entry.authorization_reference_code && (
              <Text size="sm">
                {t('payment-history.column.authorization')}: {entry.authorization_reference_code}
              </Text>
            )}
            {entry.message_line_string && <Text size="sm">{entry.message_line_string}</Text>}
            <Group mt={4}>{invoices(entry)}</Group>
            <MoneyBackEvents entry={entry} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll minWidth={760} label={t('payment-history.results_caption')}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{t('payment-history.results_caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payment-history.column.document')}</Table.Th>
            <Table.Th>{t('payment-history.column.date')}</Table.Th>
            <Table.Th>{t('payment-history.column.result')}</Table.Th>
            <Table.Th>{t('payment-history.column.amount')}</Table.Th>
            <Table.Th>{t('payment-history.column.method')}</Table.Th>
            <Table.Th>{t('payment-history.column.authorization')}</Table.Th>
            <Table.Th>{t('payment-history.column.invoices')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={`${entry.document_number_finance}-${index}`} data-testid="payment-row">
              <Table.Td>{number(entry)}</Table.Td>
              <Table.Td style={noWrap}>{formatDate(entry.document_date)}</Table.Td>
              <Table.Td>
                {result(entry)}
                {entry.message_type === 'E' && entry.message_line_string && (
                  <Text size="xs">{entry.message_line_string}</Text>
                )}
                <MoneyBackEvents entry={entry} />
              </Table.Td>
              <Table.Td style={noWrap}>{money(entry, entry.current_paid_amount)}</Table.Td>
              <Table.Td style={noWrap}>{paymentMethodLabel(entry)}</Table.Td>
              <Table.Td>{entry.authorization_reference_code || '—'}</Table.Td>
              <Table.Td>{invoices(entry)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * What made a payment the portal's jobs made. Not a Badge: the invoices column's badges are what a reader (and the
 * browser tests) take for the settled invoices. indigo.9 on its tint keeps 4.5:1.
 */
function CauseBadge({ cause }: { cause: NonNullable<PaymentHistoryEntry['cause']> }) {
  const { t } = useTranslation();
  return (
    <Text
      component="span"
      size="xs"
      fw={600}
      c="indigo.9"
      bg="indigo.0"
      px={6}
      py={1}
      style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
      data-testid="payment-cause"
    >
      {t(`payment-history.cause.${cause}`)}
    </Text>
  );
}
