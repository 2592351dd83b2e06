// POST /api/invoice/invoice-excel and /api/invoice/invoice-csv: every document of a search, streamed from the
// ERP in keyset batches straight into the file, so memory stays flat whatever the account's size.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { InvoiceExportRequest, LedgerDocument } from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { authorizeSearch } from './search-invoices';
import {
  cellOf,
  columnLabelKey,
  csvField,
  csvRowsWriter,
  exportColumns,
  type Cell,
  type ExportColumn,
} from './export-format';

export type ExportFormat = 'xlsx' | 'csv';
type Locale = { language: Language; country: string | undefined };

export async function exportInvoices(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceExportRequest>,
  format: ExportFormat,
  locale: Locale,
): Promise<Readable> {
  // Authorised and validated before the first byte: a refusal is a normal JSON error answer.
  const { erpRequest } = await authorizeSearch(ctx, actor, request);
  const columns = exportColumns(request.columns);
  const labels = columns.map((column) => translate(locale.language, locale.country, columnLabelKey(column)));
  const statusLabels = {
    paid: translate(locale.language, locale.country, 'exports.invoices.status.paid'),
    credit: translate(locale.language, locale.country, 'exports.invoices.status.credit'),
    open: translate(locale.language, locale.country, 'exports.invoices.status.open'),
  };
  const today = ctx.now();
  const documents = () =>
    ctx.erp.streamInvoices({
      ...erpRequest,
      search_parameters: { ...erpRequest.search_parameters, cursor: undefined },
    });
  if (format === 'csv') return csvStream(labels, documents(), csvRowsWriter(columns, today, statusLabels));
  const rows = async function* (): AsyncIterable<Cell[][]> {
    for await (const batch of documents()) {
      yield batch.map((document) => columns.map((column) => cellOf(document, column, today, statusLabels)));
    }
  };
  return xlsxStream(columns, labels, rows());
}

function csvStream(
  labels: string[],
  documents: AsyncIterable<LedgerDocument[]>,
  csvRows: (documents: readonly LedgerDocument[]) => string,
): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark so that spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${labels.map((label) => csvField({ kind: 'text', value: label })).join(',')}\r\n`;
      // One string per batch of documents (250 rows, ~47 KB); Readable.from pulls the next batch only when
      // the response has taken the last one (back-pressure), so at most a few batches are in memory.
      for await (const batch of documents) yield csvRows(batch);
    })(),
  );
}

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

function xlsxStream(columns: ExportColumn[], labels: string[], rows: AsyncIterable<Cell[][]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Invoices', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ header: labels[index], key: column, width: widths[column] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const batch of rows) {
      for (const cells of batch) {
        const row = sheet.addRow(cells.map(excelValue));
        cells.forEach((cell, index) => {
          // Amounts keep the currency's decimals (the digits after the point of the decimal string).
          if (cell.kind === 'number' && columns[index] !== 'days_to_pay') {
            const decimals = cell.value.split('.')[1]?.length ?? 0;
            row.getCell(index + 1).numFmt = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
          }
        });
        row.commit();
      }
      // Back-pressure: wait for the client to take the bytes before reading the next batch.
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * A spreadsheet number from the wire's decimal string. Written to the file as its shortest decimal text, which is
 * exactly the string's value for amounts up to 15 significant digits; money is never computed with it.
 */
function excelValue(cell: Cell): string | number | null {
  if (cell.kind === 'empty') return null;
  return cell.kind === 'number' ? Number(cell.value) : cell.value;
}
