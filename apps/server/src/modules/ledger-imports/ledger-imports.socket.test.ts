// Issue 35: imports as a supplier's ERP sends them, over a real socket to a listening portal (whatever
// TEST_TRANSPORT says). A CSV or XML body read as a stream once stopped the whole server: the NUL check walked the
// stream's object graph, and no test had called the route over TCP. Each kind answers its report here, and the
// portal keeps answering others while a large CSV streams in.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@portal/contracts';
import { testErpOverHttp } from '../../config';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { buildUblInvoice } from './ubl/build-ubl';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ overSocket: true, ledgerDocuments: 20, settings: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function send(body: string | Buffer | Readable, contentType: string, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/ledger/imports${query}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, 'accept-language': 'en' },
    payload: body,
  });
}

async function report(body: string | Buffer | Readable, contentType: string, query = ''): Promise<ImportReport> {
  const response = await send(body, contentType, query);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportReport;
}

const ubl = (number: string) =>
  buildUblInvoice({
    number,
    issueDate: '2026-10-02',
    currency: 'USD',
    paymentTerms: 'Net 30 days',
    buyer: { name: 'Customer', legalId: { scheme: '0002', value: 'FR23342' } },
    lines: [{ quantity: '2', unitPrice: '12.50', name: 'Paper', taxPercent: '0' }],
  });

// Imports fill the built-in ledger: with ERP_URL they answer 409 (erp-service.test.ts).
describe.skipIf(testErpOverHttp())('POST /api/ledger/imports over a socket', () => {
  it('answers each kind with its report: company codes, customers, documents (CSV), UBL (XML and multipart)', async () => {
    const codes = await report(
      'company_code,name,country,currency_key\nUS02,Second US company,US,USD\n',
      'text/csv',
      '?kind=company_codes',
    );
    expect(codes.counts).toMatchObject({ created: 1, rejected: 0 });
    // The two lines of issue 35, as its reporter sent them.
    const customers = await report(
      'customer_number,party_ids\n0000100001,0002:FR23342\n',
      'text/csv',
      '?kind=customers',
    );
    expect(customers.counts).toMatchObject({ updated: 1, rejected: 0 });
    const documents = await report(
      'company_code,type,number,document_date,due_date,currency,total_amount,open_amount,payer_number\n' +
        '1000,invoice,SOCK-1,2026-10-01,2026-10-31,USD,100.00,100.00,100001\n',
      'application/csv',
      '?kind=documents',
    );
    expect(documents.counts).toMatchObject({ created: 1, rejected: 0 });
    const xml = await report(ubl('SOCK-UBL-1'), 'application/xml', '?company_code=1000');
    expect(xml.counts, JSON.stringify(xml.rejected)).toMatchObject({ created: 1, rejected: 0 });
    const textXml = await report(ubl('SOCK-UBL-2'), 'text/xml; charset=utf-8', '?company_code=1000');
    expect(textXml.counts).toMatchObject({ created: 1, rejected: 0 });

    const boundary = 'portal-socket-test';
    const part = (name: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      `Content-Type: application/xml\r\n\r\n${content}\r\n`;
    const multipart = `${part('a.xml', ubl('SOCK-UBL-3'))}${part('b.xml', ubl('SOCK-UBL-4'))}--${boundary}--\r\n`;
    const files = await report(multipart, `multipart/form-data; boundary=${boundary}`, '?company_code=1000');
    expect(files.counts).toMatchObject({ created: 2, rejected: 0 });
  });

  it('refuses a body of another type (415), a NUL in a JSON value (400) and an empty body, and goes on answering', async () => {
    expect((await send('{"a":1}', 'application/json', '?kind=customers')).statusCode).toBe(415);
    expect((await send('', 'text/csv', '?kind=customers')).statusCode).toBeLessThan(500);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers /api/health within a second, every time, while a 100,000-row documents CSV streams in', async () => {
    const rows = 100_000;
    async function* csv() {
      yield 'company_code,type,number,document_date,due_date,currency,total_amount,open_amount,payer_number\n';
      for (let start = 0; start < rows; start += 1000) {
        let chunk = '';
        for (let index = start; index < start + 1000; index++)
          chunk += `1000,invoice,BIG-${index},2026-10-01,2026-12-31,USD,10.00,10.00,100001\n`;
        yield chunk;
      }
    }
    let importing = true;
    const answers: number[] = [];
    const probe = (async () => {
      while (importing) {
        const started = performance.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        answers.push(performance.now() - started);
        expect(health.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const imported = await report(Readable.from(csv()), 'text/csv', '?kind=documents').finally(() => {
      importing = false;
    });
    await probe;
    expect(imported.counts, JSON.stringify(imported.rejected.slice(0, 2))).toMatchObject({
      created: rows,
      rejected: 0,
    });
    expect(answers.length).toBeGreaterThan(5);
    expect(Math.max(...answers), `health answers (ms): ${answers.map(Math.round).join(' ')}`).toBeLessThan(1000);
  }, 600_000);
});
