// Issue 35, "AutoPay pays what a customer expects it to pay" (ADR 0029), on the demo ledger of the verification: the
// finance-only debit items and the invoice short-paid with PP that come due are paid, one with a deduction reason is
// left for a person; the Application tab's reason codes per company code change what is held (a code taken out is
// paid, one put in is held), also on the payment day for a payment planned before; and the setting's save is audited,
// checked against the ERP's configuration with a translated 400 that changes nothing, and refused to a manager and to
// nobody.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationConfiguration, AutopayEnrolment } from '@portal/contracts';
import { auditEvents, autopayItems, documents, mailOutbox, scheduledPayments } from '../../db/schema';
import { runSchedulerRound } from '../../jobs/scheduler';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { bearer, openInvoices, saveCard } from '../payments/payments.test-helpers';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
let amex: string;
const day = 86_400_000;
const account = { customer_number: '100001', company_code: '1000' };
/** The verification's finance-only debit items (no billing document) and the invoice short-paid with PP. */
const financeOnly = ['1400000372', '1400000821'];
const shortPaidWithPP = '1400001570';

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
  const payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // AutoPay on in 1000, no reason codes set: the default (every code but PP) holds.
  await writeSetting(t.database.db, 'application', { autopayCompanyCodes: ['1000'] });
});

/** Enrols the demo payer's account as the payer signed in now (the clock may have moved). */
async function enrol(daysBeforeDue: number): Promise<AutopayEnrolment> {
  const payer = (await signInAs(t.app, 'payer@example.com')).token;
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/autopay',
    headers: bearer(payer),
    payload: {
      payer_data: account,
      payment_card_token: amex,
      payment_card_type: 'AMEX',
      days_before_due: daysBeforeDue,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AutopayEnrolment;
}

/** Runs the scheduler's rounds on a day `days` from the clock's start, and moves the clock back. */
async function roundsOn(days: number, rounds = 1): Promise<void> {
  t.clock.advance(days * day);
  try {
    for (let round = 0; round < rounds; round++) await runSchedulerRound(t.app.ctx);
  } finally {
    t.clock.advance(-days * day);
  }
}

async function outcomes(enrolmentId: string) {
  const items = await t.database.db.select().from(autopayItems).where(eq(autopayItems.autopayId, enrolmentId));
  const of = (finance: string) => items.find((item) => item.documentKey.split('|')[1] === finance);
  return { items, of };
}

async function documentByFinance(finance: string) {
  const [row] = await t.database.db.select().from(documents).where(eq(documents.documentNumberFinance, finance));
  return row!;
}

/** Open invoices of the demo account, past due and without a reason (never AutoPay's), moved to a due date. */
async function invoicesDueOn(due: string, count: number) {
  const rows = (await openInvoices(t.database.db, 3000))
    .filter(
      (row) => row.reasonCode === '' && !row.readOnly && row.billingDocumentNumber !== '' && row.dueDate < '2026-10-01',
    )
    .slice(0, count);
  expect(rows).toHaveLength(count);
  await t.database.db
    .update(documents)
    .set({ dueDate: due })
    .where(
      inArray(
        documents.id,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => row.documentNumberFinance);
}

async function setReason(finance: string, reasonCode: string, reasonMessage = '') {
  await t.database.db
    .update(documents)
    .set({ reasonCode, reasonMessage })
    .where(eq(documents.documentNumberFinance, finance));
}

describe('what AutoPay pays', () => {
  it('pays the finance-only items and the invoice short-paid with PP that come due, and leaves a deduction', async () => {
    // The verification's ledger: the finance-only items due in 22 and 23 days, the PP invoice in 26.
    for (const finance of [...financeOnly, shortPaidWithPP]) {
      const row = await documentByFinance(finance);
      expect(row).toMatchObject({ documentStatus: '01', payerNumber: '0000100001', companyCode: '1000' });
    }
    expect(await documentByFinance(financeOnly[0]!)).toMatchObject({
      billingDocumentNumber: '',
      dueDate: '2026-11-25',
    });
    expect(await documentByFinance(shortPaidWithPP)).toMatchObject({ reasonCode: 'PP', dueDate: '2026-11-28' });
    // A deduction taken on an invoice that comes due in the same days.
    const [deducted] = await invoicesDueOn('2026-11-20', 1);
    await setReason(deducted!, 'DM', 'Two units arrived damaged');

    const enrolment = await enrol(30);
    await roundsOn(0);

    const { of } = await outcomes(enrolment.id);
    for (const finance of [...financeOnly, shortPaidWithPP]) {
      expect(of(finance), finance).toMatchObject({ outcome: 'planned' });
      // Paid 30 days before due, so today: the same round paid it, in full.
      expect(await documentByFinance(finance), finance).toMatchObject({ documentStatus: '02', openAmount: 0n });
    }
    expect(of(deducted!)).toMatchObject({ outcome: 'left', why: 'disputed' });
    expect(await documentByFinance(deducted!)).toMatchObject({ documentStatus: '01' });
    // The reminder names the finance-only items by their finance number (they have no billing number).
    const [reminder] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'autopay_reminder'), sql`${mailOutbox.payload}::text LIKE ${'%1400000372%'}`));
    expect(reminder).toBeDefined();
  });

  it("holds what the company code's reason codes say: a code taken out is paid, PP put in is held", async () => {
    const [deduction, partial] = await invoicesDueOn('2026-12-20', 2);
    await setReason(deduction!, 'DM', 'Two units arrived damaged');
    await setReason(partial!, 'PP', 'Remainder with the next payment run');
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/Application/autopayHoldReasonCodes',
      headers: bearer(admin),
      payload: { value: { 1000: ['PP', 'PR', 'SH', 'OP'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().autopayHoldReasonCodes).toEqual({ 1000: ['OP', 'PP', 'PR', 'SH'] });

    // Enrolled on 12-17, paying on the due date: planned that day, paid on 12-20.
    t.clock.advance(45 * day);
    let enrolment: AutopayEnrolment;
    try {
      enrolment = await enrol(0);
    } finally {
      t.clock.advance(-45 * day);
    }
    await roundsOn(45);
    const { of } = await outcomes(enrolment.id);
    expect(of(deduction!)).toMatchObject({ outcome: 'planned' });
    expect(of(partial!)).toMatchObject({ outcome: 'left', why: 'disputed' });
    await roundsOn(48);
    expect(await documentByFinance(deduction!)).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await documentByFinance(partial!)).toMatchObject({ documentStatus: '01' });
  });

  it('does not pay a planned payment whose invoice has taken a holding reason since, and plans the others again', async () => {
    const [disputedLater, other] = await invoicesDueOn('2027-01-10', 2);
    t.clock.advance(66 * day); // 01-07: planned for 01-10 with a reminder
    let enrolment: AutopayEnrolment;
    try {
      enrolment = await enrol(0);
      await runSchedulerRound(t.app.ctx);
    } finally {
      t.clock.advance(-66 * day);
    }
    const planned = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.autopayId, enrolment.id));
    const first = planned.find((row) =>
      JSON.stringify(row.request).includes(`"document_number_finance":"${disputedLater}"`),
    )!;
    expect(first).toMatchObject({ status: 'scheduled', scheduledDate: '2027-01-10' });
    expect(JSON.stringify(first.request)).toContain(`"document_number_finance":"${other}"`);

    // The customer disputes one of them before the payment day.
    await setReason(disputedLater!, 'PR', 'Price not as agreed');
    await roundsOn(69, 2);
    const [notPaid] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, first.id));
    expect(notPaid).toMatchObject({ status: 'not_paid', reason: 'invoice_held' });
    const mail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `scheduled_payment_not_paid:${first.id}`));
    expect(mail).toHaveLength(1);
    // The next round left the disputed invoice for a person and paid the other one the same day.
    const { of } = await outcomes(enrolment.id);
    expect(of(disputedLater!)).toMatchObject({ outcome: 'left', why: 'disputed' });
    expect(of(other!)).toMatchObject({ outcome: 'planned' });
    expect(of(other!)?.scheduledPaymentId).not.toBe(first.id);
    expect(await documentByFinance(other!)).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await documentByFinance(disputedLater!)).toMatchObject({ documentStatus: '01' });
  });
});

describe("the Application tab's reason codes that hold an invoice back", () => {
  const url = '/api/configuration/Application/autopayHoldReasonCodes';
  const put = (token: string | null, value: unknown, language = 'en') =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
      payload: { value },
    });
  const auditRows = async () =>
    (await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'configuration_changed'))).length;

  it('saves a set per company code, audited, and keeps the default (every code but PP) as not set', async () => {
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(admin) })
    ).json() as ApplicationConfiguration;
    expect(current.autopayHoldReasonCodes).toEqual({});

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration',
      headers: bearer(admin),
      payload: { ...current, autopayHoldReasonCodes: { 1000: [' PR', 'DM', 'PR'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().autopayHoldReasonCodes).toEqual({ 1000: ['DM', 'PR'] });
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/audit-events?action=configuration_changed',
        headers: bearer(admin),
      })
    ).json().items;
    expect(audit[0].summary.changes).toContainEqual({
      field: 'autopayHoldReasonCodes',
      from: {},
      to: { 1000: ['DM', 'PR'] },
    });

    // Exactly every code but PP is the default: stored as not set, so that a code the ERP adds later holds too.
    const back = await put(admin, { 1000: ['DM', 'OP', 'PR', 'SH'] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().autopayHoldReasonCodes).toEqual({});
  });

  it('refuses a company code or a reason code the ERP does not offer, in the reader’s language, and saves nothing', async () => {
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    expect((await put(admin, { 1000: ['PR'] })).statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(admin) })).json();
    const auditBefore = await auditRows();

    const unknownCompany = await put(admin, { 1000: ['PR'], 9999: ['DM'] }, 'de');
    expect(unknownCompany.statusCode).toBe(400);
    expect(unknownCompany.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      messageKey: 'validation.configuration.autopay_hold_company_code_unknown',
      message: 'Die Grundcodes für AutoPay nennen einen Buchungskreis, den das ERP nicht führt.',
      details: { fields: ['autopayHoldReasonCodes'], company_code: '9999' },
    });
    const cases: [unknown, string][] = [
      [{ 1000: ['PR', 'ZZ'] }, 'ZZ'],
      // A deposit reason code never stands on an invoice.
      [{ 1000: ['DP'] }, 'DP'],
    ];
    for (const [value, code] of cases) {
      const unknownCode = await put(admin, value);
      expect(unknownCode.statusCode, code).toBe(400);
      expect(unknownCode.json(), code).toMatchObject({
        messageKey: 'validation.configuration.autopay_hold_reason_code_unknown',
        message: 'The reason codes for AutoPay include a code the ERP does not offer for that company code.',
        details: { fields: ['autopayHoldReasonCodes'], company_code: '1000', reason_code: code },
      });
    }
    // Not the contract's shape.
    for (const value of [['DM'], { 1000: 'DM' }, { 1000: ['DM'.repeat(6)] }])
      expect((await put(admin, value)).statusCode, JSON.stringify(value)).toBe(400);

    expect((await t.app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(admin) })).json()).toEqual(
      before,
    );
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('refuses a manager and nobody, and changes nothing', async () => {
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    const payer = (await signInAs(t.app, 'payer@example.com')).token;
    const before = (await t.app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(admin) })).json();
    for (const token of [manager, payer]) {
      expect((await put(token, { 1000: [] })).statusCode).toBe(403);
      const whole = await t.app.inject({
        method: 'PUT',
        url: '/api/configuration',
        headers: bearer(token),
        payload: { ...before, autopayHoldReasonCodes: { 1000: [] } },
      });
      expect(whole.statusCode).toBe(403);
    }
    expect((await put(null, { 1000: [] })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(admin) })).json()).toEqual(
      before,
    );
  });
});
