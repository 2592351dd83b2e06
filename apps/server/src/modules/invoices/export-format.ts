// Cells of the invoice exports: one value per column of the invoice table, formula injection neutralised.
import type { InvoiceTableColumn, LedgerDocument } from '@portal/contracts';
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
export function exportColumns(requested: InvoiceTableColumn[] | undefined): ExportColumn[] {
  const base = (requested ?? []).filter((column): column is Exclude<InvoiceTableColumn, 'pdf'> => column !== 'pdf');
  const chosen: ExportColumn[] =
    base.length > 0
      ? [...new Set(base)]
      : [
          'document_number',
          'reference',
          'status',
          'document_date',
          'due_date',
          'days_to_pay',
          'amount',
          'paid_amount',
          'reason',
          'soldto_address',
          'payer_address',
          'card',
          'unit_price',
          'total',
        ];
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
