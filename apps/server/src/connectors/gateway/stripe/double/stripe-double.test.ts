// The Stripe double, driven only as the portal and a Stripe.js stand-in will drive it: the official SDK with the
// secret key, plain fetch with the publishable key, and a webhook endpoint that verifies signatures with the SDK.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeDouble, type StripeDouble } from './stripe-double';

const SECRET_KEY = 'sk_test_double';
const PUBLISHABLE_KEY = 'pk_test_double';
const WEBHOOK_SECRET = 'whsec_test_double';
const ONLINE_ACCEPTANCE = {
  customer_acceptance: {
    type: 'online' as const,
    online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 test' },
  },
};

let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  double = await startStripeDouble({ processingSettleMs: 0 });
  stripe = sdkFor(double);
});
afterAll(async () => {
  await double?.close();
});

function sdkFor(target: StripeDouble, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: target.port, protocol: 'http' });
}

type Answer = { status: number; body: Record<string, unknown>; text: string; headers: Headers };

/** A call the way Stripe.js makes it: the publishable key, form-encoded parameters. */
async function browserCall(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
  options: { key?: string | null; target?: StripeDouble } = {},
): Promise<Answer> {
  const target = options.target ?? double;
  const key = options.key === undefined ? PUBLISHABLE_KEY : options.key;
  const body = new URLSearchParams(params).toString();
  const url = method === 'GET' && body ? `${target.url}${path}?${body}` : `${target.url}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? body : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as Record<string, unknown>,
    text,
    headers: response.headers,
  };
}

async function rawPost(body: string, headers: Record<string, string>, target = double, path = '/v1/payment_intents') {
  const response = await fetch(`${target.url}${path}`, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function cardData(number: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 2),
    'payment_method_data[card][cvc]': number.startsWith('3') ? '1234' : '123',
    ...extra,
  };
}

const BROWSER_ACCEPTANCE = {
  'mandate_data[customer_acceptance][type]': 'online',
  'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
};

function achData(accountNumber: string): Record<string, string> {
  return {
    'payment_method_data[type]': 'us_bank_account',
    'payment_method_data[us_bank_account][routing_number]': '110000000',
    'payment_method_data[us_bank_account][account_number]': accountNumber,
    'payment_method_data[us_bank_account][account_holder_type]': 'individual',
    'payment_method_data[billing_details][name]': 'Jenny Rosen',
    ...BROWSER_ACCEPTANCE,
  };
}

function sepaData(iban: string): Record<string, string> {
  return {
    'payment_method_data[type]': 'sepa_debit',
    'payment_method_data[sepa_debit][iban]': iban,
    'payment_method_data[billing_details][name]': 'Jenny Rosen',
    'payment_method_data[billing_details][email]': 'jenny@example.com',
    ...BROWSER_ACCEPTANCE,
  };
}

async function authenticate(intent: { id: string; client_secret: string | null }, result: 'succeed' | 'fail') {
  return browserCall('POST', `/_double/authenticate/${intent.id}`, {
    result,
    client_secret: intent.client_secret ?? '',
  });
}

async function newCustomer(email = 'payer@example.com'): Promise<Stripe.Customer> {
  return stripe.customers.create({ email, name: 'Jenny Rosen' });
}

function eventsFor(objectId: string, target = double): string[] {
  return target
    .events()
    .filter((event) => (event.data.object as { id?: string }).id === objectId)
    .map((event) => event.type);
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Received = { body: string; signature: string };

async function startWebhookReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/gateway/stripe/webhook`,
    received,
    ids: () => received.map((item) => (JSON.parse(item.body) as Stripe.Event).id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('wire format and authentication', () => {
  it('answers a wrong secret key with 401 and an invalid_request_error', async () => {
    const error = await sdkFor(double, 'sk_test_wrong0000')
      .customers.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/);
  });

  it('answers a call without a key with 401', async () => {
    const answer = await browserCall('GET', '/v1/customers', {}, { key: null });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('did not provide an API key'),
    });
  });

  it('refuses the publishable key on secret-only endpoints', async () => {
    for (const [method, path] of [
      ['GET', '/v1/customers'],
      ['POST', '/v1/payment_intents'],
      ['POST', '/v1/refunds'],
      ['GET', '/v1/events'],
    ] as const) {
      const answer = await browserCall(method, path, method === 'POST' ? { amount: '1000', currency: 'usd' } : {});
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        type: 'invalid_request_error',
        message: expect.stringContaining('cannot be made with a publishable API key'),
      });
    }
  });

  it('accepts basic auth with the key as the user name', async () => {
    const response = await fetch(`${double.url}/v1/customers?limit=1`, {
      headers: { Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'list', url: '/v1/customers' });
  });

  it('puts a Request-Id on every answer, errors and unknown routes included', async () => {
    const customer = await stripe.customers.create({ email: 'request-id@example.com' });
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
    const unknown = await browserCall('GET', '/v1/unknown_things', {}, { key: SECRET_KEY });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('request-id')).toMatch(/^req_/);
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('Unrecognized request URL (GET: /v1/unknown_things)'),
    });
    const missing = await browserCall('GET', '/v1/customers/cus_missing', {}, { key: SECRET_KEY });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('request-id')).toMatch(/^req_/);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it("decodes Stripe's bracket encoding: [] and indexed arrays, nested hashes", async () => {
    const answer = await rawPost(
      'amount=1500&currency=USD&allowed_payment_method_types[]=card&metadata[order_number]=SO-1&metadata%5Bbatch%5D=7&expand[0]=customer',
      { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      object: 'payment_intent',
      amount: 1500,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      metadata: { order_number: 'SO-1', batch: '7' },
      customer: null,
    });
    const indexed = await rawPost(
      'amount=1500&currency=usd&allowed_payment_method_types[0]=card&allowed_payment_method_types[1]=us_bank_account',
      {
        Authorization: `Bearer ${SECRET_KEY}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    );
    expect(JSON.parse(indexed.text)).toMatchObject({ payment_method_types: ['card', 'us_bank_account'] });
  });

  it('offers the payment method types API version 2026-10-28.endive offers, and refuses payment_method_types', async () => {
    const automatic = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    expect(automatic).toMatchObject({
      allowed_payment_method_types: null,
      automatic_payment_methods: { enabled: true },
      payment_method_types: ['card', 'us_bank_account'],
    });
    const euros = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      allowed_payment_method_types: ['card', 'us_bank_account', 'sepa_debit'],
    });
    expect(euros).toMatchObject({ automatic_payment_methods: null, payment_method_types: ['card', 'sepa_debit'] });
    const legacy = await rawPost('amount=1000&currency=usd&payment_method_types[]=card', {
      Authorization: `Bearer ${SECRET_KEY}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(legacy.status).toBe(400);
    expect(JSON.parse(legacy.text)).toMatchObject({
      error: {
        type: 'invalid_request_error',
        param: 'payment_method_types',
        message: expect.stringContaining('allowed_payment_method_types'),
      },
    });
  });

  it('answers malformed requests with a 400 and keeps serving', async () => {
    const headers = { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' };
    for (const body of [
      'amount[=1',
      'amount=%ZZ',
      'metadata=x&metadata[a]=b',
      '__proto__[x]=1',
      'a[b][c][d][e][f][g][h][i]=1',
    ]) {
      const answer = await rawPost(body, headers);
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { type: 'invalid_request_error' } });
    }
    const json = await rawPost('{"amount":1000}', { ...headers, 'Content-Type': 'application/json' });
    expect(json.status).toBe(400);
    const unknown = await rawPost('amount=1000&currency=usd&colour=blue', headers);
    expect(JSON.parse(unknown.text)).toMatchObject({
      error: { type: 'invalid_request_error', param: 'colour', message: 'Received unknown parameter: colour' },
    });
    const invalid = await stripe.paymentIntents
      .create({ amount: 10, currency: 'usd' })
      .catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_small', param: 'amount' });
    expect((await stripe.customers.list({ limit: 1 })).object).toBe('list');
  });

  it('answers only the API version of the SDK', async () => {
    const response = await fetch(`${double.url}/v1/customers`, {
      headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Stripe-Version': '2024-06-20' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'Stripe-Version' } });
  });

  it('records each request with its idempotency key, and never a card number', async () => {
    const created = await stripe.customers.create({ email: 'recorded@example.com' }, { idempotencyKey: 'record-me' });
    const recorded = double.requests().filter((request) => request.idempotencyKey === 'record-me');
    expect(recorded).toEqual([{ method: 'POST', path: '/v1/customers', idempotencyKey: 'record-me' }]);
    expect(created.id).toMatch(/^cus_/);
    const automatic = double.requests().filter((request) => request.idempotencyKey?.startsWith('stripe-node-retry-'));
    expect(automatic.length).toBeGreaterThan(0);
  });
});

describe('idempotency', () => {
  it('answers the first result again for the same key and parameters', async () => {
    const first = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', metadata: { order_number: 'IDEM-1' } },
      { idempotencyKey: 'order-IDEM-1' },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', metadata: { order_number: 'IDEM-1' } },
      { idempotencyKey: 'order-IDEM-1' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const created = eventsFor(first.id).filter((type) => type === 'payment_intent.created');
    expect(created).toHaveLength(1);
  });

  it('refuses the same key with other parameters with an idempotency_error', async () => {
    await stripe.paymentIntents.create({ amount: 2100, currency: 'usd' }, { idempotencyKey: 'order-IDEM-2' });
    const error = await stripe.paymentIntents
      .create({ amount: 2200, currency: 'usd' }, { idempotencyKey: 'order-IDEM-2' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('replays a card decline, not a request refused for its parameters', async () => {
    const decline = () =>
      stripe.paymentIntents
        .create(
          { amount: 2300, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true },
          { idempotencyKey: 'decline-1' },
        )
        .then(
          () => {
            throw new Error('the decline was not refused');
          },
          (caught: unknown) => caught as Stripe.errors.StripeError,
        );
    const first = await decline();
    const second = await decline();
    expect(second.payment_intent?.id).toBe(first.payment_intent?.id);
    expect(second.headers?.['idempotent-replayed']).toBe('true');
  });
});

describe('customers and saved payment methods', () => {
  it('creates, reads, updates and lists customers, with their events', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { account: '100001' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      livemode: false,
      email: 'ada@example.com',
      metadata: { account: '100001' },
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    const updated = await stripe.customers.update(customer.id, {
      name: 'Ada Lovelace',
      metadata: { account: '', tier: 'gold' },
    });
    expect(updated).toMatchObject({ name: 'Ada Lovelace', metadata: { tier: 'gold' } });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ name: 'Ada Lovelace' });
    const listed = await stripe.customers.list({ email: 'ada@example.com' });
    expect(listed.data.map((item) => item.id)).toEqual([customer.id]);
    expect(eventsFor(customer.id)).toEqual(['customer.created', 'customer.updated']);
  });

  it('clones a test payment method into a fresh pm_ when attaching it, and detaches it', async () => {
    const customer = await newCustomer();
    const attached = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(attached.id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(attached).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'visa', last4: '4242' } });
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((method) => method.id)).toEqual([attached.id]);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toHaveLength(1);
    const detached = await stripe.paymentMethods.detach(attached.id);
    expect(detached.customer).toBeNull();
    expect(eventsFor(attached.id)).toEqual(['payment_method.attached', 'payment_method.detached']);
    const detachedEvent = double.events().find((event) => event.type === 'payment_method.detached');
    expect(detachedEvent?.data.previous_attributes).toEqual({ customer: customer.id });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    const reuse = await stripe.paymentMethods
      .attach(attached.id, { customer: customer.id })
      .catch((caught: unknown) => caught);
    expect(reuse).toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('may not be used again'),
    });
  });

  it('refuses to attach a card that declines', async () => {
    const customer = await newCustomer();
    const error = await stripe.paymentMethods
      .attach('pm_card_chargeDeclined', { customer: customer.id })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
  });
});

describe('card payments', () => {
  it('succeeds with pm_card_visa and leaves a retrievable charge', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      description: 'Invoices 1001, 1002',
      statement_descriptor_suffix: 'INV 1001',
      metadata: { order_number: 'SO-42' },
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount_received: 12_345,
      livemode: false,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({
      id: expect.stringMatching(/^ch_/),
      status: 'succeeded',
      paid: true,
      amount: 12_345,
      balance_transaction: null,
      payment_intent: intent.id,
      outcome: { type: 'authorized', network_status: 'approved_by_network' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', funding: 'credit' } },
    });
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge', 'payment_method'] });
    expect(expanded.latest_charge).toMatchObject({ id: charge.id });
    expect(expanded.payment_method).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
    expect(eventsFor(intent.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    expect(eventsFor(charge.id)).toEqual(['charge.succeeded']);
  });

  it('finds payments by metadata order number and lists them by customer', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_mastercard',
      confirm: true,
      metadata: { order_number: 'SEARCH-77' },
    });
    await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', metadata: { order_number: 'SEARCH-78' } });
    const found = await stripe.paymentIntents.search({ query: "metadata['order_number']:'SEARCH-77'" });
    expect(found).toMatchObject({ object: 'search_result', has_more: false });
    expect(found.data.map((item) => item.id)).toEqual([intent.id]);
    const both = await stripe.paymentIntents.search({
      query: 'metadata["order_number"]:"SEARCH-77" AND status:"succeeded"',
    });
    expect(both.data).toHaveLength(1);
    const bad = await stripe.paymentIntents
      .search({ query: "metadata['order_number']:'A' OR x" })
      .catch((caught: unknown) => caught);
    expect(bad).toMatchObject({ type: 'StripeInvalidRequestError', param: 'query' });
    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((item) => item.id)).toEqual([intent.id]);
  });

  it('declines 4000000000000002 with a 402 card_error that embeds the PaymentIntent', async () => {
    const error = (await stripe.paymentIntents
      .create({ amount: 3000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true })
      .catch((caught: unknown) => caught)) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      charge: expect.stringMatching(/^ch_/),
    });
    expect(error.payment_intent).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    const intent = await stripe.paymentIntents.retrieve(error.payment_intent!.id);
    expect(intent.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_method: { card: { last4: '0002' } },
    });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
    });
    expect(eventsFor(intent.id)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
  });

  it('declines 4000000000009995 for insufficient funds', async () => {
    const error = await stripe.paymentIntents
      .create({
        amount: 3000,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds' });
  });

  it('asks for 3-D Secure on-session and succeeds once the cardholder completes it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toEqual({
      type: 'use_stripe_sdk',
      use_stripe_sdk: {
        type: 'three_d_secure_redirect',
        stripe_js: `${double.url}/_double/3ds/${intent.id}`,
        source: expect.stringMatching(/^src_/),
      },
    });
    const page = await fetch(`${double.url}/_double/3ds/${intent.id}`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('>Complete</button>');
    expect(html).toContain('>Fail</button>');
    const answer = await authenticate(intent, 'succeed');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: intent.id, status: 'succeeded' });
    const charge = await stripe.charges.retrieve(
      String((await stripe.paymentIntents.retrieve(intent.id)).latest_charge),
    );
    expect(charge.payment_method_details?.card?.three_d_secure).toMatchObject({ result: 'authenticated' });
    expect(eventsFor(intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);
  });

  it('redirects a server-side confirm that gave a return_url', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'usd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
      return_url: 'https://portal.example/payments/return',
    });
    expect(intent.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: {
        url: `${double.url}/_double/3ds/${intent.id}`,
        return_url: 'https://portal.example/payments/return',
      },
    });
  });

  it('leaves a failed authentication in requires_payment_method', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'usd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
    });
    const wrongSecret = await browserCall('POST', `/_double/authenticate/${intent.id}`, {
      result: 'succeed',
      client_secret: `${intent.id}_secret_wrong`,
    });
    expect(wrongSecret.status).toBe(404);
    const answer = await authenticate(intent, 'fail');
    expect(answer.body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect(eventsFor(intent.id)).toContain('payment_intent.payment_failed');
  });

  it('charges off-session a card set up with authentication (threeDSecure2Required)', async () => {
    const customer = await newCustomer();
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
    });
    expect(setup).toMatchObject({
      status: 'requires_action',
      usage: 'off_session',
      next_action: { type: 'use_stripe_sdk' },
    });
    expect((await authenticate(setup, 'succeed')).body).toMatchObject({ status: 'succeeded' });
    const saved = await stripe.setupIntents.retrieve(setup.id, { expand: ['payment_method'] });
    const method = saved.payment_method as Stripe.PaymentMethod;
    expect(method).toMatchObject({ customer: customer.id, card: { last4: '3155' } });
    expect(eventsFor(setup.id)).toEqual([
      'setup_intent.created',
      'setup_intent.requires_action',
      'setup_intent.succeeded',
    ]);
    const payment = await stripe.paymentIntents.create({
      amount: 7000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      off_session: true,
      confirm: true,
    });
    expect(payment.status).toBe('succeeded');
    const onSession = await stripe.paymentIntents.create({
      amount: 7000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
    });
    expect(onSession.status).toBe('requires_action');
  });

  it('refuses off-session a card that requires authentication on every payment (authenticationRequired)', async () => {
    const customer = await newCustomer();
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    await authenticate(setup, 'succeed');
    const methodId = String((await stripe.setupIntents.retrieve(setup.id)).payment_method);
    const error = (await stripe.paymentIntents
      .create({
        amount: 7000,
        currency: 'usd',
        customer: customer.id,
        payment_method: methodId,
        off_session: true,
        confirm: true,
      })
      .catch((caught: unknown) => caught)) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
    const intent = await stripe.paymentIntents.retrieve(error.payment_intent!.id);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required', payment_method: { id: methodId } },
    });
  });

  it('refuses off_session without a payment method saved on the customer', async () => {
    const customer = await newCustomer();
    const noCustomer = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa', off_session: true, confirm: true })
      .catch((caught: unknown) => caught);
    expect(noCustomer).toMatchObject({ type: 'StripeInvalidRequestError', param: 'customer' });
    const other = await newCustomer('other@example.com');
    const othersMethod = await stripe.paymentMethods.attach('pm_card_visa', { customer: other.id });
    const wrongOwner = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: othersMethod.id,
        off_session: true,
        confirm: true,
      })
      .catch((caught: unknown) => caught);
    expect(wrongOwner).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
    const notConfirmed = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd', customer: customer.id, off_session: true })
      .catch((caught: unknown) => caught);
    expect(notConfirmed).toMatchObject({ type: 'StripeInvalidRequestError', param: 'off_session' });
  });

  it('saves the card on the customer when an on-session payment sets setup_future_usage', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
    });
    const answer = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...cardData('4000002500003155'),
    });
    expect(answer.body).toMatchObject({ status: 'requires_action' });
    await authenticate(intent, 'succeed');
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((method) => method.card?.last4)).toEqual(['3155']);
    const offSession = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      payment_method: saved.data[0]!.id,
      off_session: true,
      confirm: true,
    });
    expect(offSession.status).toBe('succeeded');
  });

  it('captures a manual-capture payment, and cancels another', async () => {
    const held = await stripe.paymentIntents.create({
      amount: 9000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 9000 });
    const captured = await stripe.paymentIntents.capture(held.id, { amount_to_capture: 8000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 8000 });
    const open = await stripe.paymentIntents.create({ amount: 9000, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(eventsFor(open.id)).toEqual(['payment_intent.created', 'payment_intent.canceled']);
    const again = await stripe.paymentIntents.cancel(captured.id).catch((caught: unknown) => caught);
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', code: 'payment_intent_unexpected_state' });
  });

  it('cancels a SetupIntent', async () => {
    const setup = await stripe.setupIntents.create({ allowed_payment_method_types: ['card'] });
    const canceled = await stripe.setupIntents.cancel(setup.id);
    expect(canceled.status).toBe('canceled');
    expect(eventsFor(setup.id)).toEqual(['setup_intent.created', 'setup_intent.canceled']);
  });
});

describe('Stripe.js calls with the publishable key', () => {
  it('confirms with raw card details and never stores or echoes the number or CVC', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1999,
      currency: 'usd',
      metadata: { order_number: 'PK-1' },
      customer: (await newCustomer()).id,
    });
    const answer = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...cardData('4242424242424242', { 'payment_method_data[card][cvc]': '987' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: intent.id, status: 'succeeded' });
    // The browser's view: no customer, no metadata, as Stripe.js sees an intent.
    expect(answer.body).not.toHaveProperty('metadata');
    expect(answer.body).not.toHaveProperty('customer');
    const read = await browserCall('GET', `/v1/payment_intents/${intent.id}`, {
      client_secret: intent.client_secret ?? '',
    });
    expect(read.body).toMatchObject({ id: intent.id, status: 'succeeded', client_secret: intent.client_secret });
    expect(read.body).not.toHaveProperty('metadata');
    const method = await stripe.paymentMethods.retrieve(
      String((await stripe.paymentIntents.retrieve(intent.id)).payment_method),
    );
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, checks: { cvc_check: 'pass' } });
    const everything = JSON.stringify([answer.text, read.text, method, double.events(), double.requests()]);
    expect(everything).not.toContain('4242424242424242');
    // The CVC as a value of its own: ids and timestamps may hold the digits 987 by chance.
    expect(everything).not.toMatch(/(?<![0-9A-Za-z])987(?![0-9A-Za-z])/);
  });

  it('gives the same card number the same fingerprint, and another number another', async () => {
    const fingerprintOf = async (number: string) => {
      const answer = await browserCall('POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '11',
        'card[exp_year]': String(new Date().getUTCFullYear() + 3),
        'card[cvc]': '123',
      });
      expect(answer.status).toBe(200);
      return (answer.body.card as { fingerprint: string }).fingerprint;
    };
    const first = await fingerprintOf('4242424242424242');
    expect(first).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await fingerprintOf('4242424242424242')).toBe(first);
    expect(await fingerprintOf('5555555555554444')).not.toBe(first);
  });

  it('answers a wrong client_secret with 404, as Stripe answers an unknown intent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const other = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    for (const answer of [
      await browserCall('GET', `/v1/payment_intents/${intent.id}`, { client_secret: other.client_secret ?? '' }),
      await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
        client_secret: 'pi_x_secret_y',
        ...cardData('4242424242424242'),
      }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    }
    const withoutSecret = await browserCall('GET', `/v1/payment_intents/${intent.id}`);
    expect(withoutSecret.status).toBe(401);
    const setup = await stripe.setupIntents.create({});
    const setupAnswer = await browserCall('GET', `/v1/setup_intents/${setup.id}`, {
      client_secret: intent.client_secret ?? '',
    });
    expect(setupAnswer.status).toBe(404);
  });

  it('refuses a wrong number, an expired card and a missing CVC as Stripe does', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const confirm = (data: Record<string, string>) =>
      browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
        client_secret: intent.client_secret ?? '',
        ...data,
      });
    const wrongNumber = await confirm(cardData('4242424242424241'));
    expect(wrongNumber.status).toBe(402);
    expect(wrongNumber.body.error).toMatchObject({
      type: 'card_error',
      code: 'incorrect_number',
      payment_intent: { id: intent.id },
    });
    expect(wrongNumber.text).not.toContain('4242424242424241');
    const expired = await confirm(cardData('4242424242424242', { 'payment_method_data[card][exp_year]': '2020' }));
    expect(expired.status).toBe(402);
    expect(expired.body.error).toMatchObject({ type: 'card_error', code: 'expired_card' });
    const { ['payment_method_data[card][cvc]']: _cvc, ...withoutCvc } = cardData('4242424242424242');
    const noCvc = await confirm(withoutCvc);
    expect(noCvc.status).toBe(400);
    expect(noCvc.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'incomplete_cvc',
      param: 'payment_method_data[card][cvc]',
    });
    const declined = await confirm(cardData('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const ok = await confirm(cardData('378282246310005'));
    expect(ok.body).toMatchObject({ status: 'succeeded' });
  });

  it('runs 3-D Secure for 4000000000003220 on setup and on each on-session payment', async () => {
    const customer = await newCustomer();
    const setup = await stripe.setupIntents.create({ customer: customer.id });
    const confirmed = await browserCall('POST', `/v1/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.client_secret ?? '',
      ...cardData('4000000000003220'),
    });
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect((await authenticate(setup, 'succeed')).body).toMatchObject({ status: 'succeeded' });
    const methodId = String((await stripe.setupIntents.retrieve(setup.id)).payment_method);
    const onSession = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      payment_method: methodId,
      confirm: true,
    });
    expect(onSession.status).toBe('requires_action');
  });

  it('refuses raw card numbers from a server, as Stripe does without raw card data access', async () => {
    const answer = await browserCall(
      'POST',
      '/v1/payment_methods',
      {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2040',
        'card[cvc]': '123',
      },
      { key: SECRET_KEY },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('generally unsafe'),
    });
  });
});

describe('bank debits', () => {
  it('saves a US bank account with a mandate, and an off-session debit goes processing → succeeded', async () => {
    const customer = await newCustomer();
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
    });
    const confirmed = await browserCall('POST', `/v1/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.client_secret ?? '',
      ...achData('000123456789'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    expect(confirmed.text).not.toContain('000123456789');
    const saved = await stripe.setupIntents.retrieve(setup.id);
    const mandate = await stripe.mandates.retrieve(String(saved.mandate));
    expect(mandate).toMatchObject({
      id: expect.stringMatching(/^mandate_/),
      status: 'active',
      type: 'multi_use',
      payment_method: saved.payment_method,
      customer_acceptance: {
        type: 'online',
        online: { ip_address: expect.any(String), user_agent: expect.any(String) },
      },
    });
    const method = await stripe.paymentMethods.retrieve(String(saved.payment_method));
    expect(method.us_bank_account).toMatchObject({
      bank_name: 'STRIPE TEST BANK',
      routing_number: '110000000',
      last4: '6789',
    });
    const payment = await stripe.paymentIntents.create({
      amount: 25_000,
      currency: 'usd',
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
      payment_method: method.id,
      off_session: true,
      confirm: true,
    });
    expect(payment.status).toBe('processing');
    expect(await stripe.charges.retrieve(String(payment.latest_charge))).toMatchObject({ status: 'pending' });
    await double.settleProcessing();
    expect((await stripe.paymentIntents.retrieve(payment.id)).status).toBe('succeeded');
    expect(eventsFor(payment.id)).toEqual([
      'payment_intent.created',
      'payment_intent.processing',
      'payment_intent.succeeded',
    ]);
  });

  it('fails an ACH debit from an account with insufficient funds once it settles (R01)', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 30_000,
      currency: 'usd',
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
    });
    const confirmed = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...achData('000222222227'),
    });
    expect(confirmed.body).toMatchObject({ status: 'processing' });
    const settled = await browserCall('POST', '/_double/settle', { payment_intent: intent.id }, { key: SECRET_KEY });
    expect(settled.body).toEqual({ settled: [intent.id], disputes: [] });
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'insufficient_funds' },
    });
    expect(await stripe.charges.retrieve(String(failed.latest_charge))).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
      outcome: { network_decline_code: 'R01' },
    });
    expect(eventsFor(intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.processing',
      'payment_intent.payment_failed',
    ]);
  });

  it('deactivates the mandate of a closed account (000111111113, R02)', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 30_000,
      currency: 'usd',
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
      setup_future_usage: 'off_session',
    });
    await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...achData('000111111113'),
    });
    await double.settleProcessing();
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    expect(failed.last_payment_error).toMatchObject({ code: 'account_closed' });
    const mandateEvent = double.events().find((event) => event.type === 'mandate.updated');
    expect(mandateEvent?.data.object).toMatchObject({ status: 'inactive' });
  });

  it('refuses manual capture for a bank debit, as Stripe supports it for cards only', async () => {
    const error = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: 'pm_usBankAccount',
        capture_method: 'manual',
        confirm: true,
        mandate_data: ONLINE_ACCEPTANCE,
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', param: 'capture_method' });
  });

  it('needs a mandate for a debit', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      allowed_payment_method_types: ['us_bank_account'],
    });
    const {
      ['mandate_data[customer_acceptance][type]']: _type,
      ['mandate_data[customer_acceptance][online][infer_from_client]']: _infer,
      ...withoutMandate
    } = achData('000123456789');
    const answer = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...withoutMandate,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('requires a mandate'),
    });
    // A create-and-confirm refused for its parameters creates nothing: no intent, no event, no saved method.
    const customer = await newCustomer();
    const eventsBefore = double.events().length;
    const fromServer = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: 'pm_usBankAccount',
        confirm: true,
        mandate_data: {
          customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.7' } },
        } as Stripe.PaymentIntentCreateParams.MandateData,
      })
      .catch((caught: unknown) => caught);
    expect(fromServer).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'mandate_data[customer_acceptance][online][user_agent]',
    });
    expect(double.events().length).toBe(eventsBefore);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });

  it('debits SEPA accounts: DE89… succeeds, DE62… fails with insufficient_funds', async () => {
    const outcomes: Record<string, string> = {};
    for (const iban of ['DE89370400440532013000', 'DE62370400440532013001']) {
      const intent = await stripe.paymentIntents.create({
        amount: 5000,
        currency: 'eur',
        allowed_payment_method_types: ['sepa_debit'],
      });
      const answer = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
        client_secret: intent.client_secret ?? '',
        ...sepaData(iban),
      });
      expect(answer.body).toMatchObject({ status: 'processing' });
      expect(answer.text).not.toContain(iban);
      await double.settleProcessing();
      const settled = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
      outcomes[iban] = `${settled.status}:${settled.last_payment_error?.code ?? ''}`;
      expect(settled.latest_charge).toMatchObject({
        payment_method_details: { type: 'sepa_debit', sepa_debit: { bank_code: '37040044', country: 'DE' } },
      });
    }
    expect(outcomes).toEqual({
      DE89370400440532013000: 'succeeded:',
      DE62370400440532013001: 'requires_payment_method:insufficient_funds',
    });
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
    });
    const invalid = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...sepaData('DE89370400440532013009'),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'invalid_bank_account_iban' });
  });

  it('settles on its own after processingSettleMs', async () => {
    const quick = await startStripeDouble({ processingSettleMs: 50 });
    try {
      const client = sdkFor(quick);
      const intent = await client.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: 'pm_usBankAccount',
        confirm: true,
        mandate_data: ONLINE_ACCEPTANCE,
      });
      expect(intent.status).toBe('processing');
      await waitFor(() => quick.events().some((event) => event.type === 'payment_intent.succeeded'));
      expect((await client.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    } finally {
      await quick.close();
    }
  });
});

describe('refunds', () => {
  it('adds partial refunds up and refuses more than what is left', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 10_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const first = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 4000,
      reason: 'requested_by_customer',
      metadata: { credit_memo: 'CM-1' },
    });
    expect(first).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 4000,
      payment_intent: intent.id,
      metadata: { credit_memo: 'CM-1' },
    });
    expect(first.id).toMatch(/^re_/);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 5000 });
    const tooMuch = await stripe.refunds
      .create({ payment_intent: intent.id, amount: 1001 })
      .catch((caught: unknown) => caught);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ rawType: 'invalid_request_error', code: 'amount_too_large', param: 'amount' });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1000);
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({
      amount_refunded: 10_000,
      refunded: true,
    });
    expect((await stripe.refunds.retrieve(first.id)).amount).toBe(4000);
    const refundEvents = double
      .events()
      .filter((event) => event.type === 'refund.created' && event.data.object.payment_intent === intent.id);
    expect(refundEvents).toHaveLength(3);
    expect(eventsFor(String(intent.latest_charge)).filter((type) => type === 'charge.refunded')).toHaveLength(3);
    const again = await stripe.refunds.create({ payment_intent: intent.id }).catch((caught: unknown) => caught);
    expect(again).toMatchObject({ code: 'charge_already_refunded' });
  });
});

describe('disputes', () => {
  async function disputedPayment(client = stripe, amount = 8000) {
    const intent = await client.paymentIntents.create({
      amount,
      currency: 'usd',
      payment_method: 'pm_card_createDispute',
      confirm: true,
    });
    expect(intent.status).toBe('succeeded');
    return intent;
  }

  async function disputeOfPayment(intentId: string): Promise<Stripe.Dispute> {
    const [dispute] = (await stripe.disputes.list({ payment_intent: intentId })).data;
    expect(dispute, `no dispute of ${intentId}`).toBeDefined();
    return dispute!;
  }

  it('disputes a payment of the dispute test card shortly after it succeeds, the amount withdrawn at once', async () => {
    const intent = await disputedPayment();
    // Not at once: Stripe opens it a moment after the payment (here, when what happens later is settled).
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data).toEqual([]);
    const settled = await browserCall('POST', '/_double/settle', {}, { key: SECRET_KEY });
    const dispute = await disputeOfPayment(intent.id);
    expect(settled.body.disputes).toEqual([dispute.id]);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 8000,
      currency: 'usd',
      charge: intent.latest_charge,
      status: 'needs_response',
      reason: 'fraudulent',
      is_charge_refundable: false,
      payment_method_details: { type: 'card', card: { brand: 'visa', case_type: 'chargeback' } },
      balance_transactions: [
        { object: 'balance_transaction', amount: -8000, type: 'adjustment', reporting_category: 'dispute' },
      ],
    });
    expect(dispute.evidence_details.due_by).toBeGreaterThan(Date.now() / 1000);
    expect(eventsFor(dispute.id)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ disputed: true });
    // What a chargeback took back cannot be refunded as well.
    const refund = await stripe.refunds.create({ payment_intent: intent.id }).catch((caught: unknown) => caught);
    expect(refund).toMatchObject({ code: 'charge_disputed' });
  });

  it('disputes a card typed into Stripe.js as well (4000 0000 0000 0259)', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    const confirmed = await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...cardData('4000000000000259'),
    });
    expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    await double.settleProcessing();
    expect(await disputeOfPayment(intent.id)).toMatchObject({ amount: 2500, status: 'needs_response' });
  });

  it('wins a dispute with winning_evidence (the amount reinstated) and loses one with losing_evidence', async () => {
    const winning = await disputedPayment();
    const losing = await disputedPayment();
    await double.settleProcessing();
    const toWin = await disputeOfPayment(winning.id);
    const won = await stripe.disputes.update(toWin.id, {
      evidence: { uncategorized_text: 'winning_evidence', customer_name: 'Jenny Rosen' },
    });
    expect(won).toMatchObject({
      status: 'won',
      evidence: { uncategorized_text: 'winning_evidence', customer_name: 'Jenny Rosen' },
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    expect(won.balance_transactions.map((movement) => movement.amount)).toEqual([-8000, 8000]);
    expect(won.balance_transactions[1]).toMatchObject({ reporting_category: 'dispute_reversal' });
    expect(eventsFor(toWin.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.updated',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    const updated = double.events().find((event) => event.type === 'charge.dispute.updated');
    expect(updated?.data.object).toMatchObject({ status: 'under_review' });
    const toLose = await disputeOfPayment(losing.id);
    const lost = await stripe.disputes.update(toLose.id, { evidence: { uncategorized_text: 'losing_evidence' } });
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions.map((movement) => movement.amount)).toEqual([-8000]);
    expect(eventsFor(toLose.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.updated',
      'charge.dispute.closed',
    ]);
    // Decided: no more evidence, no closing.
    const late = await stripe.disputes
      .update(toLose.id, { evidence: { uncategorized_text: 'winning_evidence' } })
      .catch((caught: unknown) => caught);
    expect(late).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(await stripe.disputes.close(toWin.id).catch((caught: unknown) => caught)).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('keeps staged evidence (submit=false) open; other evidence leaves it under review; closing accepts it as lost', async () => {
    const staged = await disputedPayment();
    const reviewed = await disputedPayment();
    await double.settleProcessing();
    const dispute = await disputeOfPayment(staged.id);
    const kept = await stripe.disputes.update(dispute.id, {
      evidence: { product_description: 'Invoices 90001 and 90002' },
      metadata: { case: 'A-1' },
      submit: false,
    });
    expect(kept).toMatchObject({
      status: 'needs_response',
      metadata: { case: 'A-1' },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    const closed = await stripe.disputes.close(dispute.id);
    expect(closed.status).toBe('lost');
    expect(eventsFor(dispute.id).at(-1)).toBe('charge.dispute.closed');
    const underReview = await stripe.disputes.update((await disputeOfPayment(reviewed.id)).id, {
      evidence: { uncategorized_text: 'The customer ordered and received the goods.' },
    });
    expect(underReview.status).toBe('under_review');
    const unknown = await stripe.disputes.retrieve('du_unknown').catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const refused = await stripe.disputes
      .update(dispute.id, { evidence: { not_a_field: 'x' } } as unknown as Stripe.DisputeUpdateParams)
      .catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
  });

  it('opens the dispute on its own after processingSettleMs, and not of a payment refunded in full first', async () => {
    const quick = await startStripeDouble({ processingSettleMs: 50 });
    try {
      const client = sdkFor(quick);
      const disputed = await disputedPayment(client, 1200);
      const refunded = await disputedPayment(client, 1300);
      await client.refunds.create({ payment_intent: refunded.id });
      await waitFor(() => quick.events().some((event) => event.type === 'charge.dispute.funds_withdrawn'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const disputes = (await client.disputes.list()).data;
      expect(disputes.map((dispute) => dispute.payment_intent)).toEqual([disputed.id]);
    } finally {
      await quick.close();
    }
  });

  it('returns an ACH debit of 000555555559 after it succeeded: a dispute lost at once, R01 its network reason code', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 40_000,
      currency: 'usd',
      allowed_payment_method_types: ['us_bank_account'],
    });
    await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...achData('000555555559'),
    });
    const settled = await browserCall('POST', '/_double/settle', { payment_intent: intent.id }, { key: SECRET_KEY });
    expect(settled.body.settled).toEqual([intent.id]);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const dispute = await disputeOfPayment(intent.id);
    expect(dispute).toMatchObject({
      amount: 40_000,
      status: 'lost',
      reason: 'insufficient_funds',
      network_reason_code: 'R01',
      evidence_details: { due_by: null },
      balance_transactions: [{ amount: -40_000 }],
    });
    expect(dispute.payment_method_details).toBeUndefined();
    expect(eventsFor(dispute.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
    ]);
    // The same with Stripe's test PaymentMethod, off-session on a saved account.
    const customer = await newCustomer();
    const saved = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
      payment_method: 'pm_usBankAccount_dispute',
      mandate_data: ONLINE_ACCEPTANCE,
      confirm: true,
    });
    await double.settleProcessing();
    expect(await disputeOfPayment(saved.id)).toMatchObject({ status: 'lost', network_reason_code: 'R01' });
  });

  it('returns a SEPA debit of DE35370400440532013002 after it succeeded (customer_initiated, MD06)', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 7000,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
    });
    await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...sepaData('DE35370400440532013002'),
    });
    await double.settleProcessing();
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect(await disputeOfPayment(intent.id)).toMatchObject({
      amount: 7000,
      currency: 'eur',
      status: 'lost',
      reason: 'customer_initiated',
      network_reason_code: 'MD06',
    });
  });

  it('opens a bank debit return by hand with the code asked for; one that ends the mandate makes it inactive', async () => {
    const customer = await newCustomer();
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      allowed_payment_method_types: ['us_bank_account'],
      setup_future_usage: 'off_session',
    });
    await browserCall('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...achData('000123456789'),
    });
    await double.settleProcessing();
    const opened = await browserCall(
      'POST',
      '/_double/disputes',
      { payment_intent: intent.id, reason: 'debit_not_authorized' },
      { key: SECRET_KEY },
    );
    expect(opened.body).toMatchObject({ status: 'lost', reason: 'debit_not_authorized', network_reason_code: 'R10' });
    const charge = await stripe.charges.retrieve(String(opened.body.charge));
    const mandate = await stripe.mandates.retrieve(String(charge.payment_method_details?.us_bank_account?.mandate));
    expect(mandate.status).toBe('inactive');
    const again = await browserCall('POST', '/_double/disputes', { payment_intent: intent.id }, { key: SECRET_KEY });
    expect(again.status).toBe(400);
  });
});

describe('events and webhooks', () => {
  it('delivers every event signed so that stripe.webhooks.constructEvent accepts it, in creation order', async () => {
    const receiver = await startWebhookReceiver();
    const target = await startStripeDouble({ webhookUrl: receiver.url, processingSettleMs: 0 });
    try {
      const client = sdkFor(target);
      const customer = await client.customers.create(
        { email: 'hooks@example.com' },
        { idempotencyKey: 'hook-customer' },
      );
      await client.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
      });
      await target.deliverPending();
      const events = target.events();
      expect(receiver.ids()).toEqual(events.map((event) => event.id));
      for (const delivery of receiver.received) {
        const event = client.webhooks.constructEvent(delivery.body, delivery.signature, WEBHOOK_SECRET);
        expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
        expect(event.id).toMatch(/^evt_/);
      }
      expect(() =>
        client.webhooks.constructEvent(receiver.received[0]!.body, receiver.received[0]!.signature, 'whsec_other'),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
      const created = events.find((event) => event.type === 'customer.created');
      expect(created?.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: 'hook-customer' });
      expect((await client.events.retrieve(created!.id)).pending_webhooks).toBe(0);
    } finally {
      await target.close();
      await receiver.close();
    }
  });

  it('retries a delivery answered with an error, and replays an event on demand', async () => {
    const receiver = await startWebhookReceiver([500]);
    const target = await startStripeDouble({ processingSettleMs: 0 });
    target.setWebhook(receiver.url, 'whsec_rotated');
    try {
      const client = sdkFor(target);
      const customer = await client.customers.create({ email: 'retry@example.com' });
      await waitFor(() => receiver.received.length === 1);
      const [event] = target.events();
      expect((await client.events.retrieve(event!.id)).pending_webhooks).toBe(1);
      await target.deliverPending();
      expect(receiver.ids()).toEqual([event!.id, event!.id]);
      expect((await client.events.retrieve(event!.id)).pending_webhooks).toBe(0);
      client.webhooks.constructEvent(receiver.received[1]!.body, receiver.received[1]!.signature, 'whsec_rotated');
      const resent = await browserCall('POST', `/_double/events/${event!.id}/resend`, {}, { key: SECRET_KEY, target });
      expect(resent.body).toEqual({ event: event!.id, delivered: true, status: 200 });
      expect(receiver.ids()).toEqual([event!.id, event!.id, event!.id]);
      expect((JSON.parse(receiver.received[2]!.body) as Stripe.Event).data.object).toMatchObject({ id: customer.id });
    } finally {
      await target.close();
      await receiver.close();
    }
  });

  it('lists and retrieves events by type', async () => {
    await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const succeeded = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 3 });
    expect(succeeded.data.length).toBeGreaterThan(0);
    expect(succeeded.data.every((event) => event.type === 'payment_intent.succeeded')).toBe(true);
    const wildcard = await stripe.events.list({ type: 'charge.*', limit: 100 });
    expect(wildcard.data.every((event) => event.type.startsWith('charge.'))).toBe(true);
    const one = await stripe.events.retrieve(succeeded.data[0]!.id);
    expect(one).toMatchObject({
      id: succeeded.data[0]!.id,
      api_version: Stripe.API_VERSION,
      data: { object: { object: 'payment_intent' } },
    });
  });

  it('lists events by the time they were created (created[gte], created[lt])', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const timed = await startStripeDouble({ processingSettleMs: 0, now: () => clock });
    try {
      const client = sdkFor(timed);
      await client.customers.create({ email: 'early@example.com' });
      clock = new Date('2030-01-01T00:10:00Z');
      const later = await client.customers.create({ email: 'later@example.com' });
      const since = Math.floor(clock.getTime() / 1000);
      const recent = await client.events.list({ created: { gte: since } });
      expect(recent.data.map((event) => (event.data.object as { id: string }).id)).toEqual([later.id]);
      expect((await client.events.list({ created: { lt: since } })).data).toHaveLength(1);
      expect((await client.events.list({ created: since })).data).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });

  it('opens and closes a dispute on a payment', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 6000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const opened = await browserCall('POST', '/_double/disputes', { payment_intent: intent.id }, { key: SECRET_KEY });
    expect(opened.body).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      amount: 6000,
      charge: intent.latest_charge,
    });
    const id = String(opened.body.id);
    expect(id).toMatch(/^du_/);
    const closed = await browserCall('POST', `/_double/disputes/${id}/close`, { status: 'lost' }, { key: SECRET_KEY });
    expect(closed.body).toMatchObject({ status: 'lost' });
    expect(await stripe.disputes.retrieve(id)).toMatchObject({ status: 'lost', payment_intent: intent.id });
    expect(eventsFor(id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
    ]);
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ disputed: true });
  });
});

describe('the stripe:double command', () => {
  it('prints where it listens, serves the SDK and stops on SIGTERM', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repository = path.resolve(here, '../../../../../../..');
    const child = spawn(
      path.join(repository, 'node_modules/.bin/tsx'),
      [path.join(here, 'cli.ts'), '--port', '0', '--settle-ms', '0'],
      {
        cwd: repository,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitFor(() => output.includes('\n'), 20_000);
    const match = /^stripe double listening on (http:\/\/127\.0\.0\.1:(\d+))\n$/.exec(output);
    expect(match).not.toBeNull();
    const client = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: Number(match![2]), protocol: 'http' });
    expect((await client.customers.create({ email: 'cli@example.com' })).id).toMatch(/^cus_/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
