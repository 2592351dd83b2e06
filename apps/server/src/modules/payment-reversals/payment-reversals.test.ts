// Issue 37: money that comes back, through the API as a client calls it, with the built-in sandbox (returns and
// disputes come from its test numbers, SANDBOX_RETURN_AFTER_SECONDS=0) on PGlite and PostgreSQL. Each time the
// invoice's open amount, the balances, the feed, the webhooks, the payer's history, the e-mail and the audit trail
// must say the same thing, and the ledger add up to the cent.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../../config';
import type { ErpConnector } from '../../connectors/erp/erp-connector';
import { ErpUnavailableError } from '../../connectors/erp/http/erp-http-client';
import { createLedgerConnector } from '../../connectors/erp/ledger/ledger-connector';
import type { SandboxGateway } from '../../connectors/gateway/sandbox/sandbox-gateway';
import {
  auditEvents,
  mailOutbox,
  paymentFeed,
  paymentIntents,
  scheduledPayments,
  users,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { processGatewayEvents } from '../gateway-events/process-gateway-events';
import {
  bearer,
  expectOpenItemsMoved,
  expectOpenItemsTrue,
  ledgerSums,
  openInvoices,
  pay,
  payerAccount,
  payRequest,
  reloadDocument,
  saveBankAccount,
  saveCard,
  threeDsForPayment,
  type OpenInvoice,
} from '../payments/payments.test-helpers';
import { isMethodReturned } from './apply-provider-reversals';
import { reconcileReversals } from './reconcile-reversals';
import { runDueScheduledPayments } from '../scheduled-payments/run-due-scheduled-payments';
import { writeSetting } from '../system/app-settings.repository';

const isoDayAfter = (now: Date, days: number) => {
  const day = new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
};

// The sandbox's later events (returns, disputes) are its own: Stripe's are tested with its double (stripe/).
const describeSandbox = testGateway() === 'stripe' ? describe.skip : describe;

let t: TestApp;
let admin: string;
let manager: string;
let payer: string;
let visa: string;
let unused: OpenInvoice[] = [];
/** While set, the ERP's reversePayment answers as an ERP that is down. */
let erpDown = false;

const fresh = (count: number): OpenInvoice[] => {
  const taken = unused.splice(0, count);
  if (taken.length < count) throw new Error('the test ledger has too few open invoices');
  return taken;
};

/** An unused invoice with an invoice number (the invoice detail is asked by it). */
const freshNumbered = (): OpenInvoice => {
  const index = unused.findIndex((invoice) => invoice.billingDocumentNumber !== '');
  if (index < 0) throw new Error('the test ledger has no open invoice with a number left');
  return unused.splice(index, 1)[0]!;
};

beforeAll(async () => {
  t = await createTestApp({
    ledgerDocuments: 1500,
    settings: { SANDBOX_RETURN_AFTER_SECONDS: '0' },
    erp: (db, now): ErpConnector => {
      const ledger = createLedgerConnector(db, { now });
      return {
        ...ledger,
        reversePayment: (reversal, options) => {
          if (erpDown) throw new ErpUnavailableError('ERP refused the connection', 'refused');
          return ledger.reversePayment(reversal, options);
        },
      };
    },
  });
  unused = await openInvoices(t.database.db, 100);
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  visa = await saveCard(t.app, payer, { number: '4111 1111 1111 1111', cvv: '123', type: 'VISA' });
  const now = t.clock.now();
  await t.database.db.insert(webhookEndpoints).values({
    url: 'https://erp.example.com/hooks',
    events: ['payment.refunded', 'payment.returned', 'payment.disputed', 'payment.dispute_closed'],
    secretSealed: t.app.ctx.secrets.seal(`whsec_${Buffer.alloc(32, 7).toString('base64')}`),
    createdByLogin: 'admin@example.com',
    createdAt: now,
    updatedAt: now,
  });
});
afterAll(async () => {
  await t?.close();
});

/** Pays the invoices in full with the card; answers the payment's id (its feed and intent id). */
async function payInFull(invoices: OpenInvoice[], card = visa, cardType: 'VISA' | 'EC' = 'VISA'): Promise<string> {
  const threeDs = cardType === 'VISA' ? await threeDsForPayment(t.app, payer, card) : undefined;
  const answer = await pay(
    t.app,
    payer,
    payRequest(invoices, {
      cardToken: card,
      cardType,
      cvv: cardType === 'EC' ? '' : '123',
      threeDsAccessToken: threeDs,
    }),
  );
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.payment.state).toBe('posted');
  const [intent] = await t.database.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.orderNumber, answer.body.payment.reference_code));
  return intent!.id;
}

function refund(token: string | null, paymentId: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments-received/${paymentId}/refunds`,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

function detail(token: string | null, paymentId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/payments-received/${paymentId}`,
    headers: token ? bearer(token) : {},
  });
}

/**
 * The ledger adds up: the open items moved by exactly minus what was posted plus what was reversed since the
 * baseline, no open amount is on the wrong side of zero, and the maintained balances equal a rebuild.
 */
async function expectLedgerAddsUp(baseline: Awaited<ReturnType<typeof ledgerFigures>>) {
  await expectOpenItemsMoved(t.database.db, baseline);
  await expectOpenItemsTrue(t.database.db);
}

const ledgerFigures = () => ledgerSums(t.database.db);

async function feedOf(paymentId: string) {
  return t.database.db.select().from(paymentFeed).where(eq(paymentFeed.reverses, paymentId));
}

async function webhooksOf(type: string) {
  return t.database.db.select().from(webhookMessages).where(eq(webhookMessages.eventType, type));
}

async function history() {
  const accounts = await t.app.inject({
    method: 'POST',
    url: '/api/customer/header-accounts',
    headers: bearer(payer),
    payload: {},
  });
  const item = (
    accounts.json().HeaderItems as { PrimaryAcct: string; DropDownItems: { PrimaryAcct: string }[] }[]
  ).find((candidate) => candidate.PrimaryAcct.replace(/^0+/, '') === '100001')!;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/PaymentsHistory/GetPaymentsHistory',
    headers: bearer(payer),
    payload: {
      payer_data: payerAccount,
      soldto_data: item.DropDownItems.map((sub) => sub.PrimaryAcct),
      search_parameters: { status: '03', date_from: '01-01-1800', date_to: '12-31-9999' },
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.document_list as {
    document_number_finance: string;
    money_back?: Record<string, unknown>;
  }[];
}

async function historyEntryOf(paymentId: string) {
  const [intent] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentId));
  return (await history()).find((entry) => entry.document_number_finance === intent!.paymentDocumentNumber);
}

const sandbox = () => t.app.ctx.gateway as SandboxGateway;

/** Runs the inbox (the sandbox's due events pulled and applied) until nothing is left. */
async function processEvents() {
  while ((await processGatewayEvents(t.app.ctx)).processed > 0);
}

describe('refunds', () => {
  it('refunds a payment in full: the invoices open again, and the feed, webhook, e-mail, history and audit say so', async () => {
    const invoices = fresh(2);
    const baseline = await ledgerFigures();
    const paymentId = await payInFull(invoices);
    const total = invoices[0]!.openAmount + invoices[1]!.openAmount;
    const key = randomUUID();
    const answer = await refund(
      admin,
      paymentId,
      { amount: (Number(total) / 100).toFixed(2), reason: 'duplicate', comment: 'Paid twice' },
      key,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const reversal = answer.json();
    expect(reversal).toMatchObject({ kind: 'refund', state: 'posted', payment_id: paymentId, reason: 'duplicate' });
    for (const invoice of invoices) {
      const now = await reloadDocument(t.database.db, invoice.id);
      expect(now).toMatchObject({ documentStatus: '01', openAmount: invoice.openAmount, clearingDate: null });
    }
    await expectLedgerAddsUp(baseline);

    // The same request again: the same refund, nothing twice.
    const again = await refund(
      admin,
      paymentId,
      { amount: (Number(total) / 100).toFixed(2), reason: 'duplicate', comment: 'Paid twice' },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(reversal.id);
    expect(await feedOf(paymentId)).toHaveLength(1);
    await expectLedgerAddsUp(baseline);

    const [item] = await feedOf(paymentId);
    expect(item).toMatchObject({ kind: 'refund', amountMinor: -total, reverses: paymentId, reason: 'duplicate' });
    expect(item!.documents.map((document) => document.billing_document_number).sort()).toEqual(
      invoices.map((invoice) => invoice.billingDocumentNumber).sort(),
    );
    const hooks = (await webhooksOf('payment.refunded')).filter(
      (message) => message.messageId === `msg_${reversal.id}`,
    );
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.payload).toMatchObject({
      type: 'payment.refunded',
      data: { kind: 'refund', reverses: paymentId },
    });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `money_back:${reversal.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'payment_refunded', recipient: 'payer@example.com' });
    expect(JSON.stringify(mails[0]!.payload)).not.toMatch(/4111111111111111/);
    expect((await historyEntryOf(paymentId))?.money_back).toMatchObject({ status: 'refunded' });
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'payment_refunded'));
    expect(audit.some((row) => (row.details as { reversal_id?: string }).reversal_id === reversal.id)).toBe(true);

    const view = (await detail(admin, paymentId)).json();
    expect(view.money_back).toMatchObject({ status: 'refunded', refundable_amount: '0.00' });
    expect(view.reversals).toHaveLength(1);

    // Payments received: the refund is a row of its own, the payment says refunded, the totals are net with the gross.
    const received = await t.app.inject({
      method: 'POST',
      url: '/api/payments-received/search',
      headers: bearer(admin),
      payload: { payer_number: '100001' },
    });
    expect(received.statusCode, received.body).toBe(200);
    const page = received.json();
    const paymentRow = page.items.find((item: { id: string }) => item.id === paymentId);
    expect(paymentRow.money_back).toMatchObject({ status: 'refunded' });
    const refundRow = page.items.find((item: { id: string }) => item.id === reversal.id);
    expect(refundRow).toMatchObject({ kind: 'refund', reverses: paymentId, money_back: null });
    expect(refundRow.amount).toBe(`-${(Number(total) / 100).toFixed(2)}`);
    const usd = page.totals.find((entry: { currency_key: string }) => entry.currency_key === 'USD');
    const cents = (value: string) => BigInt(value.replace('.', ''));
    expect(cents(usd.amount)).toBe(cents(usd.gross_amount) - cents(usd.reversed_amount));
    expect(cents(usd.reversed_amount) >= total).toBe(true);
  });

  it('refunds part of one document, then refuses more than is left, on that document and in all', async () => {
    const invoices = fresh(2);
    const baseline = await ledgerFigures();
    const paymentId = await payInFull(invoices);
    const second = invoices[1]!;
    const answer = await refund(admin, paymentId, {
      amount: '10.00',
      documents: [
        { billing_document_number: '', document_number_finance: second.documentNumberFinance, amount: '10.00' },
      ],
      reason: 'overpayment',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ state: 'posted', amount: '10.00' });
    expect((await reloadDocument(t.database.db, second.id)).openAmount).toBe(1000n);
    expect((await reloadDocument(t.database.db, invoices[0]!.id)).openAmount).toBe(0n);
    expect((await historyEntryOf(paymentId))?.money_back).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: '10.00',
    });

    const tooMuchOnDocument = await refund(admin, paymentId, {
      amount: (Number(second.openAmount) / 100).toFixed(2),
      documents: [
        {
          billing_document_number: '',
          document_number_finance: second.documentNumberFinance,
          amount: (Number(second.openAmount) / 100).toFixed(2),
        },
      ],
      reason: 'other',
    });
    expect(tooMuchOnDocument.statusCode).toBe(400);
    expect(tooMuchOnDocument.json().messageKey).toBe('money-back.errors.refund_document_above_rest');
    const total = invoices[0]!.openAmount + second.openAmount;
    const tooMuch = await refund(admin, paymentId, { amount: (Number(total) / 100).toFixed(2), reason: 'other' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      error: 'REFUND_REFUSED',
      messageKey: 'money-back.errors.refund_above_rest',
    });
    const notAddingUp = await refund(admin, paymentId, {
      amount: '5.00',
      documents: [
        { billing_document_number: '', document_number_finance: second.documentNumberFinance, amount: '4.00' },
      ],
      reason: 'other',
    });
    expect(notAddingUp.statusCode).toBe(400);
    for (const amount of ['0', '-1.00', '1.001', '1e3'])
      expect((await refund(admin, paymentId, { amount, reason: 'other' })).statusCode).toBe(400);
    expect(await feedOf(paymentId)).toHaveLength(1);
    await expectLedgerAddsUp(baseline);
  });

  it('lets one of two refunds racing for the last cent win', async () => {
    const [invoice] = fresh(1);
    const baseline = await ledgerFigures();
    const paymentId = await payInFull([invoice!]);
    const all = (Number(invoice!.openAmount) / 100).toFixed(2);
    const answers = await Promise.all([
      refund(admin, paymentId, { amount: all, reason: 'duplicate' }),
      refund(admin, paymentId, { amount: all, reason: 'duplicate' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await feedOf(paymentId)).toHaveLength(1);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(invoice!.openAmount);
    await expectLedgerAddsUp(baseline);
  });

  it('gives the ERP a refund it missed later, from the reconciler, once', async () => {
    const [invoice] = fresh(1);
    const baseline = await ledgerFigures();
    const paymentId = await payInFull([invoice!]);
    erpDown = true;
    let answer;
    try {
      answer = await refund(admin, paymentId, { amount: '12.34', reason: 'requested_by_customer' });
    } finally {
      erpDown = false;
    }
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ state: 'pending' });
    expect(await feedOf(paymentId)).toHaveLength(0);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    // Held meanwhile: what is left to refund already counts it.
    expect((await detail(admin, paymentId)).json().money_back.refunded_amount).toBe('12.34');

    // Due once its back-off has passed; the reconciler posts it, and a second round finds nothing.
    t.clock.advance(10 * 60_000);
    expect(await reconcileReversals(t.app.ctx)).toMatchObject({ posted: 1 });
    expect((await reconcileReversals(t.app.ctx)).examined).toBe(0);
    expect(await feedOf(paymentId)).toHaveLength(1);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(1234n);
    await expectLedgerAddsUp(baseline);
  });

  it('is refused to another customer, a lower role and nobody', async () => {
    const [invoice] = fresh(1);
    const paymentId = await payInFull([invoice!]);
    const body = { amount: '1.00', reason: 'other' };
    expect((await refund(payer, paymentId, body)).statusCode).toBe(403);
    expect((await detail(payer, paymentId)).statusCode).toBe(403);
    expect((await refund(manager, paymentId, body)).statusCode).toBe(403);
    expect((await refund(null, paymentId, body)).statusCode).toBe(401);
    expect((await detail(null, paymentId)).statusCode).toBe(401);
    // Who may look at payments received may not refund them without CanRefundPayments.
    await t.database.db
      .update(users)
      .set({ permissions: sql`array_append(${users.permissions}, 'CanViewReceivedPayments')` })
      .where(eq(users.email, 'manager@example.com'));
    const viewer = (await signInAs(t.app, 'manager@example.com')).token;
    expect((await detail(viewer, paymentId)).statusCode).toBe(200);
    expect((await refund(viewer, paymentId, body)).statusCode).toBe(403);
    expect((await refund(admin, randomUUID(), body)).statusCode).toBe(404);
    expect((await refund(admin, paymentId, body, '')).statusCode).toBe(400);
    expect(await feedOf(paymentId)).toHaveLength(0);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
  });
});

describeSandbox('returned bank debits', () => {
  it('reverses a debit returned for insufficient funds after it was posted, and tells the payer', async () => {
    const invoice = freshNumbered();
    const baseline = await ledgerFigures();
    const account = await saveBankAccount(t.app, payer, { routing: '011000015', account: '000222222227' });
    const paymentId = await payInFull([invoice!], account, 'EC');
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    await processEvents();
    const [item] = await feedOf(paymentId);
    expect(item).toMatchObject({ kind: 'return', returnCode: 'R01', amountMinor: -invoice!.openAmount });
    const reopened = await reloadDocument(t.database.db, invoice!.id);
    expect(reopened).toMatchObject({ documentStatus: '01', openAmount: invoice!.openAmount });
    expect(reopened.reasonMessage).toContain('R01');
    // The invoice tells the payer why it is open again.
    {
      const shown = await t.app.inject({
        method: 'POST',
        url: '/api/invoice/detail',
        headers: bearer(payer),
        payload: {
          document_detail: {
            billing_document_number: invoice!.billingDocumentNumber,
            document_type: '01',
            customer_number: '100001',
          },
        },
      });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().reopened).toMatchObject([{ kind: 'return', return_code: 'R01', currency_key: 'USD' }]);
    }
    expect((await webhooksOf('payment.returned')).filter((m) => m.messageId === `msg_${item!.id}`)).toHaveLength(1);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'payment_returned'));
    expect(mails.some((mail) => mail.dedupeKey === `money_back:${item!.id}`)).toBe(true);
    expect((await historyEntryOf(paymentId))?.money_back).toMatchObject({ status: 'returned' });
    // R01 may work another day: the method stays.
    expect(await isMethodReturned(t.database.db, account)).toBe(false);
    // Once returned, nothing is left to refund.
    expect((await refund(admin, paymentId, { amount: '1.00', reason: 'other' })).statusCode).toBe(409);
    await processEvents();
    expect(await feedOf(paymentId)).toHaveLength(1);
    await expectLedgerAddsUp(baseline);
  });

  it('takes a closed account out of the saved methods, and scheduled payments say why', async () => {
    const [invoice] = fresh(1);
    const account = await saveBankAccount(t.app, payer, { routing: '011000015', account: '000111111113' });
    const paymentId = await payInFull([invoice!], account, 'EC');
    await processEvents();
    expect(await feedOf(paymentId)).toMatchObject([{ kind: 'return', returnCode: 'R02' }]);
    expect(await isMethodReturned(t.database.db, account)).toBe(true);
    const saved = await t.app.ctx.erp.getPaymentCards({
      payer_data: { customer_number: '0000100001', company_code: '1000' },
    });
    expect(saved.payment_cards.map((card) => card.payment_card_token)).not.toContain(account);

    // A payment scheduled with it before the return is not made on its day, and says why.
    await writeSetting(t.database.db, 'application', { scheduledPaymentsCompanyCodes: ['1000'] });
    const [later] = fresh(1);
    await saveBankAccount(t.app, payer, { routing: '011000015', account: '000111111113' });
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/payments',
      headers: { ...bearer(payer), 'idempotency-key': randomUUID() },
      payload: {
        ...payRequest([later!], { cardToken: account, cardType: 'EC', cvv: '' }),
        scheduled_date: isoDayAfter(t.clock.now(), 1),
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // The method is taken out again when the next debit of it is returned; meanwhile the job refuses it.
    await t.app.ctx.erp.managePaymentCards({
      payer_data: payerAccount,
      action: '03',
      payment_cards: (await t.app.ctx.erp.getPaymentCards({ payer_data: payerAccount })).payment_cards.filter(
        (card) => card.payment_card_token === account,
      ),
      log: { id: 'DEL_PAYMENT_CARD', login: 'test', epayv: 'portal', usrag: 'test' },
    });
    t.clock.advance(2 * 86_400_000);
    await runDueScheduledPayments(t.app.ctx);
    // Two days on, the sessions of the tests after this one start again.
    admin = (await signInAs(t.app, 'admin@example.com')).token;
    payer = (await signInAs(t.app, 'payer@example.com')).token;
    const [row] = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, (scheduled.json() as { id: string }).id));
    expect(row).toMatchObject({ status: 'not_paid', reason: 'method_returned' });
  });
});

describeSandbox('chargebacks', () => {
  let disputing: string | undefined;
  async function disputedPayment(invoice: OpenInvoice) {
    disputing ??= await saveCard(t.app, payer, { number: '4000 0000 0000 0259', cvv: '123', type: 'VISA' });
    const card = disputing;
    const paymentId = await payInFull([invoice], card);
    await processEvents();
    const view = (await detail(admin, paymentId)).json();
    expect(view.money_back.status).toBe('disputed');
    expect(view.disputes).toMatchObject([{ status: 'needs_response', reason: 'fraudulent', funds_withdrawn: true }]);
    expect(view.disputes[0].evidence_url).toMatch(/^\/sandbox-gateway\/disputes\/dp_/);
    expect(await feedOf(paymentId)).toMatchObject([{ kind: 'chargeback', amountMinor: -invoice.openAmount }]);
    expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(invoice.openAmount);
    return { paymentId, disputeId: view.disputes[0].provider_reference as string };
  }

  it('withdraws a disputed payment, refuses a refund meanwhile, and keeps it withdrawn when the dispute is lost', async () => {
    const [invoice] = fresh(1);
    const baseline = await ledgerFigures();
    const { paymentId, disputeId } = await disputedPayment(invoice!);
    const during = await refund(admin, paymentId, { amount: '1.00', reason: 'other' });
    expect(during.statusCode).toBe(409);
    expect(during.json().messageKey).toBe('money-back.errors.refund_disputed');
    expect(await sandbox().events.decideDispute(disputeId, 'lost')).toBe(true);
    await processEvents();
    expect((await detail(admin, paymentId)).json().money_back).toMatchObject({
      status: 'dispute_lost',
      refundable_amount: '0.00',
    });
    expect(await feedOf(paymentId)).toHaveLength(1);
    expect((await webhooksOf('payment.disputed')).length).toBeGreaterThan(0);
    const closed = await webhooksOf('payment.dispute_closed');
    expect(closed.some((message) => (message.payload as { data: { status: string } }).data.status === 'lost')).toBe(
      true,
    );
    await expectLedgerAddsUp(baseline);
  });

  it('posts a disputed payment again when the dispute is won', async () => {
    const [invoice] = fresh(1);
    const baseline = await ledgerFigures();
    const { paymentId, disputeId } = await disputedPayment(invoice!);
    expect(await sandbox().events.decideDispute(disputeId, 'won')).toBe(true);
    await processEvents();
    const view = (await detail(admin, paymentId)).json();
    expect(view.money_back).toMatchObject({ status: 'dispute_won', charged_back_amount: '0.00' });
    const items = await feedOf(paymentId);
    expect(items.map((item) => item.kind).sort()).toEqual(['chargeback', 'chargeback_reversal']);
    expect(items.reduce((sum, item) => sum + item.amountMinor, 0n)).toBe(0n);
    expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
    // A refund is possible again once the dispute is closed.
    expect((await refund(admin, paymentId, { amount: '1.00', reason: 'other' })).statusCode).toBe(201);
    await expectLedgerAddsUp(baseline);
  });
});
