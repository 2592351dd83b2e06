// POST /api/PaymentsHistory/payments-excel and payments-csv: every payment of a history search, read from the ERP
// page by page (keyset) straight into the file.
import type { Readable } from 'node:stream';
import type { PaymentHistoryEntry } from '@portal/contracts';
import { paymentMethodLabel } from '@portal/domain';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { csvLines, csvStream, xlsxStream, type ExportFormat } from '../../http/file-export';
import type { Actor } from '../../plugins/auth';
import { neutralizeFormula, type Cell } from '../invoices/export-format';
import { authorizeHistory, type ParsedHistoryRequest } from './get-payments-history';

const columns = [
  { key: 'document_number', width: 14, amount: false },
  { key: 'document_date', width: 13, amount: false },
  { key: 'result', width: 10, amount: false },
  { key: 'currency', width: 9, amount: false },
  { key: 'amount', width: 15, amount: true },
  { key: 'payment_method', width: 16, amount: false },
  { key: 'authorization', width: 16, amount: false },
  { key: 'invoices', width: 32, amount: false },
  { key: 'message', width: 32, amount: false },
] as const;

export async function exportPaymentsHistory(
  ctx: AppContext,
  actor: Actor,
  request: ParsedHistoryRequest,
  format: ExportFormat,
  locale: { language: Language; country: string | undefined },
): Promise<Readable> {
  // Authorised and validated before the first byte: a refusal is a normal JSON error answer.
  const erpRequest = await authorizeHistory(ctx, actor, request);
  const label = (key: string) => translate(locale.language, locale.country, `exports.payment_history.${key}`);
  const labels = columns.map((column) => label(`columns.${column.key}`));
  const results = { S: label('result.success'), E: label('result.error') };
  const toCells = (entry: PaymentHistoryEntry): Cell[] => [
    text(entry.document_number_finance.replace(/^0+(?=\d)/, '')),
    text(entry.document_date),
    text(results[entry.message_type]),
    text(entry.currency_key),
    { kind: 'number', value: entry.current_paid_amount },
    text(paymentMethodLabel(entry)),
    text(entry.authorization_reference_code),
    text(
      entry.sd_invoices
        .map((invoice) => (invoice.billing_document_number || invoice.document_number_finance).replace(/^0+(?=\d)/, ''))
        .join(' '),
    ),
    text(entry.message_line_string),
  ];
  const batches = async function* (): AsyncIterable<Cell[][]> {
    let cursor: string | undefined;
    for (;;) {
      const page = await ctx.erp.searchPayments({
        ...erpRequest,
        search_parameters: { ...erpRequest.search_parameters, page_size: 200, cursor },
      });
      yield page.data.document_list.map(toCells);
      if (!page.next_cursor) return;
      cursor = page.next_cursor;
    }
  };
  if (format === 'csv') return csvStream(labels, batches(), csvLines);
  return xlsxStream(
    'Payments',
    columns.map((column, index) => ({ header: labels[index]!, width: column.width, amount: column.amount })),
    batches(),
  );
}

function text(value: string): Cell {
  return value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' };
}
