// Cells of the invoice exports: one value per column of the invoice table, formula injection neutralised.
import { invoiceTableColumns, type InvoiceTableColumn, type LedgerDocument } from '@portal/contracts';
import { daysToPay, documentStatusText } from '@portal/domain';

export type ExportColumn = Exclude<InvoiceTableColumn, 'pdf'> | 'currency';
export type Cell = { kind: 'text'; value: string } | { kind: 'number'; value: string } | { kind: 'empty' };

const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * OWASP CSV injection: a text cell starting with = + - @ (or tab / carriage return) is read as a formula by
 * spreadsheets; a leading apostrophe makes it text. Plain numbers (also negative ones) stay numbers.
 */
export function neutralizeFormula(value: string): string {
  if (plainNumber.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The export's columns: the requested table columns (default all but pdf), with the currency before amounts. */
function isExportColumn(column: InvoiceTableColumn): column is Exclude<InvoiceTableColumn, 'pdf'> {
  return column !== 'pdf';
}

export function exportColumns(requested: InvoiceTableColumn[] | undefined): ExportColumn[] {
  const base = (requested ?? []).filter(isExportColumn);
  // No columns asked for: every column of the table, in the spec's order (the PDF icon has no cell).
  const chosen: ExportColumn[] = base.length > 0 ? [...new Set(base)] : invoiceTableColumns.filter(isExportColumn);
  const firstMoney = chosen.findIndex((column) => ['amount', 'paid_amount', 'unit_price', 'total'].includes(column));
  if (firstMoney >= 0) chosen.splice(firstMoney, 0, 'currency');
  return chosen;
}

export function columnLabelKey(column: ExportColumn): string {
  return `exports.invoices.columns.${column}`;
}

const trimZeros = (value: string): string => value.replace(/^0+(?=\d)/, '');

function addressLine(document: LedgerDocument, which: 'soldtoad' | 'payerad'): string {
  const address = document.zzcustom[which];
  // spec §2: company codes starting with JP show name_2 instead of the name.
  const name = document.company_code.startsWith('JP') && address.name_2 ? address.name_2 : address.name;
  return [name, address.street, [address.postal_code, address.city].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');
}

const text = (value: string): Cell => (value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' });
const number = (value: string): Cell => (plainNumber.test(value) ? { kind: 'number', value } : text(value));

export function cellOf(
  document: LedgerDocument,
  column: ExportColumn,
  today: Date,
  statusLabels: Record<'paid' | 'credit' | 'open', string>,
): Cell {
  switch (column) {
    case 'document_number':
      return text(trimZeros(document.billing_document_number || document.document_number_finance));
    case 'reference':
      return text(document.reference_number);
    case 'status':
      return text(statusLabels[documentStatusText(document)]);
    case 'document_date':
      return text(document.document_date);
    case 'due_date':
      return text(document.due_date);
    case 'days_to_pay': {
      const open = document.document_status === '01' && document.item_is_a_payment !== 'X';
      const days = open ? daysToPay(document.due_date, today) : null;
      return days === null ? { kind: 'empty' } : { kind: 'number', value: String(days) };
    }
    case 'currency':
      return text(document.currency_key);
    case 'amount':
      return number(document.open_amount);
    case 'paid_amount':
      return number(document.paid_amount);
    case 'total':
      return number(document.total_amount);
    case 'reason':
      return text(document.reason?.description ?? '');
    case 'soldto_address':
      return text(addressLine(document, 'soldtoad'));
    case 'payer_address':
      return text(addressLine(document, 'payerad'));
    case 'card': {
      // Payment rows may carry the card used; invoices have none.
      const type = document.custom_fields.payment_card_type ?? '';
      const token = document.custom_fields.payment_card_token ?? '';
      return text([type, token ? token.slice(-4) : ''].filter(Boolean).join(' '));
    }
    case 'unit_price':
      return document.custom_fields.unit_price ? number(document.custom_fields.unit_price) : { kind: 'empty' };
  }
}

/** One CSV field (RFC 4180): quoted when it holds a separator, quote or line break. */
export function csvField(cell: Cell): string {
  if (cell.kind === 'empty') return '';
  const value = cell.value;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

// The CSV fast path: one precompiled formatter per selected column, each giving the finished CSV field of a
// document (the text of csvField(cellOf(...)), byte for byte), joined per row without Cell objects or arrays.

type FieldOf = (document: LedgerDocument) => string;

const csvSpecial = /[",\r\n]/;
const quoteAll = /"/g;

/** csvField of a text cell: the value neutralised (as neutralizeFormula), then quoted when needed; '' when empty. */
function csvText(value: string): string {
  if (!value) return '';
  const first = value.charCodeAt(0);
  // = + - @ tab CR; a leading '-' is kept when the whole value is a plain number (neutralizeFormula).
  if (
    first === 61 ||
    first === 43 ||
    first === 64 ||
    first === 9 ||
    first === 13 ||
    (first === 45 && !plainNumber.test(value))
  ) {
    value = `'${value}`;
  }
  return csvSpecial.test(value) ? `"${value.replace(quoteAll, '""')}"` : value;
}

/** csvField of a number cell: a plain number as it is (no separator, quote or break in it), else as text. */
function csvNumber(value: string): string {
  return plainNumber.test(value) ? value : csvText(value);
}

function addressText(document: LedgerDocument, which: 'soldtoad' | 'payerad'): string {
  const address = document.zzcustom[which];
  const name = address.name_2 && document.company_code.startsWith('JP') ? address.name_2 : address.name;
  const place = address.postal_code
    ? address.city
      ? `${address.postal_code} ${address.city}`
      : address.postal_code
    : address.city;
  let line = name || '';
  for (const part of [address.street, place, address.country]) {
    if (part) line = line ? `${line}, ${part}` : part;
  }
  return line;
}

function fieldOf(column: ExportColumn, today: Date, statusLabels: Record<'paid' | 'credit' | 'open', string>): FieldOf {
  switch (column) {
    case 'document_number':
      return (document) => csvText(trimZeros(document.billing_document_number || document.document_number_finance));
    case 'reference':
      return (document) => csvText(document.reference_number);
    case 'status': {
      const labels = {
        paid: csvText(statusLabels.paid),
        credit: csvText(statusLabels.credit),
        open: csvText(statusLabels.open),
      };
      return (document) => labels[documentStatusText(document)];
    }
    case 'document_date':
      return (document) => csvText(document.document_date);
    case 'due_date':
      return (document) => csvText(document.due_date);
    case 'days_to_pay': {
      // One export has one today: the days of a due date are computed once (bounded: a few thousand dates).
      const byDueDate = new Map<string, string>();
      return (document) => {
        if (document.document_status !== '01' || document.item_is_a_payment === 'X') return '';
        let days = byDueDate.get(document.due_date);
        if (days === undefined) {
          const value = daysToPay(document.due_date, today);
          days = value === null ? '' : String(value);
          if (byDueDate.size >= 50_000) byDueDate.clear();
          byDueDate.set(document.due_date, days);
        }
        return days;
      };
    }
    case 'currency':
      return (document) => csvText(document.currency_key);
    case 'amount':
      return (document) => csvNumber(document.open_amount);
    case 'paid_amount':
      return (document) => csvNumber(document.paid_amount);
    case 'total':
      return (document) => csvNumber(document.total_amount);
    case 'reason':
      return (document) => csvText(document.reason?.description ?? '');
    case 'soldto_address':
      return (document) => csvText(addressText(document, 'soldtoad'));
    case 'payer_address':
      return (document) => csvText(addressText(document, 'payerad'));
    case 'card':
      return (document) => {
        const type = document.custom_fields.payment_card_type ?? '';
        const token = document.custom_fields.payment_card_token ?? '';
        const last4 = token ? token.slice(-4) : '';
        return csvText(type ? (last4 ? `${type} ${last4}` : type) : last4);
      };
    case 'unit_price':
      return (document) => (document.custom_fields.unit_price ? csvNumber(document.custom_fields.unit_price) : '');
  }
}

/**
 * The CSV text of documents for these columns, each row ended by CRLF: the same bytes as csvField over cellOf for
 * every column (export-format.test.ts compares both), at a fraction of the cost per row.
 */
export function csvRowsWriter(
  columns: ExportColumn[],
  today: Date,
  statusLabels: Record<'paid' | 'credit' | 'open', string>,
): (documents: readonly LedgerDocument[]) => string {
  const fields = columns.map((column) => fieldOf(column, today, statusLabels));
  const count = fields.length;
  return (documents) => {
    let out = '';
    for (const document of documents) {
      let line = count > 0 ? fields[0]!(document) : '';
      for (let index = 1; index < count; index++) line += `,${fields[index]!(document)}`;
      out += `${line}\r\n`;
    }
    return out;
  };
}
