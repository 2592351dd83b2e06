// POST /api/invoice/invoice-excel and /api/invoice/invoice-csv: every document of a search, streamed from the
// ERP in keyset batches straight into the file, so memory stays flat whatever the account's size.
import type { Readable } from 'node:stream';
import type { InvoiceExportRequest, LedgerDocument } from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { csvStream, xlsxStream, type ExportFormat } from '../../http/file-export';

export type { ExportFormat };
import type { Actor } from '../../plugins/auth';
import { authorizeListSearch } from './search-invoices';
import { cellOf, columnLabelKey, csvRowsWriter, exportColumns, type Cell, type ExportColumn } from './export-format';

type Locale = { language: Language; country: string | undefined };

export async function exportInvoices(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceExportRequest>,
  format: ExportFormat,
  locale: Locale,
): Promise<Readable> {
  // Authorised and validated before the first byte: a refusal is a normal JSON error answer.
  const { erpRequest } = await authorizeListSearch(ctx, actor, request);
  const columns = exportColumns(request.columns);
  const labels = columns.map((column) => translate(locale.language, locale.country, columnLabelKey(column)));
  const statusLabels = {
    paid: translate(locale.language, locale.country, 'exports.invoices.status.paid'),
    credit: translate(locale.language, locale.country, 'exports.invoices.status.credit'),
    open: translate(locale.language, locale.country, 'exports.invoices.status.open'),
  };
  const today = ctx.now();
  // Issue 39: "disputed only" with no disputed invoice is a file with the headings alone.
  const documents = () =>
    erpRequest
      ? ctx.erp.streamInvoices({
          ...erpRequest,
          search_parameters: { ...erpRequest.search_parameters, cursor: undefined },
        })
      : noDocuments();
  if (format === 'csv') return csvStream(labels, documents(), csvRowsWriter(columns, today, statusLabels));
  const rows = async function* (): AsyncIterable<Cell[][]> {
    for await (const batch of documents()) {
      yield batch.map((document) => columns.map((column) => cellOf(document, column, today, statusLabels)));
    }
  };
  return xlsxStream(
    'Invoices',
    columns.map((column, index) => ({
      header: labels[index]!,
      width: widths[column] ?? 14,
      // Days to pay is a count, not an amount: no decimals format.
      amount: column !== 'days_to_pay',
    })),
    rows(),
  );
}

async function* noDocuments(): AsyncIterable<LedgerDocument[]> {}

const widths: Partial<Record<ExportColumn, number>> = {
  document_number: 14,
  reference: 16,
  status: 10,
  document_date: 13,
  due_date: 13,
  days_to_pay: 11,
  currency: 9,
  amount: 15,
  paid_amount: 15,
  total: 15,
  reason: 24,
  soldto_address: 48,
  payer_address: 48,
  card: 14,
  unit_price: 14,
};
