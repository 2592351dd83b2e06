// /settings/payments-received (issue 27 §3, CanViewReceivedPayments): every payment the portal took, filtered by UTC
// days, company code, kind, method, acknowledgement and payer; totals per currency and a chart of the amounts per day
// over the whole filter; the payments a page at a time, newest first; CSV and Excel exports of the filter. A second tab
// lists the customers' AutoPay enrolments (issue 29); the tab is kept in the address (?tab=autopay).
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { PaymentsReceivedExportFormat, PaymentsReceivedFilters } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { Pager } from '../../../components/ui/pager';
import { log } from '../../../lib/log';
import { exportPaymentsReceived } from '../api/export-payments-received';
import { usePaymentsReceived } from '../api/search-payments-received';
import { defaultReceivedDraft, toFilters, utcDay } from '../utils/received-filters';
import { AutopayEnrolments } from './autopay-enrolments';
import { ReceivedFiltersForm } from './received-filters-form';
import { ReceivedPaymentsTable } from './received-payments-table';
import { ReceivedPerDayChart } from './received-per-day-chart';
import { ReceivedTotals } from './received-totals';

const tabs = ['payments', 'autopay'] as const;
type Tab = (typeof tabs)[number];

export function PaymentsReceivedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'payments';
  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.settings_payments_received')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(value) => value && setParams(value === 'payments' ? {} : { tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`payments-received-tab-${value}`}>
              {t(`payments-received.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Kept: the filters and page of payments are still there on coming back; the enrolments are read anew. */}
        <Tabs.Panel value="payments" pt="md" keepMounted>
          <ReceivedPayments />
        </Tabs.Panel>
        <Tabs.Panel value="autopay" pt="md">
          <AutopayEnrolments />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ReceivedPayments() {
  const { t } = useTranslation();
  const [today] = useState(() => utcDay(new Date()));
  const [filters, setFilters] = useState<PaymentsReceivedFilters>(() => toFilters(defaultReceivedDraft(today)));
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [busy, setBusy] = useState<PaymentsReceivedExportFormat | null>(null);
  const page = cursors.length - 1;
  const request = useMemo(() => ({ ...filters, cursor: cursors[page] }), [filters, cursors, page]);
  const result = usePaymentsReceived(request);
  const data = result.data;

  const handleApply = (next: PaymentsReceivedFilters) => {
    setCursors([undefined]);
    setFilters(next);
  };

  const handleExport = async (format: PaymentsReceivedExportFormat) => {
    setBusy(format);
    try {
      await exportPaymentsReceived(filters, format);
    } catch (error) {
      // The client has shown the toast.
      log.warn('Payments received export failed', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Text>{t('payments-received.intro')}</Text>
      <ReceivedFiltersForm today={today} onApply={handleApply} />
      <Group gap="sm">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={busy === format}
            disabled={!data || data.totals.length === 0}
            onClick={() => void handleExport(format)}
          >
            {t(format === 'csv' ? 'payments-received.export_csv' : 'payments-received.export_excel')}
          </Button>
        ))}
      </Group>
      {data && (
        <>
          <ReceivedTotals totals={data.totals} />
          {data.totals.length > 0 && (
            <ReceivedPerDayChart perDay={data.per_day} totals={data.totals} period={data.period} />
          )}
          {data.items.length > 0 && <ReceivedPaymentsTable items={data.items} />}
          <Pager
            page={page}
            hasNext={Boolean(data.next_cursor)}
            onPrevious={() => setCursors((current) => current.slice(0, -1))}
            onNext={() => {
              const next = data.next_cursor;
              if (next) setCursors((current) => [...current, next]);
            }}
          />
        </>
      )}
    </Stack>
  );
}
