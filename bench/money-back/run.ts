// npm run bench:money-back [-- --database-url postgres://postgres@127.0.0.1:5432/postgres] [--feed 200000]
//   [--refunds 100]
// Issue 37 on PostgreSQL over a real socket: what money coming back costs the screens and the refund itself.
// - Payments received: the first page (50 rows, each payment with what came back of it) and the totals (net and
//   gross) over a feed of --feed payments of the last 30 days, a tenth of them with a refund and a fiftieth disputed;
// - the payment's detail (GET /api/payments-received/:id);
// - a refund end to end (POST …/refunds: the lock and checks, the sandbox's refund, the ledger's reversal with the feed
//   item, webhook, mail and audit in its transaction), one at a time, each of its own posted payment.
// Prints p50 / p95 per call and one JSON line. Not part of npm test or CI.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { paymentIntents } from '../../apps/server/src/db/schema';
import {
  openInvoices,
  pay,
  payRequest,
  saveCard,
  threeDsForPayment,
} from '../../apps/server/src/modules/payments/payments.test-helpers';
import { createTestApp, signInAs } from '../../apps/server/src/test/test-app';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    feed: { type: 'string', default: '200000' },
    refunds: { type: 'string', default: '100' },
  },
});
process.env.TEST_DATABASE_URL = values['database-url'];
process.env.TEST_TRANSPORT = 'http';
const feedSize = Number(values.feed);
const refundCount = Number(values.refunds);

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function timed(count: number, call: (index: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await call(index);
    samples.push(performance.now() - start);
  }
  return samples;
}

const t = await createTestApp({ ledgerDocuments: Math.max(2000, refundCount * 3), overSocket: true });
try {
  const db = t.database.db;
  const now = t.clock.now();
  console.log(`feed: writing ${feedSize} payments of the last 30 days, a tenth refunded, a fiftieth disputed…`);
  await db.execute(sql`
    INSERT INTO portal.payment_feed (id, seq, kind, posted_at, company_code, payer_number, soldto_number, currency_key,
      currency_decimals, amount_minor, method, gateway_reference, order_number, payment_document_number, login, documents)
    SELECT gen_random_uuid(), n, 'invoice', ${now.toISOString()}::timestamptz - (n % 2592000) * interval '1 second',
      '1000', lpad(((n % 500) + 100001)::text, 10, '0'), '', 'USD', 2, 1000 + n % 90000, 'VISA', 'AUTH', 'ORD-' || n,
      (1400000000 + n)::text, 'bench@example.com',
      jsonb_build_array(jsonb_build_object('billing_document_number', (9000000000 + n)::text,
        'document_number_finance', (1400000000 + n)::text, 'amount', ((1000 + n % 90000) / 100.0)::text,
        'reason_code', '', 'comment', ''))
    FROM generate_series(1, ${feedSize}) AS n`);
  await db.execute(sql`
    INSERT INTO portal.payment_reversals (id, payment_id, kind, state, amount_minor, currency_key, currency_decimals,
      documents, reason, login, next_attempt_at, created_at, updated_at, posted_at)
    SELECT gen_random_uuid(), f.id, 'refund', 'posted', 500, 'USD', 2, '[]'::jsonb, 'overpayment', 'bench',
      f.posted_at, f.posted_at, f.posted_at, f.posted_at
    FROM portal.payment_feed f WHERE f.seq % 10 = 0`);
  await db.execute(sql`
    INSERT INTO portal.payment_disputes (id, payment_id, provider_reference, status, reason, amount_minor, currency_key,
      currency_decimals, opened_at, updated_at)
    SELECT gen_random_uuid(), f.id, 'dp_' || f.seq, 'needs_response', 'fraudulent', f.amount_minor, 'USD', 2,
      f.posted_at, f.posted_at
    FROM portal.payment_feed f WHERE f.seq % 50 = 7`);
  await db.execute(sql`ANALYZE portal.payment_feed`);
  await db.execute(sql`ANALYZE portal.payment_reversals`);
  await db.execute(sql`ANALYZE portal.payment_disputes`);

  const admin = (await signInAs(t.app, 'admin@example.com')).token;
  const auth = { authorization: `Bearer ${admin}` };
  const search = await timed(30, async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payments-received/search',
      headers: auth,
      payload: {},
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  });
  const [someone] = await db
    .execute<{ id: string }>(sql`SELECT id FROM portal.payment_feed WHERE seq % 10 = 0 LIMIT 1`)
    .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
  const detail = await timed(30, async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/payments-received/${someone!.id}`, headers: auth });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  });

  console.log(`refunds: paying ${refundCount} invoices, then refunding each…`);
  const payer = (await signInAs(t.app, 'payer@example.com')).token;
  const visa = await saveCard(t.app, payer, { number: '4111 1111 1111 1111', cvv: '123', type: 'VISA' });
  const invoices = await openInvoices(db, refundCount);
  const paymentIds: string[] = [];
  for (const invoice of invoices) {
    const threeDs = await threeDsForPayment(t.app, payer, visa);
    const answer = await pay(
      t.app,
      payer,
      payRequest([invoice], { cardToken: visa, cardType: 'VISA', cvv: '123', threeDsAccessToken: threeDs }),
    );
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.orderNumber, answer.body.payment.reference_code));
    paymentIds.push(intent!.id);
  }
  const refunds = await timed(paymentIds.length, async (index) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/payments-received/${paymentIds[index]}/refunds`,
      headers: { ...auth, 'idempotency-key': randomUUID() },
      payload: { amount: '0.01', reason: 'overpayment' },
    });
    if (answer.statusCode !== 201 || answer.json().state !== 'posted') throw new Error(answer.body);
  });

  const figures = {
    feed: feedSize,
    search_p50_ms: round(percentile(search, 50)),
    search_p95_ms: round(percentile(search, 95)),
    detail_p50_ms: round(percentile(detail, 50)),
    detail_p95_ms: round(percentile(detail, 95)),
    refund_p50_ms: round(percentile(refunds, 50)),
    refund_p95_ms: round(percentile(refunds, 95)),
  };
  console.log(
    `Payments received page + totals over ${feedSize} payments: p50 ${figures.search_p50_ms} ms, p95 ${figures.search_p95_ms} ms`,
  );
  console.log(`Payment detail: p50 ${figures.detail_p50_ms} ms, p95 ${figures.detail_p95_ms} ms`);
  console.log(
    `Refund end to end (sandbox, ledger, feed, webhook, mail): p50 ${figures.refund_p50_ms} ms, p95 ${figures.refund_p95_ms} ms`,
  );
  console.log(JSON.stringify({ bench: 'money-back', ...figures }));
} finally {
  await t.close();
}
