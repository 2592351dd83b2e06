import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { GatewayTimeoutError } from '../payment-gateway';
import { createSandboxGateway, IdempotencyKeyReusedError, type SandboxGateway } from './sandbox-gateway';

let database: Database;
let gateway: SandboxGateway;
const now = () => new Date('2026-11-02T09:00:00Z');

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  gateway = createSandboxGateway(database.db, {
    frameOrigin: null,
    portalOrigin: null,
    secret: 'k',
    now,
    slowAnswerMs: 10,
  });
});
afterAll(async () => {
  await database?.close();
});

async function tokenOf(number: string, type = 'VISA') {
  const access = await gateway.startEntry({
    payment_method: 'CC',
    merchant_reference: 's',
    language: 'en',
    payer: null,
  });
  const outcome = await gateway.tokenize(access.access_token, {
    card_type: type,
    card_number: number,
    card_validation_code: type === 'AMEX' ? '1234' : '123',
    expiration_month: '12',
    expiration_year: '2029',
  });
  expect(outcome).toEqual({ ok: true });
  return (await gateway.readEntry(access.access_token))!.paymentcard!.payment_card_token;
}

const charge = (token: string, key = randomUUID(), order = randomUUID(), amount = 12_345n) => ({
  idempotency_key: key,
  order_number: order,
  payment_card_token: token,
  amount_minor: amount,
  currency_key: 'USD',
  capture: true,
  presence: 'on_session' as const,
  payer: { payer_number: '0000100001', company_code: '1000' },
  three_ds_wanted: false,
});

describe('the sandbox gateway', () => {
  it('gives the same number the same token, and no number in it', async () => {
    const first = await tokenOf('4111111111111111');
    expect(await tokenOf('4111 1111 1111 1111')).toBe(first);
    expect(first).toMatch(/^-VISA-1111-[A-Z2-7]{16}$/);
  });

  it('approves, and answers the same result for the same idempotency key', async () => {
    const token = await tokenOf('4111111111111111');
    const request = charge(token);
    const first = await gateway.charge(request);
    expect(first.status).toBe('approved');
    expect(first.authorization_reference).toMatch(/^[0-9A-F]{10}$/);
    expect(await gateway.charge(request)).toEqual(first);
    await expect(gateway.charge({ ...request, amount_minor: 1n })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('answers an order already charged with its charge, whatever key or amount asks again, and charges it once', async () => {
    const token = await tokenOf('4111111111111111');
    const order = randomUUID();
    const first = await gateway.charge(charge(token, randomUUID(), order, 500n));
    const again = await gateway.charge(charge(token, randomUUID(), order, 9_999n));
    expect(again).toEqual(first);
    expect(again.amount_minor).toBe(500n);
    expect(await gateway.getChargeStatus(order)).toEqual(first);
  });

  it('declines the decline test number', async () => {
    const result = await gateway.charge(charge(await tokenOf('4000000000000002')));
    expect(result).toMatchObject({ status: 'declined', decline_reason: 'do_not_honor', authorization_reference: '' });
  });

  it('times out on the timeout number, and the status look-up tells what happened', async () => {
    const request = charge(await tokenOf('4000000000000119'));
    await expect(gateway.charge(request)).rejects.toBeInstanceOf(GatewayTimeoutError);
    expect((await gateway.getChargeStatus(request.order_number))?.status).toBe('approved');
    expect(await gateway.getChargeStatus(randomUUID())).toBeNull();
  });

  it('refunds up to the amount charged, once per key', async () => {
    const request = charge(await tokenOf('5555555555554444', 'MC'), randomUUID(), randomUUID(), 10_000n);
    await gateway.charge(request);
    const key = randomUUID();
    const part = await gateway.refund({
      idempotency_key: key,
      order_number: request.order_number,
      amount_minor: 4_000n,
    });
    expect(part.status).toBe('refunded');
    expect(
      await gateway.refund({ idempotency_key: key, order_number: request.order_number, amount_minor: 4_000n }),
    ).toEqual(part);
    expect((await gateway.getChargeStatus(request.order_number))?.status).toBe('partially_refunded');
    const over = await gateway.refund({
      idempotency_key: randomUUID(),
      order_number: request.order_number,
      amount_minor: 6_001n,
    });
    expect(over).toMatchObject({ status: 'refused', reason: 'amount_exceeds_balance' });
    await gateway.refund({ idempotency_key: randomUUID(), order_number: request.order_number, amount_minor: 6_000n });
    expect(await gateway.getChargeStatus(request.order_number)).toMatchObject({
      status: 'refunded',
      refunded_minor: 10_000n,
    });
  });

  it('declines a card whose 3-D Secure failed', async () => {
    const result = await gateway.charge({
      ...charge(await tokenOf('4000000000001109')),
      cardinal: { status: 'N', eci: '07', cavv: '', ds_transaction_id: '', threeds_version: '2.2.0', order_number: '' },
    });
    expect(result).toMatchObject({ status: 'declined', decline_reason: 'authentication_failed' });
  });

  it('refuses a 3-D Secure return address outside the portal', async () => {
    await expect(
      gateway.startEntry({
        payment_method: 'TO',
        merchant_reference: 's',
        language: 'en',
        redirect_uri: 'https://evil.example/',
        payer: null,
      }),
    ).rejects.toThrow();
  });
});
