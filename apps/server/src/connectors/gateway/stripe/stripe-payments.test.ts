// Issue 36 with Stripe, over real sockets: the portal (PAYMENT_GATEWAY=stripe) talks to Stripe's test double through
// the official SDK, the payer's entries are confirmed at the double as Stripe.js does, and the double delivers its
// signed events to the portal's webhook. What only Stripe does is proven here (3-D Secure inside the charge, bank
// debits that stay processing, the events inbox, off-session refusals); the sandbox's payment tests run again with
// Stripe in CI (TEST_GATEWAY=stripe).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AccessTokenResponse, PayInvoicesResponse } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  gatewayEvents,
  paymentIntents,
  payments,
  webhookEndpoints,
  webhookMessages,
} from '../../../db/schema';
import { processGatewayEvents } from '../../../modules/gateway-events/process-gateway-events';
import { list, manage, savedCard } from '../../../modules/payment-methods/payment-methods.test-helpers';
import { documentsInProcess } from '../../../modules/payments/payment-intents.repository';
import {
  openInvoices,
  payRequest,
  reloadDocument,
  type OpenInvoice,
} from '../../../modules/payments/payments.test-helpers';
import { createTestApp, signInAs, testStripeWebhookSecret, type TestApp } from '../../../test/test-app';
import { authenticateAtStripe, confirmEntryLikeStripeJs, type StripeEntryMethod } from './stripe.test-helpers';

let t: TestApp;
let payer: string;
let stripe: Stripe;
let unused: OpenInvoice[] = [];
const fresh = (count: number) => unused.splice(0, count);
/** The document key of an invoice (what a payment holds "in process"). */
const keyOf = (invoice: OpenInvoice) =>
  `1000|${invoice.documentNumberFinance}|${invoice.fiscalYear}|${invoice.lineItem}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const payerData = { customer_number: '0000100001', company_code: '1000' };

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 2000, gateway: 'stripe', overSocket: true });
  const { port } = t.app.server.address() as AddressInfo;
  t.stripeDouble!.setWebhook(`http://127.0.0.1:${port}/api/gateway/stripe/webhook`, testStripeWebhookSecret);
  stripe = new Stripe('sk_test_double', { host: '127.0.0.1', port: t.stripeDouble!.port, protocol: 'http' });
  unused = await openInvoices(t.database.db, 100);
  // An endpoint of the supplier's systems, subscribed to the payment events (written here: its URL is never called).
  const now = new Date();
  await t.database.db.insert(webhookEndpoints).values({
    url: 'https://erp.example.com/hooks',
    events: ['payment.posted', 'payment.processing', 'payment.failed'],
    secretSealed: 'sealed',
    createdByLogin: 'admin@example.com',
    createdAt: now,
    updatedAt: now,
  });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

async function entry(kind: 'CC' | 'EC'): Promise<AccessTokenResponse> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: bearer(payer),
    payload: { action: '01', payment_method: kind, payer_data: payerData },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function tokenization(accessToken: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/tokenization/response',
    headers: bearer(payer),
    payload: { action: '02', access_token: accessToken },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Enters and saves a method; its portal token. */
async function save(method: StripeEntryMethod): Promise<string> {
  const started = await entry(method.kind === 'card' ? 'CC' : 'EC');
  await confirmEntryLikeStripeJs(t.config.STRIPE_API_URL, started, method);
  const result = await tokenization(started.access_token);
  const card = result.paymentcard;
  expect(card, JSON.stringify(result)).not.toBeNull();
  const added = await manage(
    t.app,
    payer,
    '01',
    savedCard(card.payment_card_token, card.payment_card_type, {
      ...(card.payment_card_type === 'EC'
        ? {
            electronic_check_account_type: card.electronic_check_account_type,
            electronic_check_rdfi_number: card.electronic_check_rdfi_number,
          }
        : { valid_to: `12-31-${card.expiration_year}` }),
    }),
  );
  expect(added.json().status.message_type, added.body).toBe('S');
  return card.payment_card_token;
}

async function pay(invoices: OpenInvoice[], cardToken: string, cardType: 'VISA' | 'MC' | 'EC', key = randomUUID()) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/invoice/payments',
    headers: { ...bearer(payer), 'idempotency-key': key },
    payload: payRequest(invoices, { cardToken, cardType, cvv: cardType === 'EC' ? '' : '123' }),
  });
  return { statusCode: answer.statusCode, body: answer.json() as PayInvoicesResponse, key };
}

async function intentOf(orderNumber: string) {
  const [intent] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderNumber, orderNumber));
  return intent!;
}

/** The webhook messages queued about a payment, by type. */
async function messagesOf(intentId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(webhookMessages);
  return rows
    .filter((row) => JSON.stringify(row.payload).includes(intentId))
    .map((row) => row.eventType)
    .sort();
}

async function postedFor(orderNumber: string) {
  return t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderNumber, orderNumber), eq(payments.messageType, 'S')));
}

/** The double's events reach the webhook, and the inbox processes them (the job's work, done here at once). */
async function deliverAndProcess() {
  await t.stripeDouble!.deliverPending();
  // Rounds of 20, as the job runs them, until none is due.
  while ((await processGatewayEvents(t.app.ctx)).processed > 0);
}

describe('saving methods with Stripe', () => {
  it('saves a card; the same card entered again is the same token (the ERP says it exists: 74)', async () => {
    const token = await save({ kind: 'card', number: '4242424242424242' });
    expect(token).toMatch(/^-VISA-4242-[A-Z2-7]{16}$/);
    const again = await entry('CC');
    await confirmEntryLikeStripeJs(t.config.STRIPE_API_URL, again, { kind: 'card', number: '4242424242424242' });
    expect((await tokenization(again.access_token)).paymentcard.payment_card_token).toBe(token);
    const duplicate = await manage(t.app, payer, '01', savedCard(token, 'VISA'));
    expect(duplicate.json().status.message_type).toBe('E');
  });

  it('saves a card that asks for 3-D Secure once the payer passes it, and not when it fails', async () => {
    const passed = await entry('CC');
    await confirmEntryLikeStripeJs(t.config.STRIPE_API_URL, passed, {
      kind: 'card',
      number: '4000002760003184',
      authentication: 'pass',
    });
    const result = await tokenization(passed.access_token);
    expect(result.paymentcard.last_four).toBe('3184');
    expect(['Y', 'A']).toContain(result.cardinal.status);

    const failed = await entry('CC');
    await confirmEntryLikeStripeJs(t.config.STRIPE_API_URL, failed, {
      kind: 'card',
      number: '4000002760003184',
      authentication: 'fail',
    });
    expect((await tokenization(failed.access_token)).paymentcard).toBeNull();
  });

  it('saves a US bank account with its mandate (reference, time, the text shown)', async () => {
    const started = await entry('EC');
    expect(started).toMatchObject({ provider: 'stripe', payment_method_types: ['us_bank_account'] });
    await confirmEntryLikeStripeJs(t.config.STRIPE_API_URL, started, {
      kind: 'us_bank_account',
      routing: '110000000',
      account: '000123456789',
    });
    const result = await tokenization(started.access_token);
    expect(result.paymentcard).toMatchObject({ payment_card_type: 'EC', last_four: '6789' });
    expect(result.mandate.reference).toMatch(/^mandate_/);
    expect(result.mandate.text).toContain('you authorize');
  });

  it("refuses another session's entry and the portal's own 3-D Secure step (Stripe authenticates)", async () => {
    const started = await entry('CC');
    const other = (await signInAs(t.app, 'payer@example.com')).token;
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/tokenization/response',
      headers: bearer(other),
      payload: { action: '02', access_token: started.access_token },
    });
    expect(stolen.statusCode).toBe(404);
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/tokenization/access_token',
      headers: bearer(payer),
      payload: { action: '01', payment_method: 'TO', payer_data: payerData },
    });
    expect(step.statusCode).toBe(400);
  });
});

describe('paying with Stripe', () => {
  let visa: string;
  let asksEveryTime: string;
  let declining: string;
  beforeAll(async () => {
    visa = await save({ kind: 'card', number: '4000056655665556' });
    asksEveryTime = await save({ kind: 'card', number: '4000002760003184', authentication: 'pass' });
    declining = await save({ kind: 'card', number: '4000000000000341' });
  });

  it('posts a card payment; the PaymentIntent carries the order and payer, and the idempotency key', async () => {
    const invoices = fresh(2);
    const answer = await pay(invoices, visa, 'VISA');
    expect(answer.body.payment.state, JSON.stringify(answer.body)).toBe('posted');
    const order = answer.body.payment.reference_code;
    expect(await postedFor(order)).toHaveLength(1);
    const found = await stripe.paymentIntents.search({ query: `metadata['order_number']:'${order}'` });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]!.metadata).toMatchObject({ order_number: order, payer_number: '0000100001' });
    const intent = await intentOf(order);
    const creations = t.stripeDouble!.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creations.map((r) => r.idempotencyKey)).toContain(intent.id);
  });

  it('a card the issuer challenges: requires_action, the payer authenticates, the same request posts once', async () => {
    const invoices = fresh(1);
    const first = await pay(invoices, asksEveryTime, 'VISA');
    expect(first.body.payment.state).toBe('requires_action');
    expect(first.body.payment.next_action).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_double' });
    const order = first.body.payment.reference_code;
    expect(await documentsInProcess(t.database.db, [keyOf(invoices[0]!)])).toHaveLength(1);
    await authenticateAtStripe(t.config.STRIPE_API_URL, first.body.payment.next_action!.client_secret, true);
    const again = await pay(invoices, asksEveryTime, 'VISA', first.key);
    expect(again.body.payment.state).toBe('posted');
    const replay = await pay(invoices, asksEveryTime, 'VISA', first.key);
    expect(replay.body.payment.payment_document_number).toBe(again.body.payment.payment_document_number);
    expect(await postedFor(order)).toHaveLength(1);
    const found = await stripe.paymentIntents.search({ query: `metadata['order_number']:'${order}'` });
    expect(found.data).toHaveLength(1);
  });

  it('an authentication that fails: declined, nothing posted, the invoice free again', async () => {
    const invoices = fresh(1);
    const first = await pay(invoices, asksEveryTime, 'VISA');
    await authenticateAtStripe(t.config.STRIPE_API_URL, first.body.payment.next_action!.client_secret, false);
    const again = await pay(invoices, asksEveryTime, 'VISA', first.key);
    expect(again.body.payment.state).toBe('declined');
    expect(await postedFor(first.body.payment.reference_code)).toHaveLength(0);
    expect(await documentsInProcess(t.database.db, [keyOf(invoices[0]!)])).toHaveLength(0);
  });

  it('a declined card: declined with the reason, nothing posted', async () => {
    const answer = await pay(fresh(1), declining, 'VISA');
    expect(answer.body.payment.state).toBe('declined');
    expect(answer.body.status[0]!.message_line_string).toMatch(/declined/);
    expect(await postedFor(answer.body.payment.reference_code)).toHaveLength(0);
  });

  it('a bank debit is processing, holds its invoices, and posts once when the event says it succeeded', async () => {
    const account = await save({ kind: 'us_bank_account', routing: '110000000', account: '000123456789' });
    const invoices = fresh(2);
    const answer = await pay(invoices, account, 'EC');
    expect(answer.body.payment.state, JSON.stringify(answer.body)).toBe('processing');
    const order = answer.body.payment.reference_code;
    expect(await postedFor(order)).toHaveLength(0);
    expect(await documentsInProcess(t.database.db, invoices.map(keyOf))).toHaveLength(2);
    await t.stripeDouble!.settleProcessing();
    await deliverAndProcess();
    expect(await postedFor(order)).toHaveLength(1);
    const intent = await intentOf(order);
    expect(intent.state).toBe('posted');
    // The supplier's systems heard of it twice: processing, then posted.
    expect(await messagesOf(intent.id)).toEqual(['payment.posted', 'payment.processing']);
    // The same events again (a replay, Stripe's retry): kept once, nothing changes.
    for (const event of t.stripeDouble!.events().filter((e) => e.type === 'payment_intent.succeeded'))
      await fetch(`${t.config.STRIPE_API_URL}/_double/events/${event.id}/resend`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_double' },
      });
    await deliverAndProcess();
    expect(await postedFor(order)).toHaveLength(1);
  });

  it('a bank debit that fails: declined after the event, nothing posted, the invoices free again', async () => {
    const account = await save({ kind: 'us_bank_account', routing: '110000000', account: '000222222227' });
    const invoices = fresh(1);
    const answer = await pay(invoices, account, 'EC');
    expect(answer.body.payment.state).toBe('processing');
    await t.stripeDouble!.settleProcessing();
    await deliverAndProcess();
    const intent = await intentOf(answer.body.payment.reference_code);
    expect(intent.state).toBe('declined');
    expect(intent.declineReason).toMatch(/insufficient_funds/);
    expect(await messagesOf(intent.id)).toEqual(['payment.failed', 'payment.processing']);
    expect(await documentsInProcess(t.database.db, [keyOf(invoices[0]!)])).toHaveLength(0);
  });

  it('off-session: a saved card is charged without the payer; one that needs the payer is refused so', async () => {
    const off = (token: string) => ({
      idempotency_key: randomUUID(),
      order_number: randomUUID(),
      payment_card_token: token,
      amount_minor: 1_000n,
      currency_key: 'USD',
      capture: true,
      presence: 'off_session' as const,
      payer: { payer_number: '0000100001', company_code: '1000' },
      three_ds_wanted: false,
    });
    expect((await t.app.ctx.gateway.charge(off(visa))).status).toBe('approved');
    expect(await t.app.ctx.gateway.charge(off(asksEveryTime))).toMatchObject({
      status: 'declined',
      decline_reason: 'authentication_required',
    });
  });
});

describe("Stripe's events at the webhook", () => {
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/gateway/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });
  const event = (type = 'setup_intent.succeeded') =>
    JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'seti_x', object: 'setup_intent' } },
    });
  const sign = (body: string, secret = testStripeWebhookSecret, age = 0) =>
    stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(Date.now() / 1000) - age });
  const kept = async (id?: string) =>
    (await t.database.db.select().from(gatewayEvents)).filter((row) => !id || row.id === id).length;
  const idOf = (body: string) => (JSON.parse(body) as { id: string }).id;

  it('refuses an unsigned, a forged and a stale event, keeping none of them', async () => {
    const body = event('payment_intent.succeeded');
    expect((await post(body)).statusCode).toBe(400);
    expect((await post(body, sign(body, 'whsec_someone_else'))).statusCode).toBe(400);
    expect((await post(body.replace('succeeded', 'processing'), sign(body))).statusCode).toBe(400);
    expect((await post(body, sign(body, testStripeWebhookSecret, 600))).statusCode).toBe(400);
    expect(await kept(idOf(body))).toBe(0);
  });

  it('keeps a replayed event once', async () => {
    const body = event();
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await kept(idOf(body))).toBe(1);
  });

  it('records a refund, a dispute opened and closed, and a detached method, each once', async () => {
    const mastercard = await save({ kind: 'card', number: '5555555555554444' });
    const answer = await pay(fresh(1), mastercard, 'MC');
    const order = answer.body.payment.reference_code;
    const [intent] = (await stripe.paymentIntents.search({ query: `metadata['order_number']:'${order}'` })).data;
    await stripe.refunds.create({ payment_intent: intent!.id, amount: 100 });
    const opened = await fetch(`${t.config.STRIPE_API_URL}/_double/disputes`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_double', 'content-type': 'application/json' },
      body: JSON.stringify({ payment_intent: intent!.id }),
    });
    const dispute = (await opened.json()) as { id: string };
    await fetch(`${t.config.STRIPE_API_URL}/_double/disputes/${dispute.id}/close`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_double', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'won' }),
    });
    const method = intent!.payment_method as string;
    await stripe.paymentMethods.detach(method);
    await deliverAndProcess();
    // Every event again: nothing more is recorded.
    for (const sent of t.stripeDouble!.events())
      await fetch(`${t.config.STRIPE_API_URL}/_double/events/${sent.id}/resend`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_double' },
      });
    await deliverAndProcess();
    const audit = await t.database.db.select().from(auditEvents);
    const count = (action: string) =>
      audit.filter((row) => row.event === action && JSON.stringify(row.details).includes(order)).length;
    // Issue 37: the Dashboard's refund is a refund of the payment; the dispute, opened then won, is kept once.
    expect(count('payment_refunded')).toBe(1);
    expect(count('gateway_dispute_opened')).toBe(1);
    expect(count('gateway_dispute_closed')).toBe(1);
    expect(audit.filter((row) => row.event === 'gateway_method_detached')).toHaveLength(1);
    // The detached method is gone from the payer's saved methods, and charged no more.
    const saved = (await list(t.app, payer)).json().payment_cards as Array<{ payment_card_token: string }>;
    expect(saved.map((card) => card.payment_card_token)).not.toContain(mastercard);
    const after = await pay(fresh(1), mastercard, 'MC');
    expect(after.statusCode).toBe(404);
    const failed = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.failed, true));
    expect(failed).toEqual([]);
  });
});

describe('money that comes back, with Stripe (issue 37)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signInAs(t.app, 'admin@example.com')).token;
  });

  const refund = (paymentId: string, amount: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments-received/${paymentId}/refunds`,
      headers: { ...bearer(admin), 'idempotency-key': key },
      payload: { amount, reason: 'requested_by_customer', comment: 'Part of the order came back' },
    });
  type Detail = {
    money_back: { status: string; refunded_amount: string; returned_amount: string; charged_back_amount: string };
    reversals: Array<{ id: string; kind: string; state: string; amount: string; return_code: string; reason: string }>;
    disputes: Array<{ provider_reference: string; status: string; funds_withdrawn: boolean; evidence_url: string }>;
  };
  async function detail(paymentId: string): Promise<Detail> {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/payments-received/${paymentId}`,
      headers: bearer(admin),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }
  /** Pays the invoices in full; the payment's id (its intent's) and its PaymentIntent at Stripe. */
  async function paid(invoices: OpenInvoice[], token: string, type: 'VISA' | 'MC' | 'EC') {
    const answer = await pay(invoices, token, type);
    const order = answer.body.payment.reference_code;
    if (type === 'EC') {
      expect(answer.body.payment.state, JSON.stringify(answer.body)).toBe('processing');
      await t.stripeDouble!.settleProcessing();
      await deliverAndProcess();
    } else expect(answer.body.payment.state, JSON.stringify(answer.body)).toBe('posted');
    const intent = await intentOf(order);
    expect(intent.state).toBe('posted');
    const [stripeIntent] = (await stripe.paymentIntents.search({ query: `metadata['order_number']:'${order}'` })).data;
    return { paymentId: intent.id, order, stripeIntent: stripeIntent! };
  }

  it("refunds part of a card payment: Stripe gets one refund under the portal's key, the invoice opens by it", async () => {
    const card = await save({ kind: 'card', number: '2223003122003222' });
    const [invoice] = fresh(1);
    const { paymentId, stripeIntent } = await paid([invoice!], card, 'MC');
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    const key = randomUUID();
    const answer = await refund(paymentId, '12.34', key);
    expect(answer.statusCode, answer.body).toBe(201);
    const reversal = answer.json();
    expect(reversal).toMatchObject({ kind: 'refund', state: 'posted', amount: '12.34', payment_id: paymentId });
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(1_234n);
    // At Stripe: one refund of the PaymentIntent, sent with the reversal's id as its Idempotency-Key.
    const refunds = await stripe.refunds.list({ payment_intent: stripeIntent.id });
    expect(refunds.data.map((made) => made.amount)).toEqual([1_234]);
    const sent = t
      .stripeDouble!.requests()
      .filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(sent.filter((request) => request.idempotencyKey === reversal.id)).toHaveLength(1);
    // Stripe's charge.refunded says what the portal knows already: nothing more is recorded.
    await deliverAndProcess();
    // The same request again answers the same refund, and nothing more reaches Stripe.
    const again = await refund(paymentId, '12.34', key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(reversal.id);
    expect((await stripe.refunds.list({ payment_intent: stripeIntent.id })).data).toHaveLength(1);
    const view = await detail(paymentId);
    expect(view.money_back).toMatchObject({ status: 'partially_refunded', refunded_amount: '12.34' });
    expect(view.reversals.map((row) => `${row.kind}:${row.state}:${row.amount}`)).toEqual(['refund:posted:12.34']);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(1_234n);
    const failed = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.failed, true));
    expect(failed).toEqual([]);
  });

  it('a payment of the dispute test card: disputed with a chargeback once its events are in, then won at Stripe', async () => {
    const card = await save({ kind: 'card', number: '4000000000000259' });
    const [invoice] = fresh(1);
    const { paymentId, stripeIntent } = await paid([invoice!], card, 'VISA');
    // Stripe opens the dispute a moment after the payment (the double: when what happens later is settled).
    await t.stripeDouble!.settleProcessing();
    await deliverAndProcess();
    const [dispute] = (await stripe.disputes.list({ payment_intent: stripeIntent.id })).data;
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent' });
    const amount = (Number(invoice!.openAmount) / 100).toFixed(2);
    const opened = await detail(paymentId);
    expect(opened.money_back).toMatchObject({ status: 'disputed', charged_back_amount: amount });
    expect(opened.disputes).toMatchObject([
      { provider_reference: dispute!.id, status: 'needs_response', funds_withdrawn: true },
    ]);
    expect(opened.disputes[0]!.evidence_url).toContain(dispute!.id);
    expect(opened.reversals.map((row) => `${row.kind}:${row.state}:${row.amount}`)).toEqual([
      `chargeback:posted:${amount}`,
    ]);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(invoice!.openAmount);
    // No refund while the dispute is open.
    const refused = await refund(paymentId, '1.00', randomUUID());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'REFUND_REFUSED', messageKey: 'money-back.errors.refund_disputed' });

    await stripe.disputes.update(dispute!.id, { evidence: { uncategorized_text: 'winning_evidence' } });
    await deliverAndProcess();
    const won = await detail(paymentId);
    expect(won.money_back.status).toBe('dispute_won');
    expect(won.disputes).toMatchObject([{ status: 'won', funds_withdrawn: true }]);
    expect(won.reversals.map((row) => `${row.kind}:${row.state}`).sort()).toEqual([
      'chargeback:posted',
      'chargeback_reversal:posted',
    ]);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    // Every event of the dispute again: nothing more.
    for (const sent of t.stripeDouble!.events().filter((event) => event.type.startsWith('charge.dispute.')))
      await fetch(`${t.config.STRIPE_API_URL}/_double/events/${sent.id}/resend`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_double' },
      });
    await deliverAndProcess();
    expect((await detail(paymentId)).reversals).toHaveLength(2);
  });

  it('an ACH debit returned after it succeeded (Stripe: a dispute on it) is a return of the payment, R01', async () => {
    const account = await save({ kind: 'us_bank_account', routing: '110000000', account: '000555555559' });
    const [invoice] = fresh(1);
    const { paymentId } = await paid([invoice!], account, 'EC');
    const amount = (Number(invoice!.openAmount) / 100).toFixed(2);
    const view = await detail(paymentId);
    expect(view.money_back).toMatchObject({ status: 'returned', returned_amount: amount });
    expect(view.reversals).toMatchObject([
      { kind: 'return', state: 'posted', amount, return_code: 'R01', reason: 'insufficient_funds' },
    ]);
    expect(view.disputes).toEqual([]);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(invoice!.openAmount);
  });
});

describe("Stripe's smallest charge", () => {
  it('refuses a payment under 0.50 USD before any charge, in the payer language, and records nothing', async () => {
    const mastercard = await save({ kind: 'card', number: '5200828282828210' });
    const [invoice] = fresh(1);
    const before = (await t.database.db.select().from(paymentIntents)).length;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/payments',
      headers: { ...bearer(payer), 'idempotency-key': randomUUID(), 'accept-language': 'de' },
      payload: payRequest([invoice!], {
        cardToken: mastercard,
        cardType: 'MC',
        cvv: '123',
        amounts: [49n],
        reasons: ['PP'],
      }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      messageKey: 'validation.payment.below_provider_minimum',
      details: { values: { amount: '0.50' } },
    });
    expect(answer.json().message).toContain('Zahlungsanbieter');
    expect((await t.database.db.select().from(paymentIntents)).length).toBe(before);
  });
});
