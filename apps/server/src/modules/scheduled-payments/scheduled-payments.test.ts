// Issue 29, scheduled payments: "Pay on" stores the request without charging and confirms it; on its day the job pays
// it once (two instances at once included) through the payments pipeline, audited and received with its cause; every
// condition that no longer holds stops it with its reason, by e-mail and on the list; the cancel; and the refusals
// (bad dates, scheduling off, another user's payment, no permission, nobody). Issue 36: the same with Stripe
// (TEST_GATEWAY=stripe), where the job's charge is off-session, a bank debit settles when the bank confirms it, and an
// issuer that wants the payer makes the payment "not paid" with a link back to the invoices.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduledPayment } from '@portal/contracts';
import { testGateway } from '../../config';
import { auditEvents, mailOutbox, paymentIntents, scheduledPayments, userAccounts, users } from '../../db/schema';
import { runSchedulerRound } from '../../jobs/scheduler';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { manage, savedCard } from '../payment-methods/payment-methods.test-helpers';
import { writeSetting } from '../system/app-settings.repository';
import {
  bearer,
  expectLedgerConsistent,
  gatewayCharges,
  ledgerSums,
  openInvoices,
  pay,
  payRequest,
  reloadDocument,
  saveBankAccount,
  saveCard,
  type OpenInvoice,
} from '../payments/payments.test-helpers';

const stripe = testGateway() === 'stripe';

let t: TestApp;
let payer: string;
let amex: string;
const day = 86_400_000;

const settings = (overrides: Record<string, unknown> = {}) =>
  writeSetting(t.database.db, 'application', {
    scheduledPaymentsCompanyCodes: ['1000'],
    autopayCompanyCodes: ['1000'],
    ...overrides,
  });

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await settings();
});

let invoiceOffset = 0;
/** Fresh open invoices for each test (the ledger is shared by the file). */
async function nextInvoices(count: number): Promise<OpenInvoice[]> {
  const invoices = await openInvoices(t.database.db, count, invoiceOffset);
  invoiceOffset += count;
  return invoices;
}

async function schedule(invoices: OpenInvoice[], date: string, options: { token?: string; key?: string } = {}) {
  return pay(
    t.app,
    options.token ?? payer,
    { ...payRequest(invoices, { cardToken: amex }), scheduled_date: date },
    options.key,
  );
}

async function list(token = payer): Promise<ScheduledPayment[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/scheduled-payments', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().scheduled_payments;
}

const chargeCount = async () => (await gatewayCharges(t)).length;
const mailOf = (template: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, template));

/** Runs the jobs on a later day (the test clock moved), then puts the clock back. */
async function runOn(days: number) {
  t.clock.advance(days * day);
  try {
    return await runSchedulerRound(t.app.ctx);
  } finally {
    t.clock.advance(-days * day);
  }
}

describe('POST /api/invoice/payments with scheduled_date', () => {
  it('stores the payment without charging, confirms it by e-mail, and answers a retry with the same payment', async () => {
    const invoices = await nextInvoices(2);
    const charges = await chargeCount();
    const key = randomUUID();
    const answer = await schedule(invoices, '11-05-2026', { key });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'scheduled', scheduled_date: '11-05-2026' });
    const id = (answer.body as unknown as { id: string }).id;
    expect(await chargeCount()).toBe(charges);
    const again = await schedule(invoices, '11-05-2026', { key });
    expect((again.body as unknown as { id: string }).id).toBe(id);
    const rows = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, id));
    expect(rows).toHaveLength(1);
    // No CVV is kept with it.
    expect(JSON.stringify(rows[0]!.request)).not.toMatch(/(?<![0-9A-Za-z])1234(?![0-9A-Za-z])/);
    const mine = (await list()).find((entry) => entry.id === id)!;
    expect(mine).toMatchObject({ status: 'scheduled', cause: 'schedule', scheduled_date: '11-05-2026' });
    expect(mine.documents.map((d) => d.document_number_finance)).toEqual(invoices.map((i) => i.documentNumberFinance));
    const confirmations = (await mailOf('scheduled_payment')).filter((m) => m.dedupeKey === `scheduled_payment:${id}`);
    expect(confirmations).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.event, 'payment_scheduled'), sql`${auditEvents.details}->>'scheduled_payment' = ${id}`),
      );
    expect(audit).toBeDefined();
  });

  it('refuses a day before today, a day past the range, and an account where scheduling is off, with the reason', async () => {
    const invoices = await nextInvoices(1);
    const past = await schedule(invoices, '11-01-2026');
    expect(past.statusCode).toBe(400);
    expect(past.body.messageKey).toBe('validation.payment.schedule_date_past');
    const late = await schedule(invoices, '12-31-2027');
    expect(late.statusCode).toBe(400);
    expect(late.body.messageKey).toBe('validation.payment.schedule_date_late');
    await settings({ scheduledPaymentsCompanyCodes: [] });
    const off = await schedule(invoices, '11-05-2026');
    expect(off.statusCode).toBe(400);
    expect(off.body.messageKey).toBe('validation.payment.scheduling_disabled');
  });

  it("refuses another customer's invoices as unknown, a user who may not pay, and nobody", async () => {
    const invoices = await nextInvoices(1);
    const foreign = await pay(t.app, payer, {
      ...payRequest(invoices, { cardToken: amex }),
      payer_data: { customer_number: '100003', company_code: '1000' },
      scheduled_date: '11-05-2026',
    });
    expect(foreign.statusCode).toBe(404);
    const soldto = (await signInAs(t.app, 'soldto@example.com')).token;
    const lower = await schedule(invoices, '11-05-2026', { token: soldto });
    expect([403, 404]).toContain(lower.statusCode);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/payments',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...payRequest(invoices, { cardToken: amex }), scheduled_date: '11-05-2026' },
    });
    expect(nobody.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/scheduled-payments' })).statusCode).toBe(401);
  });
});

describe('the scheduled payments job', () => {
  it('pays on the day, once, even with two instances running the jobs at the same time', async () => {
    const invoices = await nextInvoices(2);
    const id = ((await schedule(invoices, '11-04-2026')).body as unknown as { id: string }).id;
    const charges = await chargeCount();
    // The day before: nothing happens.
    await runOn(1);
    expect((await list()).find((entry) => entry.id === id)!.status).toBe('scheduled');
    const second = await addInstance(t);
    try {
      t.clock.advance(2 * day);
      await Promise.all([runSchedulerRound(t.app.ctx), runSchedulerRound(second.app.ctx)]);
      await runSchedulerRound(second.app.ctx);
    } finally {
      t.clock.advance(-2 * day);
      await second.close();
    }
    expect(await chargeCount()).toBe(charges + 1);
    const paid = (await list()).find((entry) => entry.id === id)!;
    expect(paid).toMatchObject({ status: 'paid', reason: null });
    expect(paid.payment_document_number).not.toBe('');
    for (const invoice of invoices) expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(0n);
    const intents = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.scope, `scheduled:${id}`));
    expect(intents).toHaveLength(1);
    expect(intents[0]!.posting).toMatchObject({ cause: 'schedule', scheduled_payment_id: id });
    // Audited with its cause, and received with it.
    const [posted] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'payment_posted'), sql`${auditEvents.details}->>'scheduled_payment' = ${id}`));
    expect(posted?.details).toMatchObject({ cause: 'schedule' });
    const receipt = (await mailOf('payment_receipt')).find(
      (m) => m.dedupeKey === `payment_confirmation:${intents[0]!.id}`,
    );
    expect(receipt?.payload).toMatchObject({ cause: 'schedule', scheduled_date: '2026-11-04' });
    // The payment history marks it.
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/PaymentsHistory/GetPaymentsHistory',
      headers: bearer(payer),
      payload: {
        payer_data: { customer_number: '100001', company_code: '1000' },
        soldto_data: ['100001', '200001', '200002', '200003'],
        search_parameters: { status: '03', date_from: '11-01-2026', date_to: '11-30-2026', page_size: 200 },
      },
    });
    expect(history.statusCode, history.body).toBe(200);
    const entry = history
      .json()
      .data.document_list.find(
        (e: { document_number_finance: string }) => e.document_number_finance === paid.payment_document_number,
      );
    expect(entry?.cause).toBe('schedule');
  });

  it('does not pay what no longer holds, and says why by e-mail and on the list', async () => {
    // Paid by hand meanwhile.
    const [changed] = await nextInvoices(1);
    const changedId = ((await schedule([changed!], '11-03-2026')).body as unknown as { id: string }).id;
    const now = await pay(t.app, payer, payRequest([changed!], { cardToken: amex }));
    expect(now.statusCode).toBe(200);
    // The card deleted.
    const visa = await saveCard(t.app, payer, { number: '4111 1111 1111 1111', cvv: '123', type: 'VISA' });
    const [other] = await nextInvoices(1);
    const request = { ...payRequest([other!], { cardToken: visa, cardType: 'VISA' }), scheduled_date: '11-03-2026' };
    const deletedId = ((await pay(t.app, payer, request)).body as unknown as { id: string }).id;
    expect((await manage(t.app, payer, '03', savedCard(visa, 'VISA'))).statusCode).toBe(200);

    const charges = await chargeCount();
    await runOn(1);
    expect(await chargeCount()).toBe(charges);
    const rows = await list();
    expect(rows.find((entry) => entry.id === changedId)).toMatchObject({
      status: 'not_paid',
      reason: 'documents_changed',
    });
    expect(rows.find((entry) => entry.id === deletedId)).toMatchObject({
      status: 'not_paid',
      reason: 'method_missing',
    });
    const told = (await mailOf('scheduled_payment_not_paid')).map((m) => (m.payload as { reason: string }).reason);
    expect(told).toEqual(expect.arrayContaining(['documents_changed', 'method_missing']));
  });

  it('does not pay for a user deactivated since, nor when payments or scheduling were switched off', async () => {
    const [a] = await nextInvoices(1);
    const [b] = await nextInvoices(1);
    const idA = ((await schedule([a!], '11-03-2026')).body as unknown as { id: string }).id;
    await settings({ isPaymentsDisable: true });
    await runOn(1);
    expect((await list()).find((entry) => entry.id === idA)).toMatchObject({
      status: 'not_paid',
      reason: 'payments_disabled',
    });

    await settings();
    const idB = ((await schedule([b!], '11-03-2026')).body as unknown as { id: string }).id;
    await settings({ scheduledPaymentsCompanyCodes: [] });
    await runOn(1);
    expect((await list()).find((entry) => entry.id === idB)).toMatchObject({
      status: 'not_paid',
      reason: 'scheduling_disabled',
    });

    await settings();
    const [c] = await nextInvoices(1);
    const idC = ((await schedule([c!], '11-03-2026')).body as unknown as { id: string }).id;
    const [user] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.userId, user!.userId));
    try {
      await runOn(1);
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.userId, user!.userId));
    }
    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, idC));
    expect(row).toMatchObject({ status: 'not_paid', reason: 'user_inactive' });
  });
});

describe('off-session at the provider', () => {
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, id)))[0]!;
  const scheduleWith = async (invoices: OpenInvoice[], cardToken: string, cardType: 'VISA' | 'EC') =>
    (
      (
        await pay(t.app, payer, {
          ...payRequest(invoices, { cardToken, cardType, cvv: cardType === 'EC' ? '' : '123' }),
          scheduled_date: '11-03-2026',
        })
      ).body as unknown as { id: string }
    ).id;
  /** With Stripe a bank debit is processing after the day's run: the bank confirms it, and a later run (its lease
   * of 5 minutes over) finds the payment settled. The sandbox answered at once. */
  async function bankConfirms(id: string) {
    if (!stripe) return;
    expect(await rowOf(id)).toMatchObject({ status: 'processing' });
    await t.stripeDouble!.settleProcessing();
    await runOn(1.01);
  }

  it('pays a scheduled e-check once (with Stripe when the bank confirms the debit)', async () => {
    const before = await ledgerSums(t.database.db);
    const account = await saveBankAccount(t.app, payer, { routing: '011000015', account: '4567891234' });
    const invoices = await nextInvoices(2);
    const id = await scheduleWith(invoices, account, 'EC');
    const charges = await chargeCount();
    await runOn(1);
    await bankConfirms(id);
    expect(await rowOf(id)).toMatchObject({ status: 'paid', reason: null });
    for (const invoice of invoices) expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(0n);
    await runOn(1.02);
    expect(await chargeCount()).toBe(charges + 1);
    await expectLedgerConsistent(t, before);
  });

  it('a declined card and a debit the bank refuses: not paid, the payer told, nothing posted', async () => {
    const before = await ledgerSums(t.database.db);
    const declining = await saveCard(t.app, payer, { number: '4000 0000 0000 0002', cvv: '123', type: 'VISA' });
    const failing = await saveBankAccount(t.app, payer, { routing: '011000015', account: '4567890002' });
    const [byCard] = await nextInvoices(1);
    const [byDebit] = await nextInvoices(1);
    const cardId = await scheduleWith([byCard!], declining, 'VISA');
    const debitId = await scheduleWith([byDebit!], failing, 'EC');
    await runOn(1);
    await bankConfirms(debitId);
    for (const [id, invoice] of [
      [cardId, byCard!],
      [debitId, byDebit!],
    ] as const) {
      expect(await rowOf(id)).toMatchObject({ status: 'not_paid', reason: 'declined' });
      expect((await reloadDocument(t.database.db, invoice.id)).openAmount).toBe(invoice.openAmount);
      const [told] = (await mailOf('scheduled_payment_not_paid')).filter(
        (mail) => mail.dedupeKey === `scheduled_payment_not_paid:${id}`,
      );
      expect(told?.payload).toMatchObject({ reason: 'declined' });
    }
    await expectLedgerConsistent(t, before);
  });

  it.runIf(stripe)(
    'a card whose issuer wants the payer: not paid (authentication_required), the e-mail links to the invoices',
    async () => {
      const challenged = await saveCard(t.app, payer, { number: '4000 0000 0000 1091', cvv: '123', type: 'VISA' });
      const [invoice] = await nextInvoices(1);
      const id = await scheduleWith([invoice!], challenged, 'VISA');
      await runOn(1);
      expect(await rowOf(id)).toMatchObject({ status: 'not_paid', reason: 'authentication_required' });
      expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(invoice!.openAmount);
      const [told] = (await mailOf('scheduled_payment_not_paid')).filter(
        (mail) => mail.dedupeKey === `scheduled_payment_not_paid:${id}`,
      );
      expect(told?.payload).toMatchObject({
        reason: 'authentication_required',
        manage_url: expect.stringMatching(/\/invoices$/),
      });
    },
  );
});

describe('a card that expires before the day', () => {
  it('is not charged: the payment is not made, for that reason', async () => {
    const [invoice] = await nextInvoices(1);
    const id = ((await schedule([invoice!], '11-03-2026')).body as unknown as { id: string }).id;
    const charges = await chargeCount();
    // The test card is valid to 12-31-2029: the job runs on 01-02-2030.
    await runOn(1157);
    expect(await chargeCount()).toBe(charges);
    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, id));
    expect(row).toMatchObject({ status: 'not_paid', reason: 'method_expired' });
  });
});

describe('an account no longer linked to the user', () => {
  it('is not paid for: the user is no longer entitled to it', async () => {
    const [invoice] = await nextInvoices(1);
    const id = ((await schedule([invoice!], '11-03-2026')).body as unknown as { id: string }).id;
    const [user] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
    const links = await t.database.db.select().from(userAccounts).where(eq(userAccounts.userId, user!.userId));
    // The link removed as the administration does it: the row gone and the user's access version bumped.
    await t.database.db.delete(userAccounts).where(eq(userAccounts.userId, user!.userId));
    await t.database.db
      .update(users)
      .set({ accessVersion: user!.accessVersion + 1 })
      .where(eq(users.userId, user!.userId));
    const charges = await chargeCount();
    try {
      await runOn(1);
    } finally {
      // Linked again, as the administration does it: a new access version, so that no cached view of the accounts stays.
      await t.database.db.insert(userAccounts).values(links);
      await t.database.db
        .update(users)
        .set({ accessVersion: user!.accessVersion + 2 })
        .where(eq(users.userId, user!.userId));
    }
    expect(await chargeCount()).toBe(charges);
    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, id));
    expect(row).toMatchObject({ status: 'not_paid', reason: 'not_entitled' });
  });
});

describe('DELETE /api/scheduled-payments/{id}', () => {
  it('cancels until the job takes it, then refuses; another user cannot cancel it', async () => {
    const invoices = await nextInvoices(1);
    const id = ((await schedule(invoices, '11-03-2026')).body as unknown as { id: string }).id;
    const manager = (await signInAs(t.app, 'internal@example.com')).token;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/scheduled-payments/${id}`,
      headers: bearer(manager),
    });
    expect([403, 404]).toContain(foreign.statusCode);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/scheduled-payments/${id}`,
      headers: bearer(payer),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const charges = await chargeCount();
    await runOn(1);
    expect(await chargeCount()).toBe(charges);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/scheduled-payments/${id}`,
      headers: bearer(payer),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('scheduled-payments.not_cancellable');
  });
});
