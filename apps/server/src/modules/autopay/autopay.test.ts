// Issue 29, AutoPay: enrolling (the past-due invoices left for a person and listed), the job planning the invoices that
// come due with a reminder and paying them on their day once, in one payment per day and currency, what it leaves
// (over the maximum, disputed) and names, the enrolment stopping when its card is deleted or its user deactivated,
// and the refusals (AutoPay off, another user's enrolment, a lower role, nobody). The administrators' list.
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AutopayEnrolment } from '@portal/contracts';
import { auditEvents, autopayItems, documents, mailOutbox, scheduledPayments, users } from '../../db/schema';
import { runSchedulerRound } from '../../jobs/scheduler';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { manage, savedCard } from '../payment-methods/payment-methods.test-helpers';
import { bearer, gatewayCharges, saveCard } from '../payments/payments.test-helpers';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
let payer: string;
let amex: string;
const day = 86_400_000;
const account = { customer_number: '100001', company_code: '1000' };

const settings = (overrides: Record<string, unknown> = {}) =>
  writeSetting(t.database.db, 'application', { autopayCompanyCodes: ['1000'], ...overrides });

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

async function enrol(body: Record<string, unknown> = {}, token = payer) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/autopay',
    headers: bearer(token),
    payload: { payer_data: account, payment_card_token: amex, payment_card_type: 'AMEX', days_before_due: 3, ...body },
  });
}

// The charges at the provider (the sandbox's, or Stripe's double with TEST_GATEWAY=stripe: off-session there).
const chargeCount = async () => (await gatewayCharges(t)).length;

/** Open USD invoices of the payer with due dates in [from, to] (ISO). */
async function openDue(from: string, to: string) {
  return t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        gt(documents.openAmount, 0n),
        sql`${documents.dueDate} BETWEEN ${from}::date AND ${to}::date`,
      ),
    );
}

describe('PUT /api/autopay', () => {
  it('enrols the account with a saved method, lists the past-due invoices it leaves, and confirms by e-mail', async () => {
    const response = await enrol({ days_before_due: 5, max_amount: '50000.00' });
    expect(response.statusCode, response.body).toBe(200);
    const enrolment = response.json() as AutopayEnrolment;
    expect(enrolment).toMatchObject({
      status: 'active',
      days_before_due: 5,
      max_amount: '50000.00',
      enrolled_on: '11-02-2026',
    });
    const pastDue = await openDue('1900-01-01', '2026-11-01');
    expect(enrolment.left_at_enrolment.length).toBe(Math.min(pastDue.length, 200));
    expect(enrolment.left_at_enrolment.every((invoice) => invoice.why === 'past_due')).toBe(true);
    const mail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `autopay_enrolled:${enrolment.id}`));
    expect(mail).toHaveLength(1);
    // A second enrolment of the account replaces the first.
    const replaced = (await enrol({ days_before_due: 3, max_amount: null })).json() as AutopayEnrolment;
    const mine = (await t.app.inject({ method: 'GET', url: '/api/autopay', headers: bearer(payer) })).json()
      .enrolments as AutopayEnrolment[];
    expect(mine.find((e) => e.id === enrolment.id)).toMatchObject({ status: 'stopped', stopped_reason: 'replaced' });
    expect(mine.find((e) => e.id === replaced.id)).toMatchObject({ status: 'active' });
  });

  it("refuses AutoPay switched off, a bad maximum, a method that is not the payer's, and every other caller", async () => {
    await settings({ autopayCompanyCodes: [] });
    const off = await enrol();
    expect(off.statusCode).toBe(400);
    expect(off.json().messageKey).toBe('validation.autopay.disabled');
    await settings();
    const bad = await enrol({ max_amount: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageKey).toBe('validation.autopay.max_amount');
    const unknownToken = `${amex.slice(0, -1)}${amex.endsWith('1') ? '2' : '1'}`;
    expect((await enrol({ payment_card_token: unknownToken })).statusCode).toBe(404);
    expect((await enrol({ payer_data: { customer_number: '100003', company_code: '1000' } })).statusCode).toBe(404);
    const internal = (await signInAs(t.app, 'internal@example.com')).token;
    expect((await enrol({}, internal)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/autopay', payload: {} })).statusCode).toBe(401);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/autopay', headers: bearer(payer) })).json()
      .enrolments as AutopayEnrolment[];
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/autopay/${mine[0]!.id}`,
      headers: bearer(manager),
    });
    expect(foreign.statusCode).toBe(404);
    // Every enrolment: for those who see the payments received only.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments-received/autopay', headers: bearer(manager) }))
        .statusCode,
    ).toBe(403);
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    const all = await t.app.inject({ method: 'GET', url: '/api/payments-received/autopay', headers: bearer(admin) });
    expect(all.statusCode).toBe(200);
    expect(all.json().enrolments.some((e: AutopayEnrolment) => e.login === 'payer@example.com')).toBe(true);
  });
});

describe('the AutoPay job', () => {
  it('plans the invoices coming due with a reminder, pays each once on its day, and leaves what is over the maximum', async () => {
    // Invoices due from the enrolment on: a week from now, paid 3 days before due.
    const enrolment = (await enrol({ days_before_due: 3, max_amount: null })).json() as AutopayEnrolment;
    const dueSoon = await openDue('2026-11-02', '2026-11-12');
    expect(dueSoon.length).toBeGreaterThan(0);
    // A disputed invoice is left for a person.
    const disputed = dueSoon[0]!;
    await t.database.db.update(documents).set({ reasonCode: 'Z1' }).where(eq(documents.id, disputed.id));

    const charges = await chargeCount();
    t.clock.advance(4 * day); // 11-06: plans invoices paid up to 11-09 (due up to 11-12)
    try {
      const round = await runSchedulerRound(t.app.ctx);
      expect(round.autopay.payments).toBeGreaterThan(0);
      const again = await runSchedulerRound(t.app.ctx);
      expect(again.autopay.payments ?? 0).toBe(0);
    } finally {
      t.clock.advance(-4 * day);
    }
    const planned = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.autopayId, enrolment.id));
    // Planned as autopay payments; those due on the planning day were paid by the same round.
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.every((row) => row.cause === 'autopay' && ['scheduled', 'paid'].includes(row.status))).toBe(true);
    // One payment per day and currency.
    const keys = planned.map((row) => `${row.scheduledDate}|${row.currencyKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    const items = await t.database.db.select().from(autopayItems).where(eq(autopayItems.autopayId, enrolment.id));
    expect(items.find((item) => item.documentKey.includes(disputed.documentNumberFinance))).toMatchObject({
      outcome: 'left',
      why: 'disputed',
    });
    const reminder = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'autopay_reminder'), eq(mailOutbox.recipient, 'payer@example.com')));
    expect(reminder.length).toBeGreaterThan(0);

    // Each payment day: paid once (one charge per payment, whichever round paid it).
    t.clock.advance(10 * day);
    try {
      await runSchedulerRound(t.app.ctx);
      await runSchedulerRound(t.app.ctx);
    } finally {
      t.clock.advance(-10 * day);
    }
    const after = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.autopayId, enrolment.id));
    const paid = after.filter((row) => row.status === 'paid');
    expect(paid.length).toBeGreaterThan(0);
    expect(await chargeCount()).toBe(charges + paid.length);
    const [posted] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'payment_posted'), sql`${auditEvents.details}->>'autopay' = ${enrolment.id}`));
    expect(posted?.details).toMatchObject({ cause: 'autopay' });
  });

  it('leaves an invoice over the maximum for a person', async () => {
    const enrolment = (await enrol({ days_before_due: 0, max_amount: '0.01' })).json() as AutopayEnrolment;
    t.clock.advance(20 * day);
    try {
      await runSchedulerRound(t.app.ctx);
    } finally {
      t.clock.advance(-20 * day);
    }
    const items = await t.database.db.select().from(autopayItems).where(eq(autopayItems.autopayId, enrolment.id));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.outcome === 'left')).toBe(true);
    expect(items.some((item) => item.why === 'over_maximum')).toBe(true);
  });

  it('stops when its card is deleted, and when its user is deactivated, and says so', async () => {
    const visa = await saveCard(t.app, payer, { number: '4111 1111 1111 1111', cvv: '123', type: 'VISA' });
    const byCard = (await enrol({ payment_card_token: visa, payment_card_type: 'VISA' })).json() as AutopayEnrolment;
    expect((await manage(t.app, payer, '03', savedCard(visa, 'VISA'))).statusCode).toBe(200);
    t.clock.advance(day);
    try {
      await runSchedulerRound(t.app.ctx);
    } finally {
      t.clock.advance(-day);
    }
    let mine = (await t.app.inject({ method: 'GET', url: '/api/autopay', headers: bearer(payer) })).json()
      .enrolments as AutopayEnrolment[];
    expect(mine.find((e) => e.id === byCard.id)).toMatchObject({ status: 'stopped', stopped_reason: 'method_missing' });
    const stoppedMail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `autopay_stopped:${byCard.id}`));
    expect(stoppedMail).toHaveLength(1);

    const byUser = (await enrol()).json() as AutopayEnrolment;
    const [user] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.userId, user!.userId));
    t.clock.advance(2 * day);
    try {
      await runSchedulerRound(t.app.ctx);
    } finally {
      t.clock.advance(-2 * day);
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.userId, user!.userId));
    }
    payer = (await signInAs(t.app, 'payer@example.com')).token;
    mine = (await t.app.inject({ method: 'GET', url: '/api/autopay', headers: bearer(payer) })).json()
      .enrolments as AutopayEnrolment[];
    expect(mine.find((e) => e.id === byUser.id)).toMatchObject({ status: 'stopped', stopped_reason: 'user_inactive' });
  });
});
