// The gateway conformance kit (issue 36): the same checks for every provider behind the port, run in CI against the
// sandbox and Stripe's test double, and by a supplier against Stripe's own test mode before going live
// (docs/stripe.md). Each check names the port's call; a check that needs a person (3-D Secure at real Stripe) is
// reported as skipped, never as passed. Issue 37 adds refunds (full, partial, the same key twice, above what is left,
// an unknown order) and what comes back later by the provider's events, read as the portal's inbox reads them
// (events.interpret): a refund, a dispute opened and decided, a bank debit returned.
import { randomUUID } from 'node:crypto';
import type { AccessTokenResponse } from '@portal/contracts';
import type {
  GatewayCharge,
  GatewayChargeRequest,
  GatewayDispute,
  GatewayEventEffect,
  GatewayPayer,
  PaymentGateway,
} from '../payment-gateway';
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
    await driver.letTimePass();
    expectStatus(await gateway.getChargeStatus(request.order_number), 'approved');
  });

  await check('charge', 'a bank debit that fails ends declined with a reason', async () => {
    const request = charge(await entered('bank_failing', 'EC'));
    const first = await gateway.charge(request);
    if (first.status === 'declined') return;
    await driver.letTimePass();
    const settled = await gateway.getChargeStatus(request.order_number);
    expectStatus(settled, 'declined');
    if (!settled?.decline_reason) throw new Error('no reason');
  });

  await check('getChargeStatus', 'an order never charged is unknown (null), not an error', async () => {
    const result = await gateway.getChargeStatus(randomUUID());
    if (result !== null) throw new Error(`got ${result.status}`);
  });

  const refund = (order: string, amount: bigint, key: string = randomUUID()) =>
    gateway.refund({ idempotency_key: key, order_number: order, amount_minor: amount });
  const expectRefunded = (result: Awaited<ReturnType<typeof refund>>, amount: bigint) => {
    if (result.status !== 'refunded') throw new Error(`refund ${result.status} ${result.reason}`);
    if (!result.refund_reference) throw new Error('no refund reference');
    if (result.amount_minor !== amount) throw new Error(`refunded ${result.amount_minor}, not ${amount}`);
  };
  const approvedCharge = async () => {
    const request = charge(await entered('card'));
    expectStatus(await gateway.charge(request), 'approved');
    return request;
  };

  await check('refund', 'a full refund gives the whole charge back', async () => {
    const request = await approvedCharge();
    expectRefunded(await refund(request.order_number, 12_345n), 12_345n);
    const status = await gateway.getChargeStatus(request.order_number);
    expectStatus(status, 'refunded');
    if (status?.refunded_minor !== 12_345n) throw new Error(`refunded_minor ${status?.refunded_minor}`);
  });

  await check('refund', 'a partial refund leaves the charge partially refunded', async () => {
    const request = await approvedCharge();
    expectRefunded(await refund(request.order_number, 2_345n), 2_345n);
    const status = await gateway.getChargeStatus(request.order_number);
    expectStatus(status, 'partially_refunded');
    if (status?.refunded_minor !== 2_345n) throw new Error(`refunded_minor ${status?.refunded_minor}`);
  });

  await check('refund', 'the same idempotency key twice answers the same refund, refunded once', async () => {
    const request = await approvedCharge();
    const key = randomUUID();
    const first = await refund(request.order_number, 1_000n, key);
    const again = await refund(request.order_number, 1_000n, key);
    expectRefunded(first, 1_000n);
    expectRefunded(again, 1_000n);
    if (again.refund_reference !== first.refund_reference)
      throw new Error(`${first.refund_reference} then ${again.refund_reference}`);
    const status = await gateway.getChargeStatus(request.order_number);
    if (status?.refunded_minor !== 1_000n) throw new Error(`refunded ${status?.refunded_minor} in all`);
  });

  await check('refund', 'a refund above what is left is refused with a reason, and nothing is refunded', async () => {
    const request = await approvedCharge();
    expectRefunded(await refund(request.order_number, 2_345n), 2_345n);
    const over = await refund(request.order_number, 10_001n);
    if (over.status !== 'refused') throw new Error('a refund above the remainder was taken');
    if (!over.reason) throw new Error('no reason');
    const status = await gateway.getChargeStatus(request.order_number);
    if (status?.refunded_minor !== 2_345n) throw new Error(`refunded ${status?.refunded_minor} in all`);
    expectRefunded(await refund(request.order_number, 10_000n), 10_000n);
    expectStatus(await gateway.getChargeStatus(request.order_number), 'refunded');
  });

  await check('refund', 'a refund of an order never charged is refused, not an error', async () => {
    const result = await refund(randomUUID(), 1_000n);
    if (result.status !== 'refused') throw new Error(`got ${result.status}`);
    if (!result.reason) throw new Error('no reason');
  });

  await check('events', 'a signed event is verified; a forged or stale one is refused', async () => {
    // A provider that pushes nothing (the sandbox is asked for its events) has no signature to check.
    if (!gateway.events?.webhookPath) return 'skipped';
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

  // Issue 37: what the provider reports later, as the portal's inbox reads it (each event once, in order).
  const seen = new Set<string>();
  const effects: GatewayEventEffect[] = [];
  async function readEvents() {
    for (const event of await driver.events()) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      const effect = await gateway.events!.interpret(event);
      if (effect) effects.push(effect);
    }
  }
  /** The order's effects that match, once what the provider does later had time to happen. */
  async function effectsOf<K extends GatewayEventEffect['kind']>(
    order: string,
    kind: K,
    done: (effect: Extract<GatewayEventEffect, { kind: K }>) => boolean = () => true,
  ): Promise<Array<Extract<GatewayEventEffect, { kind: K }>>> {
    const matching = () =>
      effects.filter(
        (effect): effect is Extract<GatewayEventEffect, { kind: K }> =>
          effect.kind === kind && 'order_number' in effect && effect.order_number === order,
      );
    await readEvents();
    if (!matching().some(done)) {
      await driver.letTimePass();
      await readEvents();
    }
    return matching();
  }
  async function lastDispute(order: string, done: (dispute: GatewayDispute) => boolean): Promise<GatewayDispute> {
    const found = await effectsOf(order, 'dispute', (effect) => done(effect.dispute));
    const last = found.at(-1)?.dispute;
    if (!last) throw new Error('no dispute effect');
    return last;
  }
  /** A payment of the dispute test card, and its dispute as it first reaches the portal. */
  async function disputedPayment(): Promise<{ order: string; dispute: GatewayDispute }> {
    const request = charge(await entered('card_disputed'));
    expectStatus(await gateway.charge(request), 'approved');
    return { order: request.order_number, dispute: await lastDispute(request.order_number, () => true) };
  }

  await check('events', "a refund reaches the portal as `refunded` with the order's refunded total", async () => {
    if (!gateway.events || !driver.reportsRefunds) return 'skipped';
    const request = await approvedCharge();
    expectRefunded(await refund(request.order_number, 1_000n), 1_000n);
    expectRefunded(await refund(request.order_number, 2_000n), 2_000n);
    const refunded = await effectsOf(request.order_number, 'refunded', (effect) => effect.refunded_minor === 3_000n);
    const last = refunded.at(-1);
    if (last?.refunded_minor !== 3_000n) throw new Error(`refunded_minor ${last?.refunded_minor ?? 'none'}`);
    if (last.currency_key !== 'USD' || !last.reference) throw new Error(`${last.currency_key} ${last.reference}`);
    if (new Set(refunded.map((effect) => effect.reference)).size !== refunded.length)
      throw new Error('two refund states with the same reference');
  });

  await check(
    'events',
    'a payment of the dispute test card is disputed: a `dispute` needing a response, its amount withdrawn',
    async () => {
      if (!gateway.events) return 'skipped';
      const { dispute } = await disputedPayment();
      if (dispute.status !== 'needs_response') throw new Error(`status ${dispute.status}`);
      if (!dispute.funds_withdrawn) throw new Error('funds not withdrawn');
      if (dispute.amount_minor !== 12_345n || dispute.currency_key !== 'USD')
        throw new Error(`amount ${dispute.amount_minor} ${dispute.currency_key}`);
      if (!dispute.reference || !dispute.reason || !dispute.evidence_url || !dispute.evidence_due_by)
        throw new Error(`reference, reason, evidence url or due date missing: ${JSON.stringify(dispute, bigints)}`);
    },
  );

  for (const outcome of ['won', 'lost'] as const) {
    await check('events', `a dispute decided ${outcome} at the provider reaches the portal as ${outcome}`, async () => {
      if (!gateway.events) return 'skipped';
      const { order, dispute } = await disputedPayment();
      await driver.decideDispute(dispute.reference, outcome);
      const decided = await lastDispute(order, (candidate) => candidate.status === outcome);
      if (decided.status !== outcome) throw new Error(`status ${decided.status}`);
      if (decided.reference !== dispute.reference) throw new Error('another dispute');
      // Withdrawn stays true: a won dispute's amount comes back by its own reversal in the portal.
      if (!decided.funds_withdrawn) throw new Error('funds no longer said withdrawn');
    });
  }

  await check(
    'events',
    'a bank debit returned after it succeeded reaches the portal as `returned` with its code',
    async () => {
      if (!gateway.events) return 'skipped';
      const request = charge(await entered('bank_returned', 'EC'));
      const first = await gateway.charge(request);
      if (first.status !== 'processing' && first.status !== 'approved') throw new Error(`got ${first.status}`);
      const [returned] = await effectsOf(request.order_number, 'returned');
      if (!returned) throw new Error('no returned effect');
      // It had succeeded: the charge stays approved, the return is the event's to tell.
      expectStatus(await gateway.getChargeStatus(request.order_number), 'approved');
      if (returned.amount_minor !== 12_345n || returned.currency_key !== 'USD')
        throw new Error(`amount ${returned.amount_minor} ${returned.currency_key}`);
      if (!/^(R\d{2}|[A-Z]{2}\d{2})$/.test(returned.return_code)) throw new Error(`code "${returned.return_code}"`);
      if (!returned.reason || !returned.reference) throw new Error('no reason or reference');
      if (effects.some((effect) => effect.kind === 'dispute' && effect.order_number === request.order_number))
        throw new Error('the return also reached the portal as a dispute');
    },
  );

  return checks;
}

/** JSON.stringify's replacer for the bigints of the port's types. */
function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
