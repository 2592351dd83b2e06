// Issue 5 reliability: concurrency, crashes at each fault point, gateway time-outs, lost connections and replays.
// After each: no lost payment (every approved gateway charge is posted exactly once), no double posting, and the
// ledger balances equal the sum of the postings. Real concurrency needs PostgreSQL (PGlite runs one transaction at
// a time); CI runs this file on both, and with Stripe's test double (TEST_GATEWAY=stripe): the fault points are the
// provider's too, and the charges are counted where the provider keeps them.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testErpOverHttp, testGateway } from '../../config';
import { GatewayTimeoutError } from '../../connectors/gateway/payment-gateway';
import { refreshAccountBalances } from '../../connectors/erp/ledger/refresh-account-balances';
import { idempotencyKeys, paymentIntents, paymentItems } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { reconcilePaymentIntents } from './reconcile-payment-intents';
import { setPaymentFaultPoints } from './settle-payment-intent';
import {
  chargesFor,
  expectLedgerConsistent,
  gatewayCharges,
  ledgerSums,
  openInvoices,
  pay,
  payRequest,
  reloadDocument,
  saveCard,
  threeDsForPayment,
  type OpenInvoice,
  type PayOptions,
} from './payments.test-helpers';

const onPostgres = Boolean(testDatabaseUrl());
// With the ERP over HTTP (TEST_ERP=http) the ERP commits the posting before the portal's own transaction settles the
// intent: a crash in that transaction leaves the ERP posted and the intent pending, and the reconciler's second
// posting with the same Idempotency-Key is answered the first result (posted once, settled once).
const erpOverHttp = testErpOverHttp();
const stripe = testGateway() === 'stripe';

let t: TestApp;
let payer: string;
let amex: string;
let unused: OpenInvoice[] = [];
let baseline: { open: bigint; posted: bigint };

const fresh = (count: number): OpenInvoice[] => {
  const taken = unused.splice(0, count);
  if (taken.length < count) throw new Error('the test ledger has too few open invoices');
  return taken;
};

async function unsettledIntents(): Promise<number> {
  const rows = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentIntents)
    .where(sql`${paymentIntents.state} in ('pending', 'approved')`);
  return Number(rows[0]!.count);
}

async function intentOf(key: string) {
  const [intent] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.idempotencyKey, key));
  return intent!;
}

/** A small seeded generator (mulberry32): the overlapping selections are random but the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Moves the clock past the reconciler's threshold and runs it once. */
async function reconcileLater() {
  t.clock.advance((t.config.PAYMENT_RECONCILE_AFTER_SECONDS + 1) * 1000);
  return reconcilePaymentIntents(t.app.ctx);
}

/**
 * A charge whose answer never came: the payer is told it is pending, the invoice is in process in the list and no
 * other payment takes it, the reconciler posts it once, and the same request then answers the posting.
 */
async function expectTimedOutThenPostedOnce(invoice: OpenInvoice, method: PayOptions) {
  const request = payRequest([invoice], method);
  const key = randomUUID();
  const answer = await pay(t.app, payer, request, key);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.payment.state).toBe('pending');
  expect(answer.body.status[0]?.message_type).toBe('E');

  const list = await t.app.inject({
    method: 'POST',
    url: '/api/Invoice',
    headers: { authorization: `Bearer ${payer}` },
    payload: {
      payer_data: { customer_number: '0000100001', company_code: '1000' },
      soldto_data: [invoice.soldtoNumber],
      search_parameters: { status: '03', filter: [{ filter_type: '01', value: invoice.documentNumberFinance }] },
    },
  });
  expect(list.json().documents_in_process).toEqual([
    `1000|${invoice.documentNumberFinance}|${invoice.fiscalYear}|${invoice.lineItem}`,
  ]);
  const other = await pay(t.app, payer, payRequest([invoice], { cardToken: amex }));
  expect(other.body.error).toBe('PAYMENT_IN_PROCESS');

  expect(await reconcileLater()).toMatchObject({ examined: 1, posted: 1 });
  expect(await reconcileLater()).toMatchObject({ examined: 0 });
  expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(0n);
  // The pending answer was not stored: asking again with the key gives the settled answer.
  const settled = await pay(t.app, payer, request, key);
  expect(settled.body.payment.state).toBe('posted');
  expect(await chargesFor(t, answer.body.payment.reference_code)).toBe(1);
}

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  unused = await openInvoices(t.database.db, 200);
  // Build the maintained balances (the first totals read would): postings then keep them up to date.
  await refreshAccountBalances(t.database.db, t.clock.now());
  baseline = await ledgerSums(t.database.db);
});
afterEach(async () => {
  setPaymentFaultPoints(t.app.ctx, null);
  await expectLedgerConsistent(t, baseline);
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!onPostgres)('concurrency (PostgreSQL)', () => {
  it('20 simultaneous pays of one invoice with different keys: exactly one succeeds, one capture', async () => {
    const [invoice] = fresh(1);
    const chargesBefore = (await gatewayCharges(t)).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(t.app, payer, payRequest([invoice!], { cardToken: amex }))),
    );
    const posted = answers.filter((answer) => answer.statusCode === 200 && answer.body.payment.state === 'posted');
    expect(posted).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(['PAYMENT_IN_PROCESS', 'DOCUMENT_CHANGED']).toContain(answer.body.error);
    }
    expect((await gatewayCharges(t)).length).toBe(chargesBefore + 1);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    const items = await t.database.db.select().from(paymentItems).where(eq(paymentItems.documentId, invoice!.id));
    expect(items).toHaveLength(1);
  });

  it('20 simultaneous pays over random overlapping selections of 5 invoices: every request answers, each invoice paid at most once', async () => {
    const invoices = fresh(5);
    const random = seededRandom(5);
    // Each request pays a random non-empty subset of the 5 invoices in a random order, so that the selections
    // overlap every way and lock in every order.
    const selections = Array.from({ length: 20 }, () => {
      const shuffled = [...invoices].sort(() => random() - 0.5);
      return shuffled.slice(0, 1 + Math.floor(random() * invoices.length));
    });
    const answers = await Promise.all(
      selections.map((selection) => pay(t.app, payer, payRequest(selection, { cardToken: amex }))),
    );
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.body.payment.state).toBe('posted');
      else {
        expect(answer.statusCode).toBe(409);
        expect(['PAYMENT_IN_PROCESS', 'DOCUMENT_CHANGED']).toContain(answer.body.error);
      }
    }
    const paid = answers
      .filter((answer) => answer.statusCode === 200)
      .flatMap((answer) => answer.body.status.map((entry) => entry.document_number_finance));
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid).size).toBe(paid.length);
    const items = await t.database.db
      .select({ documentId: paymentItems.documentId })
      .from(paymentItems)
      .where(
        inArray(
          paymentItems.documentId,
          invoices.map((invoice) => invoice.id),
        ),
      );
    for (const invoice of invoices) {
      const after = await reloadDocument(t.database.db, invoice.id);
      const wasPaid = paid.includes(invoice.documentNumberFinance);
      expect(after.openAmount).toBe(wasPaid ? 0n : invoice.openAmount);
      expect(items.filter((item) => item.documentId === invoice.id)).toHaveLength(wasPaid ? 1 : 0);
    }
    expect(await unsettledIntents()).toBe(0);
  });

  it('20 simultaneous submissions with the same key: one runs, the others wait (409) or replay', async () => {
    const [invoice] = fresh(1);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(t.app, payer, payRequest([invoice!], { cardToken: amex }), key)),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.body.payment.reference_code)).size).toBe(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
  });
});

describe('fault points', () => {
  it('crash before the gateway call: nothing charged; the reconciler voids it and the invoice is payable again', async () => {
    const [invoice] = fresh(1);
    const key = randomUUID();
    setPaymentFaultPoints(t.app.ctx, {
      beforeGateway: () => {
        throw new Error('process died before the gateway call');
      },
    });
    const crashed = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }), key);
    expect(crashed.statusCode).toBe(500);
    setPaymentFaultPoints(t.app.ctx, null);

    // Until settled the invoice is in process: a new payment of it is refused before any gateway call.
    const second = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }));
    expect(second.statusCode).toBe(409);
    expect(second.body.error).toBe('PAYMENT_IN_PROCESS');
    // The same request retried early: the gateway knows no such order yet, so it stays pending (never charged).
    const early = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }), key);
    expect(early.body.payment.state).toBe('pending');

    const round = await reconcileLater();
    expect(round).toMatchObject({ examined: 1, declined: 1 });
    expect((await intentOf(key)).state).toBe('voided');
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(invoice!.openAmount);
    const retried = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }), key);
    expect(retried.statusCode).toBe(200);
    expect(retried.body.payment.state).toBe('declined');
    expect(await chargesFor(t, (await intentOf(key)).orderNumber)).toBe(0);
    const again = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }));
    expect(again.body.payment.state).toBe('posted');
  });

  it('the gateway approves but the process dies before the ledger commit: the reconciler posts it, once', async () => {
    const [first, second] = fresh(2);
    for (const [invoice, faults] of [
      [
        first!,
        {
          afterGateway: () => {
            throw new Error('process died after the approval');
          },
        },
      ],
      [
        second!,
        {
          beforeCommit: () => {
            throw new Error('process died before the commit');
          },
        },
      ],
    ] as const) {
      setPaymentFaultPoints(t.app.ctx, faults);
      const crashed = await pay(t.app, payer, payRequest([invoice], { cardToken: amex }));
      expect(crashed.statusCode).toBe(500);
      setPaymentFaultPoints(t.app.ctx, null);
      const postedByTheErp = erpOverHttp && 'beforeCommit' in faults;
      expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(
        postedByTheErp ? 0n : invoice.openAmount,
      );
    }
    const round = await reconcileLater();
    expect(round).toMatchObject({ examined: 2, posted: 2 });
    expect((await reloadDocument(t.database.db, first!.id)).openAmount).toBe(0n);
    expect((await reloadDocument(t.database.db, second!.id)).openAmount).toBe(0n);
    expect(await reconcileLater()).toMatchObject({ examined: 0 });
  });

  // The sandbox's test number that times out (0119); the double always answers: with Stripe the answer is lost below.
  it.skipIf(stripe)(
    'a gateway time-out that in fact approved: pending, in process in the list, then posted once',
    async () => {
      const slow = await saveCard(t.app, payer, { number: '4000 0000 0000 0119', cvv: '123', type: 'VISA' });
      const [invoice] = fresh(1);
      await expectTimedOutThenPostedOnce(invoice!, {
        cardToken: slow,
        cardType: 'VISA',
        cvv: '123',
        threeDsAccessToken: await threeDsForPayment(t.app, payer, slow),
      });
    },
  );

  it.runIf(stripe)(
    'Stripe charges but its answer is lost (a time-out): pending, in process, then posted once',
    async () => {
      const [invoice] = fresh(1);
      const gateway = t.app.ctx.gateway;
      const charge = gateway.charge;
      // The PaymentIntent succeeds at Stripe; the portal never hears it: the SDK's time-out after the charge.
      gateway.charge = async (request) => {
        await charge(request);
        throw new GatewayTimeoutError(request.order_number);
      };
      try {
        await expectTimedOutThenPostedOnce(invoice!, { cardToken: amex });
      } finally {
        gateway.charge = charge;
      }
    },
  );

  for (const recovery of ['a retry with the same key', 'the reconciler'] as const) {
    it(`the database connection is lost during the commit: nothing posted; ${recovery} posts it once`, async () => {
      const [invoice] = fresh(1);
      const key = randomUUID();
      const request = payRequest([invoice!], { cardToken: amex });
      setPaymentFaultPoints(t.app.ctx, {
        beforeCommit: async (tx) => {
          if (onPostgres) await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          // PGlite has no connection to lose: an error shaped like node-postgres's when the socket closes.
          else throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
        },
      });
      const lost = await pay(t.app, payer, request, key);
      expect(lost.statusCode).toBe(500);
      setPaymentFaultPoints(t.app.ctx, null);
      expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(
        erpOverHttp ? 0n : invoice!.openAmount,
      );
      // Charged but not posted: the approval is written with the posting, so the intent is still pending.
      expect((await intentOf(key)).state).toBe('pending');

      if (recovery === 'the reconciler') {
        expect(await reconcileLater()).toMatchObject({ examined: 1, posted: 1 });
        // The key was released by the failure; the retry finds the settled intent and answers with its posting.
        const retried = await pay(t.app, payer, request, key);
        expect(retried.statusCode).toBe(200);
        expect(retried.body.payment.state).toBe('posted');
        expect(retried.body.payment.payment_document_number).toBe((await intentOf(key)).paymentDocumentNumber);
      } else {
        const retried = await pay(t.app, payer, request, key);
        expect(retried.statusCode).toBe(200);
        expect(retried.body.payment.state).toBe('posted');
        expect(await reconcileLater()).toMatchObject({ examined: 0 });
      }
      expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
      expect(await chargesFor(t, (await intentOf(key)).orderNumber)).toBe(1);
    });
  }

  it('the answer is stored under its key in the transaction that posts the payment, not after it', async () => {
    const [invoice] = fresh(1);
    const key = randomUUID();
    let inPosting: { state: string; responseBody: unknown } | undefined;
    setPaymentFaultPoints(t.app.ctx, {
      beforeCommit: async (tx) => {
        [inPosting] = await tx
          .select({ state: idempotencyKeys.state, responseBody: idempotencyKeys.responseBody })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key));
      },
    });
    const answer = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }), key);
    setPaymentFaultPoints(t.app.ctx, null);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.payment.state).toBe('posted');
    expect(inPosting?.state).toBe('completed');
    expect(inPosting?.responseBody).toEqual(answer.body);
  });

  it('the same request replayed 3 times: one capture, the same answer each time', async () => {
    const [invoice] = fresh(1);
    const key = randomUUID();
    const request = payRequest([invoice!], { cardToken: amex });
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push(await pay(t.app, payer, request, key));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.slice(1).every((answer) => answer.headers['idempotent-replayed'] === 'true')).toBe(true);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await chargesFor(t, answers[0]!.body.payment.reference_code)).toBe(1);

    const [other] = fresh(1);
    const reused = await pay(t.app, payer, payRequest([other!], { cardToken: amex }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await reloadDocument(t.database.db, other!.id)).openAmount).toBe(other!.openAmount);
    expect((await pay(t.app, payer, request, key)).body).toEqual(answers[0]!.body);
  });

  it('the same key with another request after a crash is refused, and the first request still settles', async () => {
    const [invoice, other] = fresh(2);
    const key = randomUUID();
    const request = payRequest([invoice!], { cardToken: amex });
    setPaymentFaultPoints(t.app.ctx, {
      afterGateway: () => {
        throw new Error('process died after the approval');
      },
    });
    expect((await pay(t.app, payer, request, key)).statusCode).toBe(500);
    setPaymentFaultPoints(t.app.ctx, null);

    // The crash released the key's row, but its intent remains: another request with the key must not get (or
    // settle) the first payment's answer, nor pay anything.
    const reused = await pay(t.app, payer, payRequest([other!], { cardToken: amex }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await reloadDocument(t.database.db, other!.id)).openAmount).toBe(other!.openAmount);

    const retried = await pay(t.app, payer, request, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.body.payment.state).toBe('posted');
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    expect(await chargesFor(t, (await intentOf(key)).orderNumber)).toBe(1);
  });

  it('an invoice paid between the checks and the reservation is refused without a charge', async () => {
    const [invoice] = fresh(1);
    const erp = t.app.ctx.erp;
    const read = erp.getPayableDocuments;
    let paused = false;
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let checked!: () => void;
    const hasChecked = new Promise<void>((resolve) => (checked = resolve));
    // The first request's first read of the documents waits while a second payment of the invoice runs to its end:
    // the interleaving that two real requests get when one is slow between its checks and its reservation.
    erp.getPayableDocuments = async (request, options) => {
      const rows = await read(request, options);
      if (!paused) {
        paused = true;
        checked();
        await resumed;
      }
      return rows;
    };
    try {
      const intentsBefore = await t.database.db.select({ id: paymentIntents.id }).from(paymentIntents);
      const slow = pay(t.app, payer, payRequest([invoice!], { cardToken: amex }));
      await hasChecked;
      const fast = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }));
      expect(fast.body.payment.state).toBe('posted');
      resume();
      const late = await slow;
      expect(late.statusCode).toBe(409);
      expect(late.body.error).toBe('DOCUMENT_CHANGED');
      // Only the fast payment's intent and charge exist: the refused one left nothing behind.
      const intentsAfter = await t.database.db.select({ id: paymentIntents.id }).from(paymentIntents);
      expect(intentsAfter).toHaveLength(intentsBefore.length + 1);
      expect(await chargesFor(t, fast.body.payment.reference_code)).toBe(1);
      expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    } finally {
      erp.getPayableDocuments = read;
      resume();
    }
  });
});
