// POST /api/statements (issue 29): the statement adds up (opening + movements = closing, the running balance line by
// line), a statement to today closes on the balance card to the cent, periods chain, a payment made in the portal
// shows, the three formats say the same, and every refusal: bad periods, another customer's account, no session.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementResponse } from '@portal/contracts';
import { parseMinorUnits } from '@portal/domain';
import { openInvoices, pay, payRequest, saveCard } from '../payments/payments.test-helpers';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function post(login: string, url: string, payload?: object, language = 'en') {
  if (!tokens.has(login)) tokens.set(login, (await signInAs(t.app, login)).token);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens.get(login)}`, 'accept-language': language },
    payload,
  });
}

const payer = { customer_number: '100001', company_code: '1000' };
// The test clock's day (test-app.ts): 11-02-2026.
const today = '11-02-2026';

async function statement(body: object, login = 'payer@example.com'): Promise<StatementResponse> {
  const response = await post(login, '/api/statements', {
    payer_data: payer,
    soldto_data: [],
    format: 'json',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  // The streamed JSON is the contract's shape.
  return StatementResponse.parse(response.json());
}

const minor = (amount: string, decimals: number) => parseMinorUnits(amount, decimals)!;
const sortable = (erp: string) => `${erp.slice(6)}${erp.slice(0, 2)}${erp.slice(3, 5)}`;

describe('POST /api/statements', () => {
  it('runs from the opening balance through every movement to the closing balance, which is the balance card', async () => {
    const answer = await statement({ date_from: '11-03-2025', date_to: today });
    expect(answer.status.message_type).toBe('S');
    const totals = (
      await post('payer@example.com', '/api/invoice/totals', { payer_data: payer, soldto_data: [] })
    ).json();
    const aging = (
      await post('payer@example.com', '/api/invoice/aging', { payer_data: payer, soldto_data: [] })
    ).json();
    expect(answer.statements.map((s) => s.currency_key)).toEqual(
      totals.totals.map((entry: { currency_key: string }) => entry.currency_key),
    );
    let movements = 0;
    for (const section of answer.statements) {
      const scale = section.currency_decimals;
      let running = minor(section.opening_balance, scale);
      section.lines.forEach((line, index) => {
        running += minor(line.amount, scale);
        expect(minor(line.balance, scale)).toBe(running);
        expect(sortable(line.date) >= '20251103' && sortable(line.date) <= '20261102').toBe(true);
        if (index > 0) expect(sortable(line.date) >= sortable(section.lines[index - 1]!.date)).toBe(true);
        // Invoices add, credits and payments take away.
        expect(minor(line.amount, scale) > 0n).toBe(line.kind === 'invoice');
      });
      expect(minor(section.closing_balance, scale)).toBe(running);
      expect(section.line_count).toBe(section.lines.length);
      const card = totals.totals.find((entry: { currency_key: string }) => entry.currency_key === section.currency_key);
      expect(section.closing_balance).toBe(card.balance);
      expect(section.aging).toEqual(
        aging.aging.find((entry: { currency_key: string }) => entry.currency_key === section.currency_key).buckets,
      );
      movements += section.lines.length;
    }
    expect(movements).toBeGreaterThan(100);
    expect(answer.statements.some((s) => s.lines.some((line) => line.kind === 'payment'))).toBe(true);
  });

  it('cuts the JSON lines at line_limit and still counts them all and closes on the same balance', async () => {
    const period = { date_from: '11-03-2025', date_to: today };
    const full = await statement(period);
    const cut = await statement({ ...period, line_limit: 5 });
    for (const [index, section] of cut.statements.entries()) {
      const whole = full.statements[index]!;
      expect(section.lines).toEqual(whole.lines.slice(0, 5));
      expect(section.line_count).toBe(whole.lines.length);
      expect(section.closing_balance).toBe(whole.closing_balance);
    }
  });

  it('chains periods: one closes on the balance the next opens with', async () => {
    const october = await statement({ date_from: '10-01-2026', date_to: '10-31-2026' });
    const november = await statement({ date_from: '11-01-2026', date_to: today });
    const usd = (answer: StatementResponse) => answer.statements.find((s) => s.currency_key === 'USD')!;
    expect(usd(october).lines.length).toBeGreaterThan(0);
    expect(usd(november).opening_balance).toBe(usd(october).closing_balance);
  });

  it('shows a payment made in the portal on the day it was made, and closes on the new balance', async () => {
    const token = (await signInAs(t.app, 'payer@example.com')).token;
    const card = await saveCard(t.app, token, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
    const [invoice] = await openInvoices(t.database.db, 1);
    const paid = await pay(t.app, token, payRequest([invoice!], { cardToken: card }));
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    const answer = await statement({ date_from: '11-01-2026', date_to: today });
    const usd = answer.statements.find((s) => s.currency_key === 'USD')!;
    const last = usd.lines.filter((line) => line.kind === 'payment' && line.date === today);
    expect(last.map((line) => line.amount)).toContain(`-${(Number(invoice!.openAmount) / 100).toFixed(2)}`);
    const totals = (
      await post('payer@example.com', '/api/invoice/totals', { payer_data: payer, soldto_data: [] })
    ).json();
    expect(usd.closing_balance).toBe(
      totals.totals.find((e: { currency_key: string }) => e.currency_key === 'USD').balance,
    );
  });

  it('writes the same statement as CSV in the reader language and as a PDF', async () => {
    const period = { date_from: '10-01-2026', date_to: '10-31-2026' };
    const json = await statement(period);
    const csv = await post(
      'payer@example.com',
      '/api/statements',
      { payer_data: payer, ...period, format: 'csv' },
      'fr',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Statement.csv"');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe("Devise,Date,Type,Numéro,Référence,Date d'échéance,Montant,Solde");
    const lineCount = json.statements.reduce((sum, s) => sum + s.lines.length, 0);
    // Per currency: the opening row, the movements, the closing row and five aging rows.
    expect(rows).toHaveLength(1 + lineCount + json.statements.length * 7);
    const usd = json.statements.find((s) => s.currency_key === 'USD')!;
    expect(rows).toContain(`USD,2026-10-31,Solde de clôture,,,,,${usd.closing_balance}`);

    const pdf = await post('payer@example.com', '/api/statements', { payer_data: payer, ...period, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Statement of account');
    expect(text).toContain('100001');
    const closing = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      Number(usd.closing_balance),
    );
    expect(text).toContain(closing);
  });

  it('refuses a period that ends before it starts, lasts over two years or ends after today, with the reason', async () => {
    const cases = [
      [
        { date_from: '10-31-2026', date_to: '10-01-2026' },
        'date_to',
        'La fin de la période ne peut pas précéder son début.',
      ],
      [{ date_from: '11-01-2024', date_to: today }, 'date_from', 'Un relevé couvre au plus deux ans.'],
      [
        { date_from: '11-01-2026', date_to: '11-03-2026' },
        'date_to',
        "Un relevé ne peut pas se terminer après aujourd'hui.",
      ],
    ] as const;
    for (const [period, field, message] of cases) {
      const response = await post('payer@example.com', '/api/statements', { payer_data: payer, ...period }, 'fr');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message, details: { fields: [field] } });
    }
  });

  it("answers another customer's account, a foreign sold-to and a payer's account asked by its sold-to user as unknown", async () => {
    const period = { date_from: '10-01-2026', date_to: '10-31-2026' };
    const foreign = await post('payer@example.com', '/api/statements', {
      payer_data: { customer_number: '100003', company_code: '1000' },
      ...period,
    });
    const unknown = await post('payer@example.com', '/api/statements', {
      payer_data: { customer_number: '999999', company_code: '1000' },
      ...period,
    });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect({ ...foreign.json(), uniqueId: '' }).toEqual({ ...unknown.json(), uniqueId: '' });
    const soldTo = await post('payer@example.com', '/api/statements', {
      payer_data: payer,
      soldto_data: ['200006'],
      ...period,
    });
    expect(soldTo.statusCode).toBe(404);
    const asSoldTo = await post('soldto@example.com', '/api/statements', { payer_data: payer, ...period });
    expect(asSoldTo.statusCode).toBe(404);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/statements',
      payload: { payer_data: payer, ...period },
    });
    expect(nobody.statusCode).toBe(401);
  });

  it('gives a sold-to user the statement of its own account only', async () => {
    const own = await statement(
      { payer_data: { customer_number: '200001', company_code: '1000' }, date_from: '11-03-2025', date_to: today },
      'soldto@example.com',
    );
    const full = await statement({ soldto_data: ['200001'], date_from: '11-03-2025', date_to: today });
    expect(own.statements).toEqual(full.statements);
  });
});
