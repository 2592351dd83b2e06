// GET /api/customer/payment_cards (invoices spec §7; issue 27): the "Pay with" list of the pay and deposit pages, for
// those who may pay, whether or not they may manage payment methods; refused to another customer (404, as unknown), to
// a role that may not pay (403) and to nobody (401).
import type { PaymentCard, PayerData } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { bearer, list, manage, payerAccount, savedCard, tokenizeCard } from './payment-methods.test-helpers';

let t: TestApp;
let payer: string;
let visa: string;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 60 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  const { response } = await tokenizeCard(
    t.app,
    payer,
    { number: '4242 4242 4242 4242', cvv: '123', type: 'VISA' },
    payerAccount,
    { authenticate: true },
  );
  visa = response.json().paymentcard.payment_card_token;
  expect((await manage(t.app, payer, '01', savedCard(visa, 'VISA', { default: 'X' }))).json().status.message_type).toBe(
    'S',
  );
});
afterAll(async () => {
  await t?.close();
});

function payWith(token: string | null, account: PayerData = payerAccount) {
  return t.app.inject({
    method: 'GET',
    url: `/api/customer/payment_cards?customer_number=${account.customer_number}&company_code=${account.company_code}`,
    headers: token ? bearer(token) : {},
  });
}

describe('GET /api/customer/payment_cards', () => {
  it("lists the payer's saved cards to pay with, as the payment-methods page lists them", async () => {
    const answer = await payWith(payer);
    expect(answer.statusCode).toBe(200);
    const cards = answer.json().payment_cards as PaymentCard[];
    expect(cards.map((card) => card.payment_card_token)).toEqual([visa]);
    expect(cards[0]).toMatchObject({ payment_card_type: 'VISA', default: 'X' });
    expect(answer.json().status.message_type).toBe('S');
    expect(cards).toEqual((await list(t.app, payer)).json().payment_cards);
  });

  it('refuses another customer as it refuses an unknown account, a role that may not pay, and nobody', async () => {
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    const internal = (await signInAs(t.app, 'internal@example.com')).token;
    expect((await payWith(soldto)).statusCode).toBe(404);
    expect((await payWith(payer, { customer_number: '0000999999', company_code: '1000' })).statusCode).toBe(404);
    const lower = await payWith(internal);
    expect(lower.statusCode).toBe(403);
    expect(lower.json().error).toBe('FORBIDDEN');
    expect((await payWith(null)).statusCode).toBe(401);
  });

  it('serves one who may pay but not manage payment methods, who cannot read the payment-methods page', async () => {
    await t.database.db
      .update(users)
      .set({ permissions: ['CanMakePayment'] })
      .where(eq(users.login, 'payer@example.com'));
    const payOnly = (await signInAs(t.app, 'payer@example.com')).token;
    expect((await list(t.app, payOnly)).statusCode).toBe(403);
    const answer = await payWith(payOnly);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payment_cards.map((card: PaymentCard) => card.payment_card_token)).toEqual([visa]);
  });
});
