import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPayment } from '@portal/contracts';
import { testDatabaseUrl } from '../../config';
import { paymentFeed } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { openInvoices, pay, payRequest, saveCard, type OpenInvoice } from '../payments/payments.test-helpers';
import { sequenceFeed } from './payment-feed.repository';

let t: TestApp;
let admin: string;
let payer: string;
let amex: string;
let feedKey: string;
let ledgerKey: string;
let unused: OpenInvoice[] = [];

async function createKey(scopes: string[]): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/integration/keys',
    headers: { authorization: `Bearer ${admin}` },
    payload: { name: `feed test ${scopes.join(' ')}`, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { key: string }).key;
}

async function readFeed(token: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/ledger/payments${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, body: response.json() as { items: FeedPayment[]; next: string } };
}

/** Follows `next` from `after` until a page comes back empty: every item once, in feed order. */
async function readAll(token: string, after = '', limit = 3): Promise<{ items: FeedPayment[]; next: string }> {
  const items: FeedPayment[] = [];
  let cursor = after;
  for (;;) {
    const page = await readFeed(token, `?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(page.statusCode).toBe(200);
    items.push(...page.body.items);
    if (page.body.items.length === 0) return { items, next: page.body.next };
    cursor = page.body.next;
  }
}

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1500 });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  feedKey = await createKey(['payments:read']);
  ledgerKey = await createKey(['ledger:write']);
  unused = await openInvoices(t.database.db, 40);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/ledger/payments', () => {
  it('gives each posted payment with its documents, then nothing new after the cursor', async () => {
    const invoices = unused.splice(0, 2);
    const paid = await pay(
      t.app,
      payer,
      payRequest(invoices, { cardToken: amex, amounts: [invoices[0]!.openAmount, 1000n], reasons: ['', 'PP'] }),
    );
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);

    const page = await readFeed(feedKey);
    expect(page.statusCode).toBe(200);
    expect(page.body.items).toHaveLength(1);
    const item = page.body.items[0]!;
    expect(item).toMatchObject({
      kind: 'invoice',
      company_code: '1000',
      payer_number: '0000100001',
      currency: 'USD',
      method: 'AMEX',
      acknowledged: false,
      erp_document_number: '',
      payment_document_number: paid.body.payment.payment_document_number,
      order_number: paid.body.payment.reference_code,
    });
    expect(item.gateway_reference).not.toBe('');
    expect(item.documents).toEqual([
      expect.objectContaining({
        billing_document_number: invoices[0]!.billingDocumentNumber,
        amount: paid.body.status[0]!.authorization_amount,
      }),
      expect.objectContaining({
        billing_document_number: invoices[1]!.billingDocumentNumber,
        amount: '10.00',
        reason_code: 'PP',
      }),
    ]);
    expect(item.amount).toBe(paid.body.payment.total_amount);

    const after = await readFeed(feedKey, `?after=${page.body.next}`);
    expect(after.body).toEqual({ items: [], next: page.body.next });
  });

  it('shows every one of many concurrent payments exactly once to a reader paging through while they post', async () => {
    const { next: start } = await readAll(feedKey);
    const batches = Array.from({ length: 8 }, () => unused.splice(0, 1));
    const seen: FeedPayment[] = [];
    let cursor = start;
    const payments = Promise.all(
      batches.map((invoices) => pay(t.app, payer, payRequest(invoices, { cardToken: amex }))),
    );
    // Read while the payments post, then once more after they all have.
    for (let round = 0; round < 6; round++) {
      const page = await readAll(feedKey, cursor, 2);
      seen.push(...page.items);
      cursor = page.next;
    }
    const answers = await payments;
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const last = await readAll(feedKey, cursor, 2);
    seen.push(...last.items);
    const ids = seen.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(8);
    // Feed order is the cursor's order.
    const cursors = seen.map((item) => Number(item.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
  });

  it('filters the payments not acknowledged yet', async () => {
    const all = await readAll(feedKey);
    const first = all.items[0]!;
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/ledger/payments/${first.id}/acknowledge`,
      headers: { authorization: `Bearer ${feedKey}` },
      payload: { erp_document_number: '1400009999' },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toMatchObject({ id: first.id, acknowledged: true, erp_document_number: '1400009999' });
    const open = await readAll(feedKey + '', '', 100);
    expect(open.items.find((item) => item.id === first.id)?.acknowledged).toBe(true);
    const page = await readFeed(feedKey, '?unacknowledged=true&limit=1000');
    expect(page.body.items.map((item) => item.id)).not.toContain(first.id);
    expect(page.body.items).toHaveLength(all.items.length - 1);
  });

  it('acknowledges once: the same number again is the same answer, another number is a conflict, an unknown id 404', async () => {
    const [item] = (await readFeed(feedKey, '?unacknowledged=true&limit=1')).body.items;
    const acknowledge = (id: string, number: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ledger/payments/${id}/acknowledge`,
        headers: { authorization: `Bearer ${feedKey}` },
        payload: { erp_document_number: number },
      });
    expect((await acknowledge(item!.id, 'ERP-1')).statusCode).toBe(200);
    const again = await acknowledge(item!.id, 'ERP-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ erp_document_number: 'ERP-1' });
    const other = await acknowledge(item!.id, 'ERP-2');
    expect(other.statusCode).toBe(409);
    expect((await acknowledge(randomUUID(), 'ERP-3')).statusCode).toBe(404);
    const blank = await acknowledge(item!.id, '  ');
    expect(blank.statusCode).toBe(400);
  });
});

describe('the payments feed refuses', () => {
  it('a customer user, a manager, a key of another scope and nobody', async () => {
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    expect((await readFeed(payer)).statusCode).toBe(403);
    expect((await readFeed(manager)).statusCode).toBe(403);
    expect((await readFeed(ledgerKey)).statusCode).toBe(403);
    expect((await readFeed('arp_not-a-key')).statusCode).toBe(401);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/ledger/payments' });
    expect(nobody.statusCode).toBe(401);
    const [item] = (await readFeed(feedKey)).body.items;
    const asPayer = await t.app.inject({
      method: 'POST',
      url: `/api/ledger/payments/${item!.id}/acknowledge`,
      headers: { authorization: `Bearer ${payer}` },
      payload: { erp_document_number: 'X' },
    });
    expect(asPayer.statusCode).toBe(403);
  });

  it('lets an administrator read it with a session', async () => {
    expect((await readFeed(admin)).statusCode).toBe(200);
  });
});

// A payment whose transaction commits after a later one's: numbered after it, so a reader that already passed the
// later one's position still sees it. Needs two connections (PostgreSQL); PGlite runs one transaction at a time.
describe.skipIf(!testDatabaseUrl())('the sequencer on PostgreSQL', () => {
  it('numbers a payment that commits late after the ones already read', async () => {
    const url = new URL(testDatabaseUrl()!);
    const databaseName = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    url.pathname = `/${databaseName.rows[0]!.name}`;
    const slow = new pg.Client({ connectionString: url.toString() });
    await slow.connect();
    try {
      const { next: start } = await readAll(feedKey);
      const row = (id: string, at: string) => ({
        id,
        kind: 'invoice' as const,
        postedAt: new Date(at),
        companyCode: '1000',
        payerNumber: '0000100001',
        currencyKey: 'USD',
        currencyDecimals: 2,
        amountMinor: 100n,
        method: 'VISA',
        gatewayReference: 'AUTH',
        documents: [],
      });
      const early = randomUUID();
      const late = randomUUID();
      // The early payment's transaction is open (its row written, not committed) while a later one commits.
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO portal.payment_feed (id, kind, posted_at, company_code, payer_number, currency_key, currency_decimals,
          amount_minor, method, gateway_reference, documents) VALUES ($1, 'invoice', '2026-11-02T08:00:00Z', '1000',
          '0000100001', 'USD', 2, 100, 'VISA', 'AUTH', '[]')`,
        [early],
      );
      await t.database.db.insert(paymentFeed).values(row(late, '2026-11-02T08:00:01Z'));
      const first = await readAll(feedKey, start);
      expect(first.items.map((item) => item.id)).toEqual([late]);
      await slow.query('COMMIT');
      const second = await readAll(feedKey, first.next);
      expect(second.items.map((item) => item.id)).toEqual([early]);
      expect(await sequenceFeed(t.database.db)).toBe(0);
    } finally {
      await slow.end();
    }
  });
});
