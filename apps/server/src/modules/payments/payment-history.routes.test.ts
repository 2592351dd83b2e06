import type { PaymentHistoryResponse } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let posted: PaymentHistoryResponse['data']['document_list'][number] | undefined;
let paidInvoice = '';

const history = (
  token: string,
  search: Record<string, unknown> = {},
  soldTos: string[] = [],
  payerData = payerAccount,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/PaymentsHistory/GetPaymentsHistory',
    headers: bearer(token),
    payload: { payer_data: payerData, soldto_data: soldTos, search_parameters: { status: '03', ...search } },
  });

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1500 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  const amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  const declining = await saveCard(t.app, payer, { number: '4000 0000 0000 0002', cvv: '123', type: 'VISA' });
  const invoices = await openInvoices(t.database.db, 3);
  paidInvoice = invoices[0]!.billingDocumentNumber;
  await pay(t.app, payer, payRequest(invoices.slice(0, 2), { cardToken: amex }));
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

const soldTosOf = async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer/header-accounts',
    headers: bearer(payer),
    payload: {},
  });
  const item = (
    response.json().HeaderItems as { PrimaryAcct: string; DropDownItems: { PrimaryAcct: string }[] }[]
  ).find((candidate) => candidate.PrimaryAcct.replace(/^0+/, '') === '100001')!;
  return item.DropDownItems.map((sub) => sub.PrimaryAcct);
};

describe('POST /api/PaymentsHistory/GetPaymentsHistory', () => {
  it('lists the new payment (S, with the invoices it settled) and the declined attempt (E), newest first', async () => {
    const response = await history(payer, {}, await soldTosOf());
    expect(response.statusCode, response.body).toBe(200);
    const list = (response.json() as PaymentHistoryResponse).data.document_list;
    posted = list.find((entry) => entry.message_type === 'S');
    expect(posted?.sd_invoices).toHaveLength(2);
    expect(posted?.payment_card_type).toBe('AMEX');
    expect(list.some((entry) => entry.message_type === 'E')).toBe(true);
    const declined = list.find((entry) => entry.message_type === 'E');
    expect(declined?.message_line_string).toContain('declined');
    expect(declined?.sd_invoices).toHaveLength(0);
  });

  it('finds a payment by the number of an invoice it settled, and nothing for an unknown number', async () => {
    const soldTos = await soldTosOf();
    const found = (await history(payer, { filter: [{ filter_type: '01', value: paidInvoice }] }, soldTos)).json();
    expect(found.data.document_list).toHaveLength(1);
    const none = (await history(payer, { filter: [{ filter_type: '01', value: '99999999' }] }, soldTos)).json();
    expect(none.data.document_list).toHaveLength(0);
    expect(none.found_count).toBe(0);
  });

  it('filters by currency and period', async () => {
    const soldTos = await soldTosOf();
    const eur = (await history(payer, { currency_key: 'EUR' }, soldTos)).json();
    expect(eur.data.document_list.every((entry: { currency_key: string }) => entry.currency_key === 'EUR')).toBe(true);
    const past = (await history(payer, { date_from: '01-01-2001', date_to: '12-31-2001' }, soldTos)).json();
    expect(past.data.document_list).toHaveLength(0);
  });

  it('refuses a payer search without a customer, a half period, and another customer (404)', async () => {
    expect((await history(payer, {}, [])).json().messageKey).toBe('validation.search.select_customer');
    const half = await history(payer, { date_from: '01-01-2026' }, await soldTosOf());
    expect(half.statusCode).toBe(400);
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    expect((await history(soldto, {}, [])).statusCode).toBe(404);
  });

  it('exports the payments as CSV with the invoice numbers, and as an xlsx workbook', async () => {
    const soldTos = await soldTosOf();
    const body = { payer_data: payerAccount, soldto_data: soldTos, search_parameters: { status: '03' } };
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/PaymentsHistory/payments-csv',
      headers: bearer(payer),
      payload: body,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('PaymentHistory.csv');
    expect(csv.body).toContain(paidInvoice.replace(/^0+/, ''));
    expect(csv.body).toContain('Success');
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/PaymentsHistory/payments-excel',
      headers: bearer(payer),
      payload: body,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/PaymentsHistory/payments-csv',
      headers: bearer(soldto),
      payload: body,
    });
    expect(refused.statusCode).toBe(404);
  });
});
