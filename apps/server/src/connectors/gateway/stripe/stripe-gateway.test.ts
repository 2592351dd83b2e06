// The Stripe adapter's refunds and its reading of what comes back (issue 37), through the official SDK against the
// test double: the portal's key is Stripe's Idempotency-Key, Stripe's refusals keep Stripe's reason, a refund Stripe
// does not answer in time is a time-out (its outcome unknown until the same key is sent again), and a dispute event
// is a dispute of a card or a bank debit returned.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { GatewayTimeoutError, type GatewayEvent, type PaymentGateway } from '../payment-gateway';
import { startStripeDouble, type StripeDouble } from './double/stripe-double';
import { bankReturnCode } from './stripe-events';
import { createStripeGateway, type StripeGatewayOptions } from './stripe-gateway';

const payer = { payer_number: '0000100001', company_code: '1000' };
let database: Database;
let double: StripeDouble;
let stripe: Stripe;
let gateway: PaymentGateway;
let options: StripeGatewayOptions;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  double = await startStripeDouble({ processingSettleMs: 0 });
  stripe = new Stripe('sk_test_double', { host: '127.0.0.1', port: double.port, protocol: 'http' });
  options = {
    secretKey: 'sk_test_double',
    publishableKey: 'pk_test_double',
    webhookSecret: 'whsec_test_double',
    apiUrl: double.url,
    timeoutMs: 10_000,
    tokenKey: 'stripe-gateway-test',
    merchantName: async () => 'Test Supplier',
  };
  gateway = createStripeGateway(database.db, options);
});
afterAll(async () => {
  await double?.close();
  await database?.close();
});

/** A card saved as the Payment Element saves it, charged for an order; the order number. */
async function chargedOrder(amount = 10_000n): Promise<string> {
  const entry = await gateway.startEntry({ payment_method: 'CC', merchant_reference: 'test', language: 'en', payer });
  await stripe.setupIntents.confirm(entry.access_token, { payment_method: 'pm_card_visa' });
  const token = (await gateway.readEntry(entry.access_token))?.paymentcard?.payment_card_token ?? '';
  const order = randomUUID();
  const charge = await gateway.charge({
    idempotency_key: randomUUID(),
    order_number: order,
    payment_card_token: token,
    amount_minor: amount,
    currency_key: 'USD',
    capture: true,
    presence: 'on_session',
    payer,
    three_ds_wanted: false,
  });
  expect(charge.status).toBe('approved');
  return order;
}

describe('refunds at Stripe', () => {
  it("sends the portal's key as Stripe's Idempotency-Key: the same key twice is one refund", async () => {
    const order = await chargedOrder();
    const key = randomUUID();
    const first = await gateway.refund({ idempotency_key: key, order_number: order, amount_minor: 2_500n });
    const again = await gateway.refund({ idempotency_key: key, order_number: order, amount_minor: 2_500n });
    expect(first).toMatchObject({
      status: 'refunded',
      amount_minor: 2_500n,
      refund_reference: expect.stringMatching(/^re_/),
    });
    expect(again.refund_reference).toBe(first.refund_reference);
    const sent = double.requests().filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(sent.filter((request) => request.idempotencyKey === key)).toHaveLength(2);
    const status = await gateway.getChargeStatus(order);
    expect(status?.refunded_minor).toBe(2_500n);
    const refunds = await stripe.refunds.list({ payment_intent: status?.authorization_reference ?? '' });
    expect(refunds.data.map((refund) => refund.id)).toEqual([first.refund_reference]);
  });

  it("refuses above what is left with Stripe's reason, and an order Stripe never charged", async () => {
    const order = await chargedOrder();
    await gateway.refund({ idempotency_key: randomUUID(), order_number: order, amount_minor: 6_000n });
    const over = await gateway.refund({ idempotency_key: randomUUID(), order_number: order, amount_minor: 4_001n });
    expect(over).toMatchObject({ status: 'refused', reason: 'amount_too_large', refund_reference: '' });
    expect((await gateway.getChargeStatus(order))?.refunded_minor).toBe(6_000n);
    const unknown = await gateway.refund({
      idempotency_key: randomUUID(),
      order_number: randomUUID(),
      amount_minor: 1n,
    });
    expect(unknown).toMatchObject({ status: 'refused', reason: 'unknown_order' });
  });

  it('answers a refund Stripe does not answer in time as a time-out', async () => {
    const order = await chargedOrder();
    // A Stripe that takes the request and never answers.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createStripeGateway(database.db, {
        ...options,
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      const refund = slow.refund({ idempotency_key: randomUUID(), order_number: order, amount_minor: 1_000n });
      await expect(refund).rejects.toBeInstanceOf(GatewayTimeoutError);
      await expect(refund).rejects.toMatchObject({ orderNumber: order });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("Stripe's dispute events", () => {
  const order = randomUUID();
  const event = (type: string, dispute: Partial<Stripe.Dispute>): GatewayEvent => ({
    id: `evt_${randomUUID()}`,
    type,
    created: new Date(),
    payload: {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: {
        object: {
          id: 'du_test',
          object: 'dispute',
          amount: 5_000,
          currency: 'usd',
          balance_transactions: [],
          evidence_details: { due_by: 1_900_000_000 },
          livemode: false,
          reason: 'fraudulent',
          status: 'needs_response',
          payment_intent: { id: 'pi_test', object: 'payment_intent', metadata: { order_number: order } },
          payment_method_details: { type: 'card' },
          ...dispute,
        },
      },
    },
  });
  const interpret = (gatewayEvent: GatewayEvent) => gateway.events!.interpret(gatewayEvent);

  it('subscribes to every event of a dispute', () => {
    expect(gateway.events!.types).toEqual(
      expect.arrayContaining([
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.updated',
        'charge.dispute.funds_withdrawn',
        'charge.dispute.funds_reinstated',
        'charge.dispute.closed',
      ]),
    );
  });

  it("says a card dispute as it stands, funds withdrawn by its balance transactions or by Stripe's event", async () => {
    expect(await interpret(event('charge.dispute.created', {}))).toEqual({
      kind: 'dispute',
      order_number: order,
      dispute: {
        reference: 'du_test',
        status: 'needs_response',
        reason: 'fraudulent',
        amount_minor: 5_000n,
        currency_key: 'USD',
        evidence_due_by: new Date(1_900_000_000_000),
        evidence_url: 'https://dashboard.stripe.com/test/disputes/du_test',
        funds_withdrawn: false,
      },
    });
    const withdrawal = { amount: -5_000 } as Stripe.BalanceTransaction;
    const statusOf = async (type: string, dispute: Partial<Stripe.Dispute>) => {
      const effect = await interpret(event(type, dispute));
      return effect?.kind === 'dispute' ? `${effect.dispute.status}:${effect.dispute.funds_withdrawn}` : effect?.kind;
    };
    expect(await statusOf('charge.dispute.funds_withdrawn', {})).toBe('needs_response:true');
    expect(
      await statusOf('charge.dispute.updated', { status: 'under_review', balance_transactions: [withdrawal] }),
    ).toBe('under_review:true');
    expect(await statusOf('charge.dispute.closed', { status: 'won', balance_transactions: [withdrawal] })).toBe(
      'won:true',
    );
    expect(await statusOf('charge.dispute.closed', { status: 'lost', balance_transactions: [withdrawal] })).toBe(
      'lost:true',
    );
    // An inquiry takes nothing; closed without a chargeback, it is won.
    expect(await statusOf('charge.dispute.closed', { status: 'warning_closed' })).toBe('won:false');
    expect(await statusOf('charge.dispute.updated', { status: 'warning_needs_response' })).toBe('needs_response:false');
  });

  it("says a bank debit's dispute is the debit returned, with the network's code or one from its reason", async () => {
    const bank = {
      payment_method_details: undefined,
      evidence_details: { due_by: null } as Stripe.Dispute.EvidenceDetails,
    };
    const withdrawal = { amount: -5_000 } as Stripe.BalanceTransaction;
    expect(
      await interpret(
        event('charge.dispute.created', {
          ...bank,
          status: 'lost',
          reason: 'insufficient_funds',
          network_reason_code: 'R01',
          balance_transactions: [withdrawal],
        }),
      ),
    ).toEqual({
      kind: 'returned',
      order_number: order,
      amount_minor: 5_000n,
      currency_key: 'USD',
      return_code: 'R01',
      reason: 'insufficient_funds',
      reference: 'du_test',
    });
    const closed = await interpret(
      event('charge.dispute.closed', { ...bank, status: 'lost', reason: 'debit_not_authorized' }),
    );
    expect(closed).toMatchObject({ kind: 'returned', return_code: 'R10', reference: 'du_test' });
    expect(bankReturnCode('sepa_debit', 'customer_initiated', null)).toBe('MD06');
    expect(bankReturnCode('us_bank_account', 'account_closed')).toBe('R02');
    expect(bankReturnCode('us_bank_account', 'no_account')).toBe('R03');
    expect(bankReturnCode('us_bank_account', 'bank_cannot_process', 'r16')).toBe('R16');
    expect(bankReturnCode('us_bank_account', 'bank_cannot_process')).toBe('');
    // Nothing withdrawn yet: nothing came back.
    expect(await interpret(event('charge.dispute.updated', { ...bank, reason: 'insufficient_funds' }))).toEqual({
      kind: 'noted',
    });
  });
});
