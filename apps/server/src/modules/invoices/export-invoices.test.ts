// The streamed exports: every matching document, translated headers, formula injection neutralised, amounts
// kept as numbers (also negative ones), and the same authorisation as the search.
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../connectors/erp/ledger/ledger.schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { neutralizeFormula } from './export-format';

let t: TestApp;
let token: string;
const payer = { customer_number: '100001', company_code: '1000' };

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 600 });
  token = (await signInAs(t.app, 'payer@example.com')).token;
  // Hostile text in the ledger: references a spreadsheet would run as formulas.
  const rows = await t.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.payerNumber, '0000100001'), eq(documents.soldtoNumber, '0000200001')))
    .orderBy(documents.id)
    .limit(4);
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)'];
  for (const [index, row] of rows.entries()) {
    await t.database.db.update(documents).set({ referenceNumber: hostile[index]! }).where(eq(documents.id, row.id));
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function exportFile(format: 'csv' | 'excel', payload: object, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/invoice/invoice-${format}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    payload,
  });
}

const request = { payer_data: payer, soldto_data: ['200001'], search_parameters: { status: '03' } };

async function expectedCount() {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.payerNumber, '0000100001'), eq(documents.soldtoNumber, '0000200001')));
  return Number(row!.count);
}

describe('formula neutralisation', () => {
  it('prefixes = + - @ tab and CR, and leaves numbers alone', () => {
    expect(neutralizeFormula('=1+2')).toBe("'=1+2");
    expect(neutralizeFormula('+1')).toBe("'+1");
    expect(neutralizeFormula('-2+3')).toBe("'-2+3");
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeFormula('\tx')).toBe("'\tx");
    expect(neutralizeFormula('-12.50')).toBe('-12.50');
    expect(neutralizeFormula('PO-1')).toBe('PO-1');
  });
});

describe('POST /api/invoice/invoice-csv', () => {
  it('streams every document with translated headers and neutralised formulas', async () => {
    const response = await exportFile('csv', request, 'de');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="InvoiceExport.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Belegnummer');
    expect(lines).toHaveLength((await expectedCount()) + 1);
    const body = lines.join('\n');
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(body).toContain(",'+1+2,");
    expect(body).toContain(",'-2+3,");
    expect(body).toContain(",'@SUM(A1),");
    // Negative amounts stay plain numbers.
    expect(body).toMatch(/,-\d+\.\d{2},/);
    expect(body).not.toMatch(/,'-\d+\.\d{2},/);
  });

  it('writes only the requested columns, with the currency before the amounts', async () => {
    const response = await exportFile('csv', { ...request, columns: ['document_number', 'amount'] });
    const header = response.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe('Document number,Currency,Amount');
  });
});

describe('POST /api/invoice/invoice-excel', () => {
  it('streams a real xlsx: numbers as numbers, formulas as text', async () => {
    const response = await exportFile('excel', request);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="InvoiceExport.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices')!;
    expect(sheet.rowCount).toBe((await expectedCount()) + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const referenceColumn = header.indexOf('Reference') + 1;
    const amountColumn = header.indexOf('Amount') + 1;
    const references: unknown[] = [];
    let negative = 0;
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      references.push(row.getCell(referenceColumn).value);
      const amount = row.getCell(amountColumn);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      if ((amount.value as number) < 0) negative++;
      expect(row.getCell(referenceColumn).type).not.toBe(ExcelJS.ValueType.Formula);
    });
    expect(references).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(references).toContain("'@SUM(A1)");
    expect(negative).toBeGreaterThan(0);
  });

  it("refuses another customer's account, as the search does", async () => {
    const response = await exportFile('excel', {
      payer_data: { customer_number: '100003', company_code: '2000' },
      soldto_data: ['200006'],
      search_parameters: { status: '03' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
    const csv = await exportFile('csv', { ...request, soldto_data: ['200006'] });
    expect(csv.statusCode).toBe(404);
  });
});
