import { Button, Checkbox, CloseButton, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { invoiceSorts, type InvoiceSort, type LedgerDocument } from '@portal/contracts';
import { toIsoDate, validateSearchFilters, type AgingBucket } from '@portal/domain';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { currentPrimary, picksSeveralCustomers, useAccountSelection } from '../../../lib/account-selection';
import { log } from '../../../lib/log';
import { invoiceSelection, selectionKey, useInvoiceSelection } from '../../../lib/invoice-selection';
import { usePaymentsDisabled } from '../../../lib/payments-disabled';
import { useSession } from '../../../lib/session';
import { exportInvoicesCsv } from '../api/export-invoices-csv';
import { exportInvoicesExcel } from '../api/export-invoices-excel';
import { useInvoiceAging } from '../api/get-invoice-aging';
import { useInvoiceTotals } from '../api/get-invoice-totals';
import { openBulkPdf } from '../api/request-bulk-pdf';
import { openInvoicePdf } from '../api/request-invoice-pdf';
import { useInvoices } from '../api/search-invoices';
import {
  accountScope,
  buildListRequest,
  paidYears,
  pickCurrency,
  type AccountScope,
  type InvoiceListFilters,
} from '../utils/build-search-request';
import { useInvoiceTableColumns } from '../api/get-invoice-table-setting';
import { invoiceList, useInvoiceList } from '../utils/invoice-list-store';
import { showsPayControls } from '../utils/payment-access';
import { CustomerSelector } from '../../../components/ui/customer-selector';
import { FoundCount } from '../../../components/ui/found-count';
import { InvoiceTable, isInProcess, isSelectable } from './invoice-table';
import classes from './invoices.module.css';
import { Pager } from '../../../components/ui/pager';
import { PaymentsDisabledAlert } from './payments-disabled-alert';
import { SelectionBar } from './selection-bar';
import { TotalsCards } from './totals-cards';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';
import { AgingSection } from './aging-section';

/** spec §7: "multi-currency mode" once there are more currency options than this. */
const SINGLE_CURRENCY_OPTIONS = 1;

/** / and /invoices: open invoices and credits (or the items paid in a year), totals, selection for payment. */
const noDocuments: LedgerDocument[] = [];

function toggleDocument(document: LedgerDocument, checked: boolean): void {
  if (checked) invoiceSelection.select([document]);
  else invoiceSelection.deselect([selectionKey(document)]);
}

/**
 * selectionActions: more actions on the selected invoices beside Continue, composed by the app from other features
 * (issue 38: Promise to pay).
 */
export function InvoicesPage({ selectionActions }: { selectionActions?: ReactNode }) {
  const { t } = useTranslation();
  // Deferred: the list that the accounts' arrival brings (filters, totals, table) renders in React's background
  // render, which yields to the browser every few milliseconds, instead of in one task (issue 17: TBT).
  const accounts = useDeferredValue(useAccountSelection());
  const primary = currentPrimary(accounts);
  const scope = useMemo(
    () => (primary ? { primary, secondaryAccount: accounts.secondaryAccount, soldTos: accounts.soldTos } : null),
    [primary, accounts.secondaryAccount, accounts.soldTos],
  );
  // At least a screen tall from the start: the list, the totals and the aging arrive later and make the page longer,
  // and a footer in view would be pushed down as they do (Lighthouse measured a layout shift of 0.114 on a phone).
  return (
    <Stack gap="md" mih="100dvh">
      <PageTitle>{t('shell.pages.invoices')}</PageTitle>
      {scope ? (
        <InvoiceList scope={scope} selectionActions={selectionActions} />
      ) : accounts.loaded ? (
        <Text>{t('common.no_documents')}</Text>
      ) : (
        <AccountsPending failure={accounts.failure} />
      )}
    </Stack>
  );
}

const InvoiceList = memo(function InvoiceList({
  scope,
  selectionActions,
}: {
  scope: AccountScope;
  selectionActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const filters = useInvoiceList();
  const selection = useInvoiceSelection();
  const paymentsDisabled = usePaymentsDisabled(scope.primary.CompanyCode);
  const payControls = showsPayControls(profile);
  const columns = useInvoiceTableColumns();
  const [busy, setBusy] = useState<Download | null>(null);

  const customerErrors = validateSearchFilters({
    status: '03',
    period: 'all',
    customerRequired: picksSeveralCustomers(scope.primary.AccountType),
    selectedCustomerCount: scope.soldTos.length,
  });
  const customerError = customerErrors.includes('select_customer') ? t('validation.search.select_customer') : null;
  const scopeOk = customerError === null;

  const totalsRequest = useMemo(() => (scopeOk ? accountScope(scope) : null), [scope, scopeOk]);
  const totals = useInvoiceTotals(totalsRequest);
  const currencyOptions = useMemo(() => {
    const fromTotals = totals.data?.totals.map((entry) => entry.currency_key) ?? [];
    return fromTotals.length ? fromTotals : [scope.primary.CurrencyKey].filter(Boolean);
  }, [totals.data, scope.primary.CurrencyKey]);

  // spec §4: the first currency is selected, USD preferred; a new currency clears the selection.
  useEffect(() => {
    if (!totals.isSuccess && !totals.isError) return;
    const next = pickCurrency(currencyOptions, invoiceSelection.get().currency);
    if (next !== invoiceSelection.get().currency) {
      invoiceSelection.setCurrency(next);
      invoiceList.restartPaging();
    }
  }, [currencyOptions, totals.isSuccess, totals.isError]);

  const currency = selection.currency;
  const cursor = filters.cursors[filters.page];
  const request = useMemo(
    () => (scopeOk && currency ? buildListRequest(scope, filters, currency, cursor) : null),
    [scope, filters, currency, cursor, scopeOk],
  );
  const result = useInvoices(request);
  // Not deferred here but in the parts that render much (the table, the totals): a background render of this
  // component reads the stores above (queries, selection, filters), and React renders it again at once, rows and all,
  // when one of them changes meanwhile (issue 17: a task of half a second on a phone, now and then).
  const documents = result.data?.document_list ?? noDocuments;
  const selectedKeys = useMemo(() => new Set(selection.selected.map((item) => item.key)), [selection.selected]);
  const inProcessKeys = useMemo(() => new Set(result.data?.documents_in_process ?? []), [result.data]);
  // Issue 39: the documents of the page with an open dispute, by paymentDocumentKey.
  const disputed = useMemo(
    () => new Map((result.data?.documents_disputed ?? []).map((dispute) => [dispute.document_key, dispute])),
    [result.data],
  );
  const totalsOfCurrency = totals.data?.totals.find((entry) => entry.currency_key === currency) ?? null;

  // Issue 29: the aging chart of the open view, over the same accounts as the totals.
  const openView = filters.view === 'open';
  const aging = useInvoiceAging(openView ? totalsRequest : null);
  const agingOfCurrency = aging.data?.aging.find((entry) => entry.currency_key === currency) ?? null;
  const agingAsOf = aging.data ? toIsoDate(aging.data.as_of) : null;
  const handleSelectBucket = useCallback(
    (bucket: AgingBucket | null) => {
      if (bucket && !agingAsOf) return;
      invoiceList.setFilters({ agingBucket: bucket, agingAsOf: bucket ? agingAsOf : null });
    },
    [agingAsOf],
  );

  // Stable, so that the table (memo) renders its 50 rows again only when they or the selection change, not when
  // the totals or a download's progress do (issue 17: the list's main-thread time).
  const handleTogglePage = useCallback(
    (checked: boolean) => {
      const rows = documents.filter((document) => isSelectable(document) && !isInProcess(document, inProcessKeys));
      if (checked) invoiceSelection.select(rows);
      else invoiceSelection.deselect(rows.map(selectionKey));
    },
    [documents, inProcessKeys],
  );
  const nextCursor = result.data?.next_cursor;
  const handleNextPage = useCallback(() => nextCursor && invoiceList.nextPage(nextCursor), [nextCursor]);
  // The request is rebuilt (same content) whenever the account scope object is: the handler reads the latest one.
  const latestRequest = useRef(request);
  useEffect(() => {
    latestRequest.current = request;
  }, [request]);
  const handleOpenPdf = useCallback((document: LedgerDocument) => {
    const current = latestRequest.current;
    if (!current) return;
    const { cursor: _cursor, ...parameters } = current.search_parameters;
    void openInvoicePdf({
      ...current,
      search_parameters: {
        ...parameters,
        filter: [{ filter_type: '01', value: document.billing_document_number || document.document_number_finance }],
      },
    }).catch((error: unknown) => log.warn('PDF request failed', error));
  }, []);
  const run = async (kind: Download, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      log.warn(`Invoice ${kind} download failed`, error);
    } finally {
      setBusy(null);
    }
  };
  const exportRequest = () => {
    const { cursor: _cursor, ...parameters } = (request ?? buildListRequest(scope, filters, currency))
      .search_parameters;
    return { ...accountScope(scope), search_parameters: parameters, columns: columns.filter((c) => c !== 'pdf') };
  };
  const handleBulkPdf = () => {
    // The selection when there is one, otherwise the documents of this page.
    const source = selection.selected.length ? selection.selected.map((item) => item.document) : documents;
    const ids = source
      .filter((document) => document.pdf_document_available === 'X')
      .map((document) => document.billing_document_number || document.document_number_finance);
    if (ids.length === 0) return;
    void run('pdf', () =>
      openBulkPdf({ ...accountScope(scope), search_parameters: { filter: [], GridViewDocIds: ids } }),
    );
  };

  // Stable, so that the actions (memo) do not render again when the list or its totals arrive; it calls the latest
  // render's handlers.
  const downloads = useRef({ handleBulkPdf, exportRequest, run });
  useEffect(() => {
    downloads.current = { handleBulkPdf, exportRequest, run };
  });
  const handleDownload = useCallback((kind: Download) => {
    const latest = downloads.current;
    if (kind === 'pdf') latest.handleBulkPdf();
    else if (kind === 'csv') void latest.run('csv', () => exportInvoicesCsv(latest.exportRequest()));
    else void latest.run('xlsx', () => exportInvoicesExcel(latest.exportRequest()));
  }, []);

  return (
    <>
      {paymentsDisabled && payControls && <PaymentsDisabledAlert />}
      <ListFilters filters={filters} customerError={customerError} />

      <TotalsCards totals={totalsOfCurrency} asOf={totals.data?.as_of} loading={totals.isLoading} />

      {openView && (
        <AgingSection
          aging={agingOfCurrency}
          asOf={aging.data?.as_of}
          // The totals choose the currency: until then, whether a chart will show is not known yet.
          loading={aging.isLoading || (!currency && totals.isLoading)}
          selected={filters.agingBucket}
          onSelect={handleSelectBucket}
        />
      )}

      <ListActions
        currencyOptions={currencyOptions}
        currency={currency}
        sort={filters.sort}
        busy={busy}
        exportable={Boolean(request) && documents.length > 0}
        onDownload={handleDownload}
      />

      <FoundCount data={result.data} loading={result.isFetching} />
      {result.isError && !result.data ? (
        <LoadFailed error={result.error} />
      ) : !result.data ? null : documents.length === 0 ? (
        <Text data-testid="empty-text">{t('common.no_documents')}</Text>
      ) : (
        <InvoiceTable
          documents={documents}
          columns={columns}
          caption={t('invoices.list.table_caption')}
          selectable={payControls}
          selectionDisabled={paymentsDisabled}
          selectedKeys={selectedKeys}
          inProcessKeys={inProcessKeys}
          disputed={disputed}
          onToggle={toggleDocument}
          onTogglePage={handleTogglePage}
          onOpenPdf={handleOpenPdf}
        />
      )}
      <Pager
        page={filters.page}
        hasNext={Boolean(nextCursor)}
        onPrevious={invoiceList.previousPage}
        onNext={handleNextPage}
      />
      {payControls && <SelectionBar disabled={paymentsDisabled} extraActions={selectionActions} />}
    </>
  );
});

type Download = 'pdf' | 'csv' | 'xlsx';

/** Customers, open or paid items, and the due-date or year filter: memo, so the data's arrival leaves it alone. */
const ListFilters = memo(function ListFilters({
  filters,
  customerError,
}: {
  filters: InvoiceListFilters;
  customerError: string | null;
}) {
  const { t } = useTranslation();
  const today = new Date();
  return (
    <section aria-label={t('invoices.list.filters_label')} className={classes.toolbar}>
      <CustomerSelector error={customerError} />
      {/* Radios, not a segmented control: that one measures the page's layout as it mounts (issue 17: TBT). */}
      <Radio.Group
        label={t('invoices.list.items_label')}
        value={filters.view}
        onChange={(value) => invoiceList.setFilters({ view: value as 'open' | 'paid' })}
      >
        <Group gap="md" h={36}>
          <Radio value="open" label={t('invoices.list.items_open')} />
          <Radio value="paid" label={t('invoices.list.items_paid')} />
        </Group>
      </Radio.Group>
      {filters.view === 'open' ? (
        <>
          <Select
            label={t('invoices.list.due_filter_label')}
            data={[
              { value: 'all', label: t('invoices.list.due_show_all') },
              { value: 'up_to', label: t('invoices.list.due_up_to') },
            ]}
            value={filters.dueFilter}
            onChange={(value) =>
              invoiceList.setFilters({
                dueFilter: value === 'up_to' ? 'up_to' : 'all',
                dueUpTo: value === 'up_to' ? (filters.dueUpTo ?? isoToday(today)) : null,
              })
            }
            allowDeselect={false}
            w={160}
          />
          {filters.dueFilter === 'up_to' && (
            <TextInput
              type="date"
              label={t('invoices.list.due_up_to_date')}
              value={filters.dueUpTo ?? ''}
              onChange={(event) => invoiceList.setFilters({ dueUpTo: event.currentTarget.value || null })}
              className={classes.dateInput}
            />
          )}
          {filters.agingBucket && (
            // The aging chart's filter (issue 29), shown and cleared here too: the chart may be out of sight.
            <div className={classes.activeFilter} data-testid="aging-filter">
              {t('invoices.aging.active', { bucket: t(`invoices.aging.long.${filters.agingBucket}`) })}
              <CloseButton
                size="md"
                aria-label={t('invoices.aging.clear')}
                onClick={() => invoiceList.setFilters({ agingBucket: null, agingAsOf: null })}
              />
            </div>
          )}
        </>
      ) : (
        <Select
          label={t('invoices.list.paid_year_label')}
          data={paidYears(today).map((year) => ({ value: String(year), label: String(year) }))}
          value={String(filters.paidYear)}
          onChange={(value) => value && invoiceList.setFilters({ paidYear: Number(value) })}
          allowDeselect={false}
          w={120}
        />
      )}
      {/* Issue 39: the invoices with an open dispute only. */}
      <Group h={36}>
        <Checkbox
          label={t('invoices.list.disputed_only')}
          checked={Boolean(filters.disputedOnly)}
          onChange={(event) => invoiceList.setFilters({ disputedOnly: event.currentTarget.checked })}
          data-testid="disputed-only"
        />
      </Group>
    </section>
  );
});

/** Currency, sort and the downloads of the list (memo: it renders again only when one of them changes). */
const ListActions = memo(function ListActions({
  currencyOptions,
  currency,
  sort,
  busy,
  exportable,
  onDownload,
}: {
  currencyOptions: string[];
  currency: string | null;
  sort: InvoiceSort;
  busy: Download | null;
  exportable: boolean;
  onDownload: (kind: Download) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('invoices.actions.label')} className={classes.toolbar}>
      {currencyOptions.length > SINGLE_CURRENCY_OPTIONS && (
        <Select
          label={t('invoices.list.currency_label')}
          data={currencyOptions}
          value={currency}
          onChange={(value) => {
            if (!value) return;
            invoiceSelection.setCurrency(value);
            invoiceList.restartPaging();
          }}
          allowDeselect={false}
          w={120}
          data-testid="currency-select"
        />
      )}
      <Select
        label={t('invoices.list.sort_label')}
        data={invoiceSorts.map((sort) => ({ value: sort, label: t(`invoices.sort.${sort}`) }))}
        value={sort}
        onChange={(value) => value && invoiceList.setFilters({ sort: value as InvoiceSort })}
        allowDeselect={false}
        w={250}
      />
      <div className={classes.toolbarGrow} />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
          loading={busy === 'pdf'}
          disabled={!exportable}
          onClick={() => onDownload('pdf')}
        >
          {t('invoices.actions.download_pdfs')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileText size={18} aria-hidden="true" />}
          loading={busy === 'csv'}
          disabled={!exportable}
          onClick={() => onDownload('csv')}
        >
          {t('invoices.actions.export_csv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
          loading={busy === 'xlsx'}
          disabled={!exportable}
          onClick={() => onDownload('xlsx')}
        >
          {t('invoices.actions.export_excel')}
        </Button>
      </Group>
    </section>
  );
});

const isoToday = (today: Date): string =>
  `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
