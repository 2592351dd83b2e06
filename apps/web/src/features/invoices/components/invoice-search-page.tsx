import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconSearch } from '@tabler/icons-react';
import { invoiceSorts, type InvoiceSort, type LedgerDocument } from '@portal/contracts';
import { validateSearchFilters, type SearchStatusCode } from '@portal/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { currentPrimary, picksSeveralCustomers, useAccountSelection } from '../../../lib/account-selection';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { openInvoicePdf } from '../api/request-invoice-pdf';
import { openSearchPdf } from '../api/request-search-pdf';
import { useInvoices } from '../api/search-invoices';
import { buildSearchRequest, type AccountScope, type InvoiceSearchFilters } from '../utils/build-search-request';
import { useInvoiceTableColumns } from '../api/get-invoice-table-setting';
import { invoiceSearch, useInvoiceSearch } from '../utils/invoice-search-store';
import { CustomerSelector } from '../../../components/ui/customer-selector';
import { DateField } from '../../../components/ui/date-field';
import { PeriodFields } from '../../../components/ui/period-fields';
import { FoundCount } from '../../../components/ui/found-count';
import { InvoiceTable } from './invoice-table';
import classes from './invoices.module.css';
import { Pager } from '../../../components/ui/pager';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';

const statuses: SearchStatusCode[] = ['01', '02', '03'];
const noSelection = new Set<string>();

/** /invoice-history: the invoice search (spec §2 Invoice search, §4 Filters, §5 search validation). */
export function InvoiceSearchPage() {
  const { t } = useTranslation();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.invoice_history')}</PageTitle>
      {primary ? (
        <InvoiceSearch scope={{ primary, secondaryAccount: accounts.secondaryAccount, soldTos: accounts.soldTos }} />
      ) : (
        !accounts.loaded && <AccountsPending failure={accounts.failure} />
      )}
    </Stack>
  );
}

function InvoiceSearch({ scope }: { scope: AccountScope }) {
  const tableColumns = useInvoiceTableColumns();
  const { t } = useTranslation();
  const state = useInvoiceSearch();
  const { draft, submitted } = state;
  const [pdfBusy, setPdfBusy] = useState(false);
  const change = (value: Partial<InvoiceSearchFilters>) => invoiceSearch.change(value);

  const cursor = state.cursors[state.page];
  const request = useMemo(
    () => (submitted ? buildSearchRequest(scope, submitted.filters, new Date(submitted.at), state.sort, cursor) : null),
    [scope, submitted, state.sort, cursor],
  );
  const result = useInvoices(request);
  const documents = result.data?.document_list ?? [];

  const handleFind = (event: FormEvent) => {
    event.preventDefault();
    const [first] = validateSearchFilters({
      ...draft,
      customerRequired: picksSeveralCustomers(scope.primary.AccountType),
      selectedCustomerCount: scope.soldTos.length,
    });
    if (first) {
      notify.warning(t(`validation.search.${first}`));
      return;
    }
    invoiceSearch.submit();
  };

  const handleOpenPdf = (document: LedgerDocument) => {
    if (!request) return;
    const { cursor: _cursor, ...parameters } = request.search_parameters;
    void openInvoicePdf({
      ...request,
      search_parameters: {
        ...parameters,
        filter: [{ filter_type: '01', value: document.billing_document_number || document.document_number_finance }],
      },
    }).catch((error: unknown) => log.warn('PDF request failed', error));
  };

  const handleSearchPdf = async () => {
    if (!request) return;
    const { cursor: _cursor, ...parameters } = request.search_parameters;
    setPdfBusy(true);
    try {
      await openSearchPdf({ ...request, search_parameters: parameters });
    } catch (error) {
      log.warn('Search PDF request failed', error);
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={handleFind} aria-label={t('invoices.search.filters_label')} noValidate>
        <Stack gap="sm">
          <div className={classes.toolbar}>
            <CustomerSelector label={t('invoices.search.account_label')} />
            <Select
              label={t('invoices.search.status_label')}
              data={statuses.map((status) => ({ value: status, label: t(`invoices.search.status_${status}`) }))}
              value={draft.status}
              onChange={(value) => value && invoiceSearch.changeStatus(value as SearchStatusCode)}
              allowDeselect={false}
              w={170}
            />
            {draft.status === '01' ? (
              <>
                <DateField
                  label={t('invoices.search.due_date_from')}
                  value={draft.dueDateFrom}
                  onChange={(dueDateFrom) => change({ dueDateFrom })}
                />
                <DateField
                  label={t('invoices.search.due_date_to')}
                  value={draft.dueDateTo}
                  onChange={(dueDateTo) => change({ dueDateTo })}
                  fallbackWhenEmpty
                />
              </>
            ) : (
              <PeriodFields
                value={draft}
                onChange={change}
                labels={{
                  period: t('invoices.search.period_label'),
                  from: t('invoices.search.date_from'),
                  to: t('invoices.search.date_to'),
                }}
              />
            )}
          </div>
          <div className={classes.toolbar}>
            <TextInput
              label={t('invoices.search.document_number')}
              value={draft.documentNumber}
              onChange={(event) => change({ documentNumber: event.currentTarget.value })}
              maxLength={20}
            />
            <TextInput
              label={t('invoices.search.article_number')}
              value={draft.articleNumber}
              onChange={(event) => change({ articleNumber: event.currentTarget.value })}
              maxLength={40}
            />
            <TextInput
              label={t('invoices.search.article_description')}
              value={draft.articleDescription}
              onChange={(event) => change({ articleDescription: event.currentTarget.value })}
              maxLength={100}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
              {t('invoices.search.find')}
            </Button>
          </div>
        </Stack>
      </form>

      {submitted ? (
        <section aria-label={t('invoices.search.results_caption')}>
          <Stack gap="sm">
            <div className={classes.toolbar}>
              <FoundCount data={result.data} loading={result.isFetching} />
              <div className={classes.toolbarGrow} />
              <Select
                label={t('invoices.list.sort_label')}
                data={invoiceSorts.map((sort) => ({ value: sort, label: t(`invoices.sort.${sort}`) }))}
                value={state.sort}
                onChange={(value) => value && invoiceSearch.setSort(value as InvoiceSort)}
                allowDeselect={false}
                w={250}
              />
              <Button
                variant="default"
                leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
                loading={pdfBusy}
                disabled={!documents.some((document) => document.pdf_document_available === 'X')}
                onClick={() => void handleSearchPdf()}
              >
                {t('invoices.search.download_pdfs')}
              </Button>
            </div>
            {result.isError && !result.data ? (
              <LoadFailed error={result.error} />
            ) : !result.data ? null : documents.length === 0 ? (
              <Text data-testid="empty-text">{t('common.no_documents')}</Text>
            ) : (
              <InvoiceTable
                documents={documents}
                columns={tableColumns}
                caption={t('invoices.search.results_caption')}
                selectable={false}
                selectedKeys={noSelection}
                onOpenPdf={handleOpenPdf}
              />
            )}
            <Pager
              page={state.page}
              hasNext={Boolean(result.data?.next_cursor)}
              onPrevious={invoiceSearch.previousPage}
              onNext={() => result.data?.next_cursor && invoiceSearch.nextPage(result.data.next_cursor)}
            />
          </Stack>
        </section>
      ) : (
        <Group>
          <Text c="dimmed">{t('invoices.search.start_hint')}</Text>
        </Group>
      )}
    </>
  );
}
