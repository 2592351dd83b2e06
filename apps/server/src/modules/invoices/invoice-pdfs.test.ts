// The PDF calls: a signed link per request, the PDF behind it (a real, parseable PDF holding the document number),
// one merged file for the search and the selection, expiry, tampering and cross-customer refusals.
import { and, eq, ne } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUnicodeFont } from '../../connectors/erp/ledger/invoice-pdf';
import { documents } from '../../connectors/erp/ledger/ledger.schema';
import { users } from '../../db/portal.schema';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 600 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function post(login: string, url: string, payload?: object) {
  if (!tokens.has(login)) tokens.set(login, (await signInAs(t.app, login)).token);
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokens.get(login)}` }, payload });
}

const payer = { customer_number: '100001', company_code: '1000' };
const soldTos = ['100001', '200001', '200002', '200003'];
const trim = (n: string) => n.replace(/^0+/, '');

async function pdfDocumentsOf(payerNumber: string, count: number, companyCode = '1000') {
  return t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, payerNumber),
        eq(documents.companyCode, companyCode),
        eq(documents.pdfDocumentAvailable, true),
        eq(documents.itemIsAPayment, false),
        ne(documents.billingDocumentNumber, ''),
      ),
    )
    .limit(count);
}

async function download(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('POST /api/Invoice/pdf-request', () => {
  it('answers a short-lived link to a valid PDF that holds the document number', async () => {
    const [invoice] = await pdfDocumentsOf('0000100001', 1);
    const number = trim(invoice!.billingDocumentNumber);
    const response = await post('payer@example.com', '/api/Invoice/pdf-request', {
      payer_data: payer,
      soldto_data: [],
      search_parameters: { filter: [{ filter_type: '01', value: number }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url, expires_at: expiresAt, document_count: count } = response.json();
    expect(url).toMatch(/^\/api\/invoice\/pdf\/[\w-]+\.[\w-]+$/);
    expect(count).toBe(1);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(120_000);

    const file = await download(url); // no bearer token: a new tab has none
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parsed = await PDFDocument.load(file.rawPayload);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    const text = pdfText(file.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain('INVOICE');
  });

  it('refuses a link after it expires, and a tampered or forged one', async () => {
    const [invoice] = await pdfDocumentsOf('0000100001', 1);
    const { url } = (
      await post('payer@example.com', '/api/Invoice/pdf-request', {
        payer_data: payer,
        search_parameters: { filter: [{ filter_type: '01', value: invoice!.billingDocumentNumber }] },
      })
    ).json();
    const token = url.split('/').pop() as string;
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, c: '0000100003', cc: '2000' })).toString('base64url');
    expect((await download(`/api/invoice/pdf/${forged}.${signature}`)).statusCode).toBe(404);
    expect((await download(`/api/invoice/pdf/${payload}.${signature.slice(0, -2)}AA`)).statusCode).toBe(404);
    expect((await download('/api/invoice/pdf/garbage')).statusCode).toBe(404);

    t.clock.advance(121_000);
    try {
      const expired = await download(url);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error).toBe('NOT_FOUND');
    } finally {
      t.clock.advance(-121_000);
    }
    expect((await download(url)).statusCode).toBe(200);
  });

  it("answers 404 for another customer's document, the same as for an unknown one", async () => {
    const [foreign] = await pdfDocumentsOf('0000100003', 1, '2000');
    const other = await post('payer@example.com', '/api/Invoice/pdf-request', {
      payer_data: payer,
      search_parameters: { filter: [{ filter_type: '01', value: foreign!.billingDocumentNumber }] },
    });
    const unknown = await post('payer@example.com', '/api/Invoice/pdf-request', {
      payer_data: payer,
      search_parameters: { filter: [{ filter_type: '01', value: '1' }] },
    });
    const otherAccount = await post('payer@example.com', '/api/Invoice/pdf-request', {
      payer_data: { customer_number: '100003', company_code: '2000' },
      search_parameters: { filter: [{ filter_type: '01', value: foreign!.billingDocumentNumber }] },
    });
    for (const response of [other, unknown, otherAccount]) expect(response.statusCode).toBe(404);
    expect({ ...other.json(), uniqueId: '' }).toEqual({ ...unknown.json(), uniqueId: '' });
  });

  it('refuses a request without exactly one document number', async () => {
    const response = await post('payer@example.com', '/api/Invoice/pdf-request', {
      payer_data: payer,
      search_parameters: { filter: [] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('stops serving the link when the user is no longer active', async () => {
    const [invoice] = await pdfDocumentsOf('0000100001', 1);
    const { url } = (
      await post('payer@example.com', '/api/Invoice/pdf-request', {
        payer_data: payer,
        search_parameters: { filter: [{ filter_type: '01', value: invoice!.billingDocumentNumber }] },
      })
    ).json();
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.login, 'payer@example.com'));
    try {
      expect((await download(url)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.login, 'payer@example.com'));
    }
  });

  it('renders Japanese invoices with name_2, each embedding its own subset of the font parsed once', async () => {
    const japanese = await pdfDocumentsOf('0000100004', 2, 'JP01');
    expect(japanese).toHaveLength(2);
    const font = loadUnicodeFont();
    for (const invoice of japanese) {
      const response = await post('manager@example.com', '/api/Invoice/pdf-request', {
        payer_data: { customer_number: '100004', company_code: 'JP01' },
        search_parameters: { filter: [{ filter_type: '01', value: invoice.billingDocumentNumber }] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const file = await download(response.json().url);
      expect(file.statusCode).toBe(200);
      await PDFDocument.load(file.rawPayload);
      expect(pdfText(file.rawPayload)).toContain('JPY');
      // The font is shared by every document of the process; the glyphs each one uses are embedded in it.
      if (font) expect(file.rawPayload.toString('latin1')).toMatch(/\/FontFile[23]? /);
    }
    expect(loadUnicodeFont()).toBe(font);
  });
});

describe('POST /api/Invoice/bulk-pdf-request', () => {
  it('merges the selected invoices into one PDF, ignoring numbers that are not the account’s', async () => {
    const own = await pdfDocumentsOf('0000100001', 3);
    const [foreign] = await pdfDocumentsOf('0000100003', 1, '2000');
    const selection = own.map((d, index) =>
      index === 0
        ? `${trim(d.billingDocumentNumber)}-${d.documentNumberFinance}-${d.postingDate}-${d.lineItem}`
        : trim(d.billingDocumentNumber),
    );
    const response = await post('payer@example.com', '/api/Invoice/bulk-pdf-request', {
      payer_data: payer,
      soldto_data: soldTos,
      search_parameters: { GridViewDocIds: [...selection, foreign!.billingDocumentNumber] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().document_count).toBe(3);
    const file = await download(response.json().url);
    const parsed = await PDFDocument.load(file.rawPayload);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(3);
    const text = pdfText(file.rawPayload);
    for (const d of own) expect(text).toContain(trim(d.billingDocumentNumber));
    expect(text).not.toContain(trim(foreign!.billingDocumentNumber));
  });

  it('answers 404 when none of the selection is the account’s, 400 for an empty selection', async () => {
    const [foreign] = await pdfDocumentsOf('0000100003', 1, '2000');
    const none = await post('payer@example.com', '/api/Invoice/bulk-pdf-request', {
      payer_data: payer,
      search_parameters: { GridViewDocIds: [foreign!.billingDocumentNumber] },
    });
    expect(none.statusCode).toBe(404);
    const empty = await post('payer@example.com', '/api/Invoice/bulk-pdf-request', {
      payer_data: payer,
      search_parameters: { GridViewDocIds: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/invoice/search-pdf-request', () => {
  it('merges the invoices a search finds (those with a PDF)', async () => {
    const response = await post('payer@example.com', '/api/invoice/search-pdf-request', {
      payer_data: payer,
      soldto_data: ['200001'],
      search_parameters: { status: '03', currency_key: 'USD', date_from: '06-01-2026', date_to: '10-31-2026' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url, document_count: count } = response.json();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(200);
    const parsed = await PDFDocument.load((await download(url)).rawPayload);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(count);
  });

  it("refuses another customer's account and the search validations", async () => {
    const foreign = await post('payer@example.com', '/api/invoice/search-pdf-request', {
      payer_data: { customer_number: '100003', company_code: '2000' },
      soldto_data: ['200006'],
      search_parameters: { status: '03' },
    });
    expect(foreign.statusCode).toBe(404);
    const invalid = await post('payer@example.com', '/api/invoice/search-pdf-request', {
      payer_data: payer,
      soldto_data: [],
      search_parameters: { status: '03' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().messageKey).toBe('validation.search.select_customer');
  });
});
