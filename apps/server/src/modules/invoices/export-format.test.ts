// The CSV fast path (csvRowsWriter) writes the same bytes as the cell path (csvField over cellOf) it replaced:
// negative amounts, JPY 0 and KWD 3 decimals, quotes / commas / line breaks, formula-leading text, empty fields,
// JP name_2, payments, credits, cards and unit prices, for every column and for column subsets.
import type { DocumentAddress, LedgerDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { cellOf, csvField, csvRowsWriter, exportColumns, type ExportColumn } from './export-format';

const statusLabels = { paid: 'Bezahlt', credit: 'Gutschrift, "neu"', open: '=Offen' };
const today = new Date(2026, 10, 22, 9, 30);

const texts = [
  '',
  'plain',
  'Müller & Söhne, GmbH',
  'He said "hi"',
  'line\nbreak',
  'cr\rlf\r\n',
  '=HYPERLINK("http://evil.example","x")',
  '+1+2',
  '-2+3',
  '-12.50',
  '-7',
  '@SUM(A1)',
  '\tTab',
  '\rCR',
  'PO-1',
  '12345',
  ' leading space',
  '"',
  ',',
];
const amounts = ['0.00', '-0.01', '123.45', '-123456789.99', '1500', '-1500', '0', '12.345', '-0.125', 'n/a', '-', ''];
const dates = ['11-22-2026', '01-01-2020', '12-31-2027', '02-29-2024', '11-21-2026', '11-23-2026', '13-45-2026', ''];

function pick<T>(values: readonly T[], seed: number, salt: number): T {
  return values[(seed * 7919 + salt * 104_729) % values.length]!;
}

function address(seed: number, salt: number): DocumentAddress {
  return {
    name: pick(texts, seed, salt),
    name_2: pick(texts, seed, salt + 1),
    street: pick(texts, seed, salt + 2),
    city: pick(texts, seed, salt + 3),
    region: pick(texts, seed, salt + 4),
    postal_code: pick(['', '10115', '=1', '100-0001'], seed, salt + 5),
    country: pick(['', 'DE', 'JP', 'KW', '-'], seed, salt + 6),
  };
}

function documentOf(seed: number): LedgerDocument {
  const customFields: LedgerDocument['custom_fields'] = { customer_purchase_order_nubmer: pick(texts, seed, 30) };
  if (seed % 3 === 0) customFields.payment_card_type = pick(['', 'VISA', '=MC', 'Amex, "Gold"'], seed, 31);
  if (seed % 4 === 0) customFields.payment_card_token = pick(['', '4111111111111111', 'ab', '=tok,"1"'], seed, 32);
  if (seed % 5 === 0) customFields.unit_price = pick(amounts, seed, 33);
  return {
    billing_document_number: pick(['', '0090001234', '0000000000', '00A1', '=0012'], seed, 1),
    billing_document_type: 'F2',
    document_number_finance: pick(['', '1400000001', '000042', '-0001'], seed, 2),
    posting_date: pick(dates, seed, 3),
    document_date: pick(dates, seed, 4),
    due_date: pick(dates, seed, 5),
    clearing_date: seed % 6 === 0 ? pick(dates, seed, 6) || null : null,
    clearing_document_number_finance: '',
    currency_key: pick(['USD', 'JPY', 'KWD', 'EUR', '', '=X'], seed, 7),
    open_amount: pick(amounts, seed, 8),
    paid_amount: pick(amounts, seed, 9),
    total_amount: pick(amounts, seed, 10),
    billed_quantity: '1',
    days_in_arrears: 0,
    finance_document_type: 'RV',
    finance_document_only: '',
    fiscal_year_of_the_relevant_invoice: '2026',
    line_item_in_the_relevant_invoice: '001',
    item_is_a_payment: seed % 7 === 0 ? 'X' : '',
    pdf_document_available: 'X',
    payer_number: '0000100001',
    soldto_number: '0000200001',
    customer_number: '0000200001',
    reference_number: pick(texts, seed, 11),
    Department: '',
    read_only_flag: '',
    reason:
      seed % 4 === 1 ? { reason_code: 'R1', description: pick(texts, seed, 12), reason_message: 'message' } : null,
    document_status: seed % 2 === 0 ? '01' : '02',
    custom_fields: customFields,
    zzcustom: { soldtoad: address(seed, 13), payerad: address(seed, 20) },
    company_code: pick(['1000', 'JP01', 'KW10', ''], seed, 14),
  };
}

/** The previous formatting: a Cell per column, csvField each, joined by commas, CRLF per row. */
function previousCsv(documents: LedgerDocument[], columns: ExportColumn[]): string {
  return documents
    .map(
      (document) => `${columns.map((column) => csvField(cellOf(document, column, today, statusLabels))).join(',')}\r\n`,
    )
    .join('');
}

const documents = Array.from({ length: 5_000 }, (_, seed) => documentOf(seed));

describe('csvRowsWriter', () => {
  it('writes the same bytes as csvField over cellOf for all columns', () => {
    const columns = exportColumns(undefined);
    const expected = previousCsv(documents, columns);
    expect(csvRowsWriter(columns, today, statusLabels)(documents)).toBe(expected);
    // The sample does hit the hard cases.
    expect(expected).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(expected).toMatch(/,-123456789\.99,/);
    expect(expected).toMatch(/,1500,/);
    expect(expected).toMatch(/,12\.345,/);
    expect(expected).toContain(",'-2+3,");
    expect(expected).toContain(',,');
    expect(expected).toContain('"line\nbreak');
  });

  it('writes the same bytes for column subsets and orders', () => {
    const subsets: ExportColumn[][] = [
      exportColumns(['document_number', 'amount']),
      exportColumns(['total', 'reference', 'days_to_pay', 'status']),
      exportColumns(['payer_address', 'soldto_address', 'card', 'unit_price']),
      exportColumns(['due_date', 'document_date', 'reason', 'paid_amount']),
      ['days_to_pay'],
      [],
    ];
    for (const columns of subsets) {
      expect(csvRowsWriter(columns, today, statusLabels)(documents)).toBe(previousCsv(documents, columns));
    }
  });
});
