// POST /api/payments-received/export?format=csv|xlsx (CanViewReceivedPayments): every payment of the filter, one row
// each, newest first, streamed from the database in keyset batches straight into the file (memory stays flat). Text
// cells are neutralised against formula injection (a comment or reference typed by a payer may start with =).
import type { Readable } from 'node:stream';
import {
  paymentsReceivedKinds,
  type PaymentReceived,
  type PaymentsReceivedExportFormat,
  type PaymentsReceivedFilters,
  type PaymentsReceivedKind,
} from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { csvLines, csvStream, xlsxStream } from '../../http/file-export';
import { neutralizeFormula, type Cell } from '../invoices/export-format';
import { receivedPage, type ReceivedFilters, type ReceivedKey } from './payments-received.repository';
import { receivedFilters } from './received-filters';
import { toPaymentReceived } from './received-payment';

type Locale = { language: Language; country: string | undefined };

const columns = [
  'posted_at',
  'kind',
  'company_code',
  'payer_number',
  'soldto_number',
  'currency',
  'amount',
  'method',
  'gateway_reference',
  'order_number',
  'payment_document_number',
  'login',
  'documents_count',
  'documents',
  'reason_codes',
  'comments',
  'acknowledged_at',
  'erp_document_number',
  'acknowledged_by',
  // Issue 37: a reversal's row names the payment it reverses, and a returned debit its code.
  'reverses',
  'return_code',
] as const;
type Column = (typeof columns)[number];

const widths: Partial<Record<Column, number>> = {
  posted_at: 22,
  payer_number: 13,
  soldto_number: 13,
  gateway_reference: 20,
  order_number: 16,
  payment_document_number: 16,
  login: 26,
  documents: 40,
  comments: 40,
  acknowledged_at: 22,
  erp_document_number: 16,
  acknowledged_by: 20,
};

const batchSize = 1000;

const text = (value: string): Cell => (value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' });

function cellsOf(payment: PaymentReceived, kindLabels: Record<PaymentReceived['kind'], string>): Cell[] {
  const documents = payment.documents;
  const values: Record<Column, Cell> = {
    posted_at: text(payment.posted_at),
    kind: text(kindLabels[payment.kind]),
    company_code: text(payment.company_code),
    payer_number: text(payment.payer_number),
    soldto_number: text(payment.soldto_number),
    currency: text(payment.currency_key),
    amount: { kind: 'number', value: payment.amount },
    method: text(payment.method),
    gateway_reference: text(payment.gateway_reference),
    order_number: text(payment.order_number),
    payment_document_number: text(payment.payment_document_number),
    login: text(payment.login),
    documents_count: { kind: 'number', value: String(documents.length) },
    documents: text(
      documents
        .map(
          (document) => `${document.billing_document_number || document.document_number_finance}: ${document.amount}`,
        )
        .join('; '),
    ),
    reason_codes: text([...new Set(documents.map((document) => document.reason_code).filter(Boolean))].join('; ')),
    comments: text(
      documents
        .map((document) => document.comment)
        .filter(Boolean)
        .join('; '),
    ),
    acknowledged_at: text(payment.acknowledged_at ?? ''),
    reverses: text(payment.reverses ?? ''),
    return_code: text(payment.return_code),
    erp_document_number: text(payment.erp_document_number),
    acknowledged_by: text(payment.acknowledged_by),
  };
  return columns.map((column) => values[column]);
}

async function* batches(
  ctx: AppContext,
  filters: ReceivedFilters,
  kindLabels: Record<PaymentReceived['kind'], string>,
): AsyncIterable<Cell[][]> {
  let after: ReceivedKey | undefined;
  for (;;) {
    const rows = await receivedPage(ctx.db, filters, batchSize, after);
    if (rows.length > 0) yield rows.map(({ row }) => cellsOf(toPaymentReceived(row, null), kindLabels));
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.key;
  }
}

export function exportPaymentsReceived(
  ctx: AppContext,
  request: PaymentsReceivedFilters,
  format: PaymentsReceivedExportFormat,
  locale: Locale,
): Readable {
  // Validated before the first byte: a bad period is a normal JSON error answer.
  const filters = receivedFilters(request, ctx.now());
  const label = (key: string) => translate(locale.language, locale.country, `payments-received.${key}`);
  const labels = columns.map((column) => label(`columns.${column}`));
  const kindLabels = Object.fromEntries(paymentsReceivedKinds.map((kind) => [kind, label(`kinds.${kind}`)])) as Record<
    PaymentsReceivedKind,
    string
  >;
  const rows = batches(ctx, filters, kindLabels);
  if (format === 'csv') return csvStream(labels, rows, csvLines);
  return xlsxStream(
    'Payments received',
    columns.map((column, index) => ({
      header: labels[index]!,
      width: widths[column] ?? 12,
      amount: column === 'amount',
    })),
    rows,
  );
}
