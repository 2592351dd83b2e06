import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testGateway } from '../../config';
import { documents, mailOutbox, paymentIntents, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from '../system/app-settings.repository';
import {
  chargesFor,
  expectLedgerConsistent,
  gatewayCharges,
  ledgerSums,
  openInvoices,
  reloadDocument,
  type OpenInvoice,
} from '../payments/payments.test-helpers';
import {
  guestCard,
  guestPayRequest,
  guestThreeDs,
  guestTokenFor,
  lookup,
  payAsGuest,
  tripleOf,
} from './guest-payment.test-helpers';

let t: TestApp;
let unused: OpenInvoice[] = [];
const fresh = (): OpenInvoice => {
  const invoice = unused.shift();
  if (!invoice) throw new Error('the test ledger has too few open invoices');
  return invoice;
};
const amexCard = { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' as const };
const chargeCount = async () => (await gatewayCharges(t)).length;
// Issue 36: the same tests with Stripe (TEST_GATEWAY=stripe, its test double); what only one provider has is marked.
const stripe = testGateway() === 'stripe';

beforeAll(async () => {
  t = await createTestApp({
    ledgerDocuments: 3000,
    settings: {
      GUEST_LOOKUP_MAX_PER_ADDRESS: '10000',
      GUEST_LOOKUP_MAX_PER_ACCOUNT: '10000',
      GUEST_LOOKUP_MIN_MS: '0',
    },
  });
  unused = (await openInvoices(t.database.db, 200)).filter(
    (invoice) => invoice.billingDocumentNumber !== '' && invoice.openAmount === invoice.totalAmount,
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await writeSetting(t.database.db, 'application', { allowGuestPayment: true });
});

describe('POST /api/guestPayment/payments: paying', () => {
  it('pays the invoice in full by Amex: S, cleared in the ledger, a guest intent, the receipt to the guest', async () => {
    const before = await ledgerSums(t.database.db);
    const invoice = fresh();
    const token = await guestTokenFor(t.app, invoice);
    const card = await guestCard(t.app, token, amexCard);
    const answer = await payAsGuest(t.app, token, guestPayRequest(invoice, card));
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment).toMatchObject({ state: 'posted', payment_card_type: 'AMEX', currency_key: 'USD' });
    expect(answer.body.paymentStatus).toHaveLength(1);
    expect(answer.body.paymentStatus[0]).toMatchObject({
      message_type: 'S',
      billing_document_number: invoice.billingDocumentNumber,
    });
    const after = await reloadDocument(t.database.db, invoice.id);
    expect(after).toMatchObject({ openAmount: 0n, documentStatus: '02' });
    const [intent] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.orderNumber, answer.body.payment.reference_code));
    expect(intent).toMatchObject({
      kind: 'invoice',
      state: 'posted',
      userId: null,
      login: 'guest:gia.guest@example.org',
    });
    expect(intent!.scope).toMatch(/^guest:[0-9a-f-]{36}$/);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `payment_confirmation:${intent!.id}`));
    expect(mail).toMatchObject({ template: 'guest_receipt', recipient: 'gia.guest@example.org' });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderNumber, answer.body.payment.reference_code));
    expect(payment).toMatchObject({ logId: 'POST_INVOICE', messageType: 'S', payerNumber: invoice.payerNumber });
    await expectLedgerConsistent(t, before);
  });

  it('replays the same key and body (paymentStatus kept) without a second charge', async () => {
    const invoice = fresh();
    const token = await guestTokenFor(t.app, invoice);
    const card = await guestCard(t.app, token, amexCard);
    const request = guestPayRequest(invoice, card);
    const key = randomUUID();
    const charges = await chargeCount();
    const first = await payAsGuest(t.app, token, request, key);
    const again = await payAsGuest(t.app, token, request, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await chargeCount()).toBe(charges + 1);
    // A new submission of the paid invoice finds it changed: nothing is charged twice.
    const second = await payAsGuest(t.app, token, request);
    expect(second.statusCode).toBe(409);
    expect(second.body.error).toBe('DOCUMENT_CHANGED');
    expect(await chargeCount()).toBe(charges + 1);
  });

  // The sandbox's own step (TO) before the charge; Stripe has none and authenticates inside the charge (below).
  it.skipIf(stripe)('needs 3-D Secure for a Visa, run under the guest token, and pays with it', async () => {
    const invoice = fresh();
    const token = await guestTokenFor(t.app, invoice);
    const card = await guestCard(t.app, token, { number: '4111 1111 1111 1111', cvv: '123', type: 'VISA' });
    const request = guestPayRequest(invoice, { ...card, type: 'VISA' });
    const refused = await payAsGuest(t.app, token, request);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe('THREE_DS_REQUIRED');
    const threeDs = await guestThreeDs(t.app, token, card.cardToken);
    const paid = await payAsGuest(t.app, token, guestPayRequest(invoice, { ...card, type: 'VISA', threeDs }));
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment.state).toBe('posted');
  });

  it.runIf(stripe)(
    "a guest's Visa the issuer challenges: authenticated when entered and in the payment, posted once",
    async () => {
      const before = await ledgerSums(t.database.db);
      const invoice = fresh();
      const token = await guestTokenFor(t.app, invoice);
      const card = await guestCard(t.app, token, { number: '4000 0000 0000 1091', cvv: '123', type: 'VISA' });
      const request = guestPayRequest(invoice, { ...card, type: 'VISA' });
      const key = randomUUID();
      const paid = await payAsGuest(t.app, token, request, key, { authenticate: 'pass' });
      expect(paid.interim).toEqual(['requires_action']);
      expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.payment.state).toBe('posted');
      expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(0n);
      expect((await payAsGuest(t.app, token, request, key)).body).toEqual(paid.body);
      expect(await chargesFor(t, paid.body.payment.reference_code)).toBe(1);
      await expectLedgerConsistent(t, before);
    },
  );

  it.runIf(stripe)(
    "a guest's authentication that fails: declined, the guest told, nothing posted, the invoice still open",
    async () => {
      const before = await ledgerSums(t.database.db);
      const invoice = fresh();
      const token = await guestTokenFor(t.app, invoice);
      const card = await guestCard(t.app, token, { number: '4000 0000 0000 1091', cvv: '123', type: 'VISA' });
      const failed = await payAsGuest(t.app, token, guestPayRequest(invoice, { ...card, type: 'VISA' }), randomUUID(), {
        authenticate: 'fail',
      });
      expect(failed.interim).toEqual(['requires_action']);
      expect(failed.body.payment.state).toBe('declined');
      expect(failed.body.paymentStatus[0]).toMatchObject({ message_type: 'E' });
      expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(invoice.openAmount);
      await expectLedgerConsistent(t, before);
    },
  );

  it('pays part of the invoice with a reason, and asks for the reason and its comment first', async () => {
    const invoice = fresh();
    const token = await guestTokenFor(t.app, invoice);
    const card = await guestCard(t.app, token, amexCard);
    const part = invoice.openAmount / 2n;
    const noReason = await payAsGuest(t.app, token, guestPayRequest(invoice, card, { amount: part }));
    expect(noReason.body.messageKey).toBe('validation.invoice_detail.reason_code_required');
    const noComment = await payAsGuest(t.app, token, guestPayRequest(invoice, card, { amount: part, reason: 'DM' }));
    expect(noComment.body.messageKey).toBe('validation.invoice_detail.reason_comment_required');
    const paid = await payAsGuest(
      t.app,
      token,
      guestPayRequest(invoice, card, { amount: part, reason: 'DM', comment: 'two cartons dented' }),
    );
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    const after = await reloadDocument(t.database.db, invoice.id);
    expect(after).toMatchObject({ openAmount: invoice.openAmount - part, reasonCode: 'DM', documentStatus: '01' });
  });
});

describe('POST /api/guestPayment/payments: refusals (nothing charged)', () => {
  let invoice: OpenInvoice;
  let token: string;
  let card: { accessToken: string; cardToken: string };
  beforeAll(async () => {
    await writeSetting(t.database.db, 'application', { allowGuestPayment: true });
    invoice = fresh();
    token = await guestTokenFor(t.app, invoice);
    card = await guestCard(t.app, token, amexCard);
  });

  const refusals: [string, () => ReturnType<typeof guestPayRequest>, string][] = [
    [
      'no first name',
      () => guestPayRequest(invoice, card, { guest: { first_name: ' ' } }),
      'validation.guest.first_name_required',
    ],
    [
      'no last name',
      () => guestPayRequest(invoice, card, { guest: { last_name: '' } }),
      'validation.guest.last_name_required',
    ],
    ['no e-mail', () => guestPayRequest(invoice, card, { guest: { email: '' } }), 'validation.guest.email_required'],
    [
      'a broken e-mail',
      () => guestPayRequest(invoice, card, { guest: { email: 'gia@' } }),
      'validation.guest.email_invalid',
    ],
    ['zero', () => guestPayRequest(invoice, card, { amount: 0n }), 'validation.payment.pay_amount_validation_message'],
    [
      'another currency',
      () => ({ ...guestPayRequest(invoice, card), currency_key: 'EUR' }),
      'validation.guest.currency_not_supported',
    ],
  ];
  for (const [what, build, key] of refusals) {
    it(`refuses ${what} (${key})`, async () => {
      const charges = await chargeCount();
      const answer = await payAsGuest(t.app, token, build());
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ error: 'PAYMENT_REFUSED', messageKey: key });
      expect(await chargeCount()).toBe(charges);
    });
  }

  it("refuses while payments are off, with the administrator's message (English, else any language)", async () => {
    await writeSetting(t.database.db, 'application', {
      allowGuestPayment: true,
      isPaymentsDisable: true,
      paymentDisabledMessages: { de: 'Zahlungen sind pausiert.' },
    });
    const charges = await chargeCount();
    const answer = await payAsGuest(t.app, token, guestPayRequest(invoice, card));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({
      messageKey: 'validation.payment.payments_disabled',
      message: 'Zahlungen sind pausiert.',
    });
    expect(await chargeCount()).toBe(charges);
  });

  it('refuses above the maximum card payment', async () => {
    await writeSetting(t.database.db, 'application', { allowGuestPayment: true, maxPaymentAllowed: '1.00' });
    const answer = await payAsGuest(t.app, token, guestPayRequest(invoice, card));
    expect(answer.body.messageKey).toBe('validation.payment.maximum_card_payment_exceeded_message');
  });

  it('cannot pay any other document with this token, nor with a card entered under another guest token', async () => {
    const other = fresh();
    const charges = await chargeCount();
    const otherDocument = await payAsGuest(t.app, token, guestPayRequest(other, card));
    expect(otherDocument.statusCode).toBe(404);
    const otherToken = await guestTokenFor(t.app, other);
    const foreignCard = await payAsGuest(t.app, otherToken, guestPayRequest(other, card));
    expect(foreignCard.statusCode).toBe(404);
    // Nor read the other's tokenization result.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/guestTokenization/response',
      headers: { 'x-guest-token': otherToken },
      payload: { action: '02', access_token: card.accessToken },
    });
    expect(read.statusCode).toBe(404);
    expect(await chargeCount()).toBe(charges);
    expect((await reloadDocument(t.database.db, other.id)).openAmount).toBe(other.openAmount);
  });

  it('refuses a changed open amount, a missing token, and everything while guest payment is off', async () => {
    const changed = await payAsGuest(t.app, token, {
      ...guestPayRequest(invoice, card),
      document: { ...guestPayRequest(invoice, card).document, open_amount: '1.00' },
    });
    expect(changed.body.error).toBe('DOCUMENT_CHANGED');
    const noToken = await payAsGuest(t.app, '', guestPayRequest(invoice, card));
    expect(noToken.statusCode).toBe(403);
    expect(noToken.body.error).toBe('GUEST_TOKEN_INVALID');
    await writeSetting(t.database.db, 'application', { allowGuestPayment: false });
    const off = await payAsGuest(t.app, token, guestPayRequest(invoice, card));
    expect(off.statusCode).toBe(403);
    expect(off.body.error).toBe('GUEST_PAYMENT_DISABLED');
  });

  it('shows a non-USD invoice as not payable and refuses to pay it', async () => {
    const [cad] = await t.database.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, '0000100002'),
          eq(documents.currencyKey, 'CAD'),
          eq(documents.documentStatus, '01'),
          ne(documents.billingDocumentNumber, ''),
          gt(documents.openAmount, 0n),
        ),
      )
      .limit(1);
    const found = await lookup(t.app, tripleOf(cad!));
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().invoice.payable_currency).toBe(false);
    const cadToken = found.json().guest_token as string;
    const cadCard = await guestCard(t.app, cadToken, amexCard);
    const answer = await payAsGuest(t.app, cadToken, guestPayRequest(cad!, cadCard));
    expect(answer.body.messageKey).toBe('validation.guest.currency_not_supported');
  });
});
