// The gateway conformance kit (issue 36): the same checks for every provider behind the port, run in CI against the
// sandbox and Stripe's test double, and by a supplier against Stripe's own test mode before going live
// (docs/stripe.md). Each check names the port's call; a check that needs a person (3-D Secure at real Stripe) is
// reported as skipped, never as passed.
import { randomUUID } from 'node:crypto';
import type { AccessTokenResponse } from '@portal/contracts';
import type { GatewayCharge, GatewayChargeRequest, GatewayPayer, PaymentGateway } from '../payment-gateway';
import type { ConformanceDriver, TestMethod } from './conformance-drivers';

export type ConformanceCheck = { call: string; what: string; ok: boolean; skipped?: boolean; detail?: string };

const payer: GatewayPayer = { payer_number: '0000100001', company_code: '1000' };

export async function runGatewayConformance(
  gateway: PaymentGateway,
  driver: ConformanceDriver,
): Promise<ConformanceCheck[]> {
  const checks: ConformanceCheck[] = [];
  async function check(call: string, what: string, run: () => Promise<void | 'skipped'>) {
    try {
      const outcome = await run();
      checks.push({ call, what, ok: true, ...(outcome === 'skipped' ? { skipped: true } : {}) });
    } catch (error) {
      checks.push({ call, what, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  const tokens = new Map<TestMethod, string>();

  async function entered(method: TestMethod, kind: 'CC' | 'EC' = 'CC'): Promise<string> {
    const known = tokens.get(method);
    if (known) return known;
    const entry: AccessTokenResponse = await gateway.startEntry({
      payment_method: kind,
      merchant_reference: 'conformance',
      language: 'en',
      payer,
      currency_key: 'USD',
    });
    await driver.enter(entry, method);
    const result = await gateway.readEntry(entry.access_token);
    const token = result?.paymentcard?.payment_card_token;
    if (!token) throw new Error(`no token for ${method}`);
    tokens.set(method, token);
    return token;
  }

  const charge = (token: string, overrides: Partial<GatewayChargeRequest> = {}): GatewayChargeRequest => ({
    idempotency_key: randomUUID(),
    order_number: randomUUID(),
    payment_card_token: token,
    amount_minor: 12_345n,
    currency_key: 'USD',
    capture: true,
    presence: 'on_session',
    payer,
    three_ds_wanted: false,
    ...overrides,
  });
  const expectStatus = (result: GatewayCharge | null, status: GatewayCharge['status']) => {
    if (result?.status !== status)
      throw new Error(`expected ${status}, got ${result?.status ?? 'nothing'} ${result?.decline_reason ?? ''}`);
  };

  await check('startEntry', 'an entry session for a card answers what the browser mounts', async () => {
    const entry = await gateway.startEntry({
      payment_method: 'CC',
      merchant_reference: 'conformance',
      language: 'en',
      payer,
    });
    if (!entry.access_token) throw new Error('no entry id');
    if (!entry.paymetric_xi_url && !entry.client_secret) throw new Error('neither a frame address nor a client secret');
    const before = await gateway.readEntry(entry.access_token);
    if (before?.paymentcard) throw new Error('a result before anything was entered');
  });

  await check(
    'readEntry',
    'a card entered gives a token, its brand, last four and expiry, never the number',
    async () => {
      const entry = await gateway.startEntry({
        payment_method: 'CC',
        merchant_reference: 'conformance',
        language: 'en',
        payer,
      });
      await driver.enter(entry, 'card');
      const result = await gateway.readEntry(entry.access_token);
      const card = result?.paymentcard;
      if (!card) throw new Error('no card');
      if (!/^-[A-Z0-9]{4}-\d{4}-[A-Z0-9]{8,32}$/.test(card.payment_card_token))
        throw new Error('token not in the portal format');
      if (card.payment_card_type !== 'VISA' || !/^\d{4}$/.test(card.last_four) || !card.expiration_year)
        throw new Error(`brand ${card.payment_card_type}, last four ${card.last_four}, expiry ${card.expiration_year}`);
      if (JSON.stringify(result).match(/\d{13,19}/)) throw new Error('a card number in the result');
      tokens.set('card', card.payment_card_token);
    },
  );

  await check('readEntry', 'the same card entered again is the same token (the ERP tells a duplicate)', async () => {
    const first = await entered('card');
    tokens.delete('card');
    const again = await entered('card');
    if (again !== first) throw new Error(`${first} then ${again}`);
  });

  await check('charge', 'an on-session charge on a saved card is approved with an authorisation', async () => {
    const result = await gateway.charge(charge(await entered('card')));
    expectStatus(result, 'approved');
    if (!result.authorization_reference) throw new Error('no authorisation reference');
    if (result.amount_minor !== 12_345n) throw new Error(`amount ${result.amount_minor}`);
  });

  await check('charge', 'the same idempotency key answers the first result and charges once', async () => {
    const request = charge(await entered('card'));
    const first = await gateway.charge(request);
    const again = await gateway.charge(request);
    expectStatus(again, first.status);
    if (again.authorization_reference !== first.authorization_reference) throw new Error('a second authorisation');
    const status = await gateway.getChargeStatus(request.order_number);
    if (status?.authorization_reference !== first.authorization_reference) throw new Error('another charge found');
  });

  await check('charge', 'a declining card is declined with a reason, and nothing is taken', async () => {
    const request = charge(await entered('card_declining'));
    const result = await gateway.charge(request);
    expectStatus(result, 'declined');
    if (!result.decline_reason) throw new Error('no decline reason');
  });

  await check('charge', '3-D Secure passed: the charge is approved', async () => {
    if (!driver.canAuthenticate) return 'skipped';
    const token = await entered('card_challenge');
    expectStatus(await driver.chargeWithAuthentication(charge(token, { three_ds_wanted: true }), true), 'approved');
  });

  await check('charge', '3-D Secure failed: the charge is declined', async () => {
    if (!driver.canAuthenticate) return 'skipped';
    const token = await entered('card_challenge');
    expectStatus(await driver.chargeWithAuthentication(charge(token, { three_ds_wanted: true }), false), 'declined');
  });

  await check('charge', 'an off-session charge on a saved card is approved without the payer', async () => {
    expectStatus(await gateway.charge(charge(await entered('card'), { presence: 'off_session' })), 'approved');
  });

  await check('charge', 'a bank debit is processing, then succeeds', async () => {
    const request = charge(await entered('bank', 'EC'));
    const first = await gateway.charge(request);
    if (first.status !== 'processing' && first.status !== 'approved') throw new Error(`got ${first.status}`);
    await driver.settleBankDebits();
    expectStatus(await gateway.getChargeStatus(request.order_number), 'approved');
  });

  await check('charge', 'a bank debit that fails ends declined with a reason', async () => {
    const request = charge(await entered('bank_failing', 'EC'));
    const first = await gateway.charge(request);
    if (first.status === 'declined') return;
    await driver.settleBankDebits();
    const settled = await gateway.getChargeStatus(request.order_number);
    expectStatus(settled, 'declined');
    if (!settled?.decline_reason) throw new Error('no reason');
  });

  await check('getChargeStatus', 'an order never charged is unknown (null), not an error', async () => {
    const result = await gateway.getChargeStatus(randomUUID());
    if (result !== null) throw new Error(`got ${result.status}`);
  });

  await check('refund', 'a partial refund, then a refund above what is left is refused', async () => {
    const request = charge(await entered('card'));
    expectStatus(await gateway.charge(request), 'approved');
    const part = await gateway.refund({
      idempotency_key: randomUUID(),
      order_number: request.order_number,
      amount_minor: 2_345n,
    });
    if (part.status !== 'refunded') throw new Error(`partial refund ${part.status} ${part.reason}`);
    const over = await gateway.refund({
      idempotency_key: randomUUID(),
      order_number: request.order_number,
      amount_minor: 10_001n,
    });
    if (over.status !== 'refused') throw new Error('a refund above the remainder was taken');
    expectStatus(await gateway.getChargeStatus(request.order_number), 'partially_refunded');
  });

  await check('events', 'a signed event is verified; a forged or stale one is refused', async () => {
    if (!gateway.events) return 'skipped';
    const payload = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'setup_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
    };
    const signed = driver.signedEvent(payload);
    if (!signed) throw new Error('the driver cannot sign an event');
    const event = gateway.events.verify(signed.body, signed.signature);
    if (event.id !== payload.id) throw new Error('another event');
    const forged = Buffer.from(JSON.stringify({ ...payload, type: 'payment_intent.succeeded' }));
    let refused = false;
    try {
      gateway.events.verify(forged, signed.signature);
    } catch {
      refused = true;
    }
    if (!refused) throw new Error('a forged body was accepted');
    refused = false;
    try {
      gateway.events.verify(signed.body, undefined);
    } catch {
      refused = true;
    }
    if (!refused) throw new Error('an unsigned event was accepted');
    const stale = driver.signedEvent(payload, 600)!;
    refused = false;
    try {
      gateway.events.verify(stale.body, stale.signature);
    } catch {
      refused = true;
    }
    if (!refused) throw new Error('an event signed 10 minutes ago was accepted');
  });

  return checks;
}
