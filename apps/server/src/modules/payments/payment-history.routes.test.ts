// POST /api/PaymentsHistory/GetPaymentsHistory and its CSV / Excel exports on a real database: the demo history
// (seedPaymentHistory) plus payments made through the API, every filter, keyset paging, the declined (E) rows, and
// the refusals (another customer's account answers 404 like an unknown one, no session 401, spec §5 validation).
import type { PaymentHistoryEntry, PaymentHistoryResponse } from '@portal/contracts';
import { lastFourOfToken } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerConnector } from '../../connectors/erp/ledger/ledger-connector';
import { payments } from '../../connectors/erp/ledger/ledger.schema';
import { seedPaymentHistory } from '../../connectors/erp/ledger/seed-payment-history';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import {
  bearer,
  openInvoices,
  pay,
  payerAccount,
  payRequest,
  saveCard,
  threeDsForPayment,
} from './payments.test-helpers';

let t: TestApp;
let payer: string;
let soldTos: string[];
let paidInvoice = '';

const every = { date_from: '01-01-1800', date_to: '12-31-9999' };

const history = (
  token: string,
  search: Record<string, unknown> = {},
  selected: string[] = soldTos,
  payerData: Record<string, string> = payerAccount,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/PaymentsHistory/GetPaymentsHistory',
    headers: { ...bearer(token), ...headers },
    payload: { payer_data: payerData, soldto_data: selected, search_parameters: { status: '03', ...search } },
  });

const listOf = async (response: Awaited<ReturnType<typeof history>>): Promise<PaymentHistoryEntry[]> => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PaymentHistoryResponse).data.document_list;
};

/** Every entry of a search, page by page (page_size rows each). */
async function walk(search: Record<string, unknown>, pageSize: number) {
  const pages: PaymentHistoryResponse[] = [];
  let cursor: string | undefined;
  do {
    const response = await history(payer, { ...search, page_size: pageSize, ...(cursor ? { cursor } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as PaymentHistoryResponse;
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

const exportFile = (format: 'csv' | 'excel', token: string, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/PaymentsHistory/payments-${format}`,
    headers: { ...bearer(token), ...headers },
    payload: body,
  });

/** The ERP's day of a MM-DD-YYYY date, comparable as text. */
const isoOf = (erpDate: string) => `${erpDate.slice(6)}-${erpDate.slice(0, 2)}-${erpDate.slice(3, 5)}`;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1500 });
  await seedPaymentHistory(t.database.db, { asOf: t.clock.now() });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  const accounts = await t.app.inject({
    method: 'POST',
    url: '/api/customer/header-accounts',
    headers: bearer(payer),
    payload: {},
  });
  const item = (
    accounts.json().HeaderItems as { PrimaryAcct: string; DropDownItems: { PrimaryAcct: string }[] }[]
  ).find((candidate) => candidate.PrimaryAcct.replace(/^0+/, '') === '100001')!;
  soldTos = item.DropDownItems.map((sub) => sub.PrimaryAcct);

  const amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  const declining = await saveCard(t.app, payer, { number: '4000 0000 0000 0002', cvv: '123', type: 'VISA' });
  const invoices = await openInvoices(t.database.db, 3);
  paidInvoice = invoices[0]!.billingDocumentNumber;
  expect((await pay(t.app, payer, payRequest(invoices.slice(0, 2), { cardToken: amex }))).statusCode).toBe(200);
  const step = await threeDsForPayment(t.app, payer, declining);
  await pay(
    t.app,
    payer,
    payRequest([invoices[2]!], { cardToken: declining, cardType: 'VISA', cvv: '123', threeDsAccessToken: step }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/PaymentsHistory/GetPaymentsHistory', () => {
  it('lists the new payment (S, with the invoices it settled) and the declined attempt (E), newest first', async () => {
    const list = await listOf(await history(payer, every));
    const [newest, second] = list;
    // The two API payments are the newest rows: the decline was made after the payment.
    expect(newest?.message_type).toBe('E');
    expect(newest?.message_line_string).toContain('declined');
    expect(newest?.sd_invoices).toHaveLength(0);
    expect(newest?.authorization_reference_code).toBe('');
    expect(second?.message_type).toBe('S');
    expect(second?.payment_card_type).toBe('AMEX');
    expect(lastFourOfToken(second!.payment_card_token)).toBe('0005');
    expect(second?.authorization_reference_code).not.toBe('');
    expect(second?.sd_invoices.map((invoice) => invoice.billing_document_number)).toContain(paidInvoice);
    expect(second?.sd_invoices.every((invoice) => invoice.open_amount === '0.00')).toBe(true);
    const dates = list.map((entry) => isoOf(entry.document_date));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows the demo history: payments with the invoices they settled, deposits without, and declined attempts', async () => {
    const list = await listOf(await history(payer, every));
    const seeded = list.slice(2);
    const declined = seeded.filter((entry) => entry.message_type === 'E');
    expect(declined.length).toBeGreaterThan(0);
    expect(declined.every((entry) => entry.message_line_string.startsWith('Payment declined'))).toBe(true);
    const settled = seeded.filter((entry) => entry.message_type === 'S' && entry.log_id === 'POST_INVOICE');
    expect(settled.length).toBeGreaterThan(10);
    for (const entry of settled) {
      expect(entry.sd_invoices.length).toBeGreaterThan(0);
      // What the payment paid on its invoices adds up to its amount (money in minor units, never floats).
      const paid = entry.sd_invoices.reduce(
        (sum, invoice) => sum + BigInt(invoice.current_paid_amount.replace('.', '')),
        0n,
      );
      expect(paid).toBe(BigInt(entry.current_paid_amount.replace('.', '')));
    }
    expect(
      seeded.some(
        (entry) => entry.log_id === 'POST_DEPOSIT' && entry.message_type === 'S' && !entry.sd_invoices.length,
      ),
    ).toBe(true);
  });

  it('pages newest first with a cursor: every payment once, and the found count of all pages', async () => {
    const pages = await walk(every, 7);
    const entries = pages.flatMap((page) => page.data.document_list);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.every((page) => page.found_count === entries.length && !page.found_count_capped)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.data.document_list.length === 7)).toBe(true);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const whole = await listOf(await history(payer, { ...every, page_size: 200 }));
    expect(entries).toEqual(whole);
  });

  it('caps the found count like the invoice search', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now, foundCountCap: 5 });
    const answer = await ledger.searchPayments({
      payer_data: payerAccount,
      search_parameters: { ...every, page_size: 3 },
    });
    expect(answer).toMatchObject({ found_count: 5, found_count_capped: true });
    expect(answer.data.document_list).toHaveLength(3);
  });

  it('finds the payments that settled an invoice number (with or without leading zeros), and nothing else', async () => {
    const found = await listOf(
      await history(payer, { ...every, filter: [{ filter_type: '01', value: paidInvoice.replace(/^0+/, '') }] }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.message_type).toBe('S');
    // A seeded payment of several invoices is found by any one of them.
    const grouped = (await listOf(await history(payer, every))).find((entry) => entry.sd_invoices.length > 1)!;
    const byLast = await listOf(
      await history(payer, {
        ...every,
        filter: [{ filter_type: '01', value: grouped.sd_invoices.at(-1)!.billing_document_number }],
      }),
    );
    expect(byLast.map((entry) => entry.document_number_finance)).toContain(grouped.document_number_finance);
    const none = await history(payer, { ...every, filter: [{ filter_type: '01', value: '99999999' }] });
    expect(await listOf(none)).toHaveLength(0);
    expect(none.json().found_count).toBe(0);
  });

  it('filters by currency, period and sold-to', async () => {
    const all = await listOf(await history(payer, every));
    const eur = await listOf(await history(payer, { ...every, currency_key: 'EUR' }));
    expect(eur.length).toBeGreaterThan(0);
    expect(eur).toEqual(all.filter((entry) => entry.currency_key === 'EUR'));

    const day = all[5]!.document_date;
    const oneDay = await listOf(await history(payer, { date_from: day, date_to: day }));
    expect(oneDay).toEqual(all.filter((entry) => entry.document_date === day));
    expect(await listOf(await history(payer, { date_from: '01-01-2001', date_to: '12-31-2001' }))).toHaveLength(0);

    const soldTo = all.find((entry) => entry.soldto_number !== all[0]!.soldto_number)!.soldto_number;
    const one = await listOf(await history(payer, every, [soldTo]));
    expect(one.length).toBeGreaterThan(0);
    expect(one).toEqual(all.filter((entry) => entry.soldto_number === soldTo));
  });

  it("shows a sold-to user only its own sold-to's payments", async () => {
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    const list = await listOf(
      await history(soldto, every, [], { customer_number: '0000200001', company_code: '1000' }),
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((entry) => entry.soldto_number === '0000200001')).toBe(true);
  });

  it("refuses another customer's account exactly like an unknown one (404), and a sold-to outside the account", async () => {
    const other = await history(payer, every, [], { customer_number: '0000100003', company_code: '2000' });
    const unknown = await history(payer, every, [], { customer_number: '0000999999', company_code: '1000' });
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json().error).toBe(unknown.json().error);
    expect(other.json().messageKey).toBe(unknown.json().messageKey);
    expect((await history(payer, every, ['0000200006'])).statusCode).toBe(404);
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    expect((await history(soldto, every, [], payerAccount)).statusCode).toBe(404);
  });

  it('refuses a call without a valid session (401)', async () => {
    const body = { payer_data: payerAccount, soldto_data: soldTos, search_parameters: { status: '03' } };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/PaymentsHistory/GetPaymentsHistory',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await history('not-a-token', every);
    expect(forged.statusCode).toBe(401);
    expect((await exportFile('csv', 'not-a-token', body)).statusCode).toBe(401);
  });

  it('re-checks the search validations of spec §5 (400 with the message key)', async () => {
    const noCustomer = await history(payer, every, []);
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().messageKey).toBe('validation.search.select_customer');
    const half = await history(payer, { date_from: '01-01-2026' });
    expect(half.statusCode).toBe(400);
    expect(half.json().messageKey).toBe('validation.search.document_dates_required');
    const reversed = await history(payer, { date_from: '03-01-2026', date_to: '01-01-2026' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().messageKey).toBe('validation.search.due_to_date_should_greater');
    expect((await history(payer, { date_from: '2026-01-01', date_to: '01-31-2026' })).statusCode).toBe(400);
    expect((await history(payer, { ...every, page_size: 201 })).statusCode).toBe(400);
  });

  it('answers a cursor it did not issue with status E and no rows', async () => {
    const answer = (await history(payer, { ...every, cursor: 'bm90LWEtY3Vyc29y' })).json() as PaymentHistoryResponse;
    expect(answer.status.message_type).toBe('E');
    expect(answer.data.document_list).toHaveLength(0);
  });
});

describe('POST /api/PaymentsHistory/payments-csv and payments-excel', () => {
  const body = () => ({
    payer_data: payerAccount,
    soldto_data: soldTos,
    search_parameters: { status: '03', ...every },
  });

  it('exports every payment of the search as CSV, with the invoice numbers, results and neutralised text', async () => {
    // A message the ERP could send that a spreadsheet would run as a formula.
    await t.database.db.insert(payments).values({
      postingReference: 'formula-test',
      logId: 'POST_INVOICE',
      messageType: 'E',
      messageLineString: '=HYPERLINK("http://evil.example","x")',
      companyCode: '1000',
      payerNumber: '0000100001',
      soldtoNumber: soldTos[0]!,
      currencyKey: 'USD',
      amount: 1234n,
      paymentCardToken: '-VISA-4242-AAAAAAAAAAAAAAAA',
      paymentCardType: 'VISA',
      documentDate: '2001-01-01',
      postedAt: new Date('2001-01-01T10:00:00Z'),
    });
    const total = (await history(payer, { ...every, page_size: 1 })).json().found_count as number;
    const csv = await exportFile('csv', payer, body());
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('PaymentHistory.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Document number,Date,Result,Currency,Amount,Payment method,Authorization,Invoices,Message');
    expect(lines).toHaveLength(total + 1);
    expect(csv.body).toContain(paidInvoice.replace(/^0+/, ''));
    expect(csv.body).toContain(',Success,');
    expect(csv.body).toContain(',Error,');
    expect(csv.body).toContain('AMEX 0005');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).toContain(',12.34,');
  });

  it('exports the same rows as an xlsx workbook with amounts as numbers, in the language asked for', async () => {
    const xlsx = await exportFile('excel', payer, body(), { 'accept-language': 'de' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('PaymentHistory.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const total = (await history(payer, { ...every, page_size: 1 })).json().found_count as number;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Belegnummer');
    expect(typeof sheet.getRow(2).getCell(5).value).toBe('number');
  });

  it("refuses another customer's account (404) and an invalid search (400) before writing a byte", async () => {
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    const refused = await exportFile('csv', soldto, body());
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/json');
    const invalid = await exportFile('excel', payer, { ...body(), soldto_data: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().messageKey).toBe('validation.search.select_customer');
  });
});
