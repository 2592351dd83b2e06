// Issue 38, collections over the API: the reminder schedule (default, saved, refused), the collections job run day by
// day through a month on two instances at once (each step's reminder once, to the account's customer users, with the
// invoices each sees; none for an invoice paid, with a holding reason code, promised, covered by a scheduled payment or
// AutoPay, or of a paused account; reminders resuming when a promise breaks or a payment plan falls through), promises
// made, kept, broken and withdrawn, the worklist (rank, filters, paging, export), an account's timeline, notes, the
// collector, the pause and "send now", the figures, the invoice detail's "Reminded on", and every refusal as another
// customer, a lower role and nobody.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDocumentKey, type WorklistResponse } from '@portal/contracts';
import {
  auditEvents,
  autopayEnrolments,
  autopayItems,
  collectionAccounts,
  documents,
  mailOutbox,
  paymentPromises,
  reminderItems,
  reminders,
  scheduledPayments,
  userAccounts,
  users,
} from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { bearer } from '../payments/payments.test-helpers';
import { readApplicationSettings } from '../system/application-settings';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
let admin: string;
let payer: string;
let soldto: string;
let internal: string;
let manager: string;
const dayMs = 86_400_000;
const start = '2026-11-02';

type Fixture = typeof documents.$inferSelect;
/** The invoices the test places, by role in the story (see beforeAll). */
const doc: Record<string, Fixture> = {};

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const keyOf = (document: Fixture) =>
  paymentDocumentKey({
    company_code: document.companyCode,
    document_number_finance: document.documentNumberFinance,
    fiscal_year_of_the_relevant_invoice: document.fiscalYear,
    line_item_in_the_relevant_invoice: document.lineItem,
  });

async function api(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1500 });
  const token = async (login: string) => (await signInAs(t.app, login)).token;
  admin = await token('admin@example.com');
  payer = await token('payer@example.com');
  soldto = await token('soldto@example.com');
  internal = await token('internal@example.com');
  manager = await token('manager@example.com');
  const db = t.database.db;
  // Nothing else reaches a step in this story: every open invoice is due far ahead, but the ones placed below.
  await db
    .update(documents)
    .set({ dueDate: '2099-12-31' })
    .where(and(eq(documents.documentStatus, '01'), eq(documents.itemIsAPayment, false)));
  const open = (payerNumber: string) =>
    db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, payerNumber),
          eq(documents.documentStatus, '01'),
          eq(documents.itemIsAPayment, false),
          gt(documents.openAmount, 0n),
          sql`${documents.billingDocumentNumber} <> ''`,
          sql`${documents.soldtoNumber} <> '0000200001'`,
        ),
      )
      .orderBy(asc(documents.id))
      .limit(60);
  const rows = await open('0000100001');
  const count = (currency: string) => rows.filter((row) => row.currencyKey === currency).length;
  const main = [...new Set(rows.map((row) => row.currencyKey))].sort((a, b) => count(b) - count(a))[0]!;
  const usd = rows.filter((row) => row.currencyKey === main);
  expect(usd.length).toBeGreaterThanOrEqual(8);
  const place = async (name: string, row: Fixture, dueIn: number, set: Partial<Fixture> = {}) => {
    await db
      .update(documents)
      .set({ dueDate: addDays(start, dueIn), reasonCode: '', ...set })
      .where(eq(documents.id, row.id));
    doc[name] = { ...row, dueDate: addDays(start, dueIn), reasonCode: '', ...set };
  };
  // A: due in a week, of the sold-to user's sold-to too. B: due today. C: a week past due. D: held (reason code Z1).
  // E: promised for in three days, not paid: the promise breaks. F: paid by another channel on day 0.
  // G: in a scheduled payment in two days, which falls through on day 3. J: promised, paid on day 2: the promise is kept.
  await place('A', usd[0]!, 7, { soldtoNumber: '0000200001' });
  await place('B', usd[1]!, 0);
  await place('C', usd[2]!, -7);
  await place('D', usd[3]!, -7, { reasonCode: 'Z1' });
  await place('E', usd[4]!, -7);
  await place('F', usd[5]!, -7, { documentStatus: '02', openAmount: 0n });
  await place('G', usd[6]!, -7);
  await place('J', usd[7]!, -10);
  // H: account 100002 (company code 3000, the payer's too), covered by AutoPay until the plan leaves it on day 8.
  const second = await open('0000100002');
  await place('H', second[0]!, 7);
  // I: account 100009 (the third-party user's), paused by a collector until day 10.
  const third = await open('0000100009');
  await place('I', third[0]!, -4);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const defaultSteps = [
  { days_from_due: -7, template: 'reminder_upcoming', attach_statement: false, enabled: true },
  { days_from_due: 0, template: 'reminder_due', attach_statement: false, enabled: true },
  { days_from_due: 7, template: 'reminder_overdue', attach_statement: false, enabled: true },
  { days_from_due: 14, template: 'reminder_overdue', attach_statement: true, enabled: true },
  { days_from_due: 30, template: 'reminder_final', attach_statement: true, enabled: true },
];

describe('the reminder schedule', () => {
  it('is the default, switched off, until an administrator saves one; a save is checked and audited', async () => {
    const before = await api('GET', '/api/collections/reminder-schedule?company_code=1000', admin);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      company_code: '1000',
      enabled: false,
      repeat_every_days: 14,
      updated_at: null,
    });
    expect(before.json().steps.map((step: { days_from_due: number }) => step.days_from_due)).toEqual([
      -7, 0, 7, 14, 30,
    ]);

    const twice = await api('PUT', '/api/collections/reminder-schedule?company_code=1000', admin, {
      enabled: true,
      steps: [defaultSteps[2], defaultSteps[2]],
      repeat_every_days: null,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: { fields: ['steps'] } });
    const noStep = await api('PUT', '/api/collections/reminder-schedule?company_code=1000', admin, {
      enabled: true,
      steps: [{ ...defaultSteps[0], enabled: false }],
      repeat_every_days: null,
    });
    expect(noStep.statusCode).toBe(400);
    const unknown = await api('PUT', '/api/collections/reminder-schedule?company_code=ZZ99', admin, {
      enabled: true,
      steps: defaultSteps,
      repeat_every_days: 14,
    });
    expect(unknown.statusCode).toBe(404);

    for (const companyCode of ['1000', '3000']) {
      const saved = await api('PUT', `/api/collections/reminder-schedule?company_code=${companyCode}`, admin, {
        enabled: true,
        steps: [...defaultSteps].reverse(),
        repeat_every_days: 14,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().steps.map((step: { days_from_due: number }) => step.days_from_due)).toEqual([
        -7, 0, 7, 14, 30,
      ]);
    }
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'reminder_schedule_saved'));
    expect(audited.map((row) => row.subject).sort()).toEqual(['1000', '3000']);
  });

  it('is refused to a lower role, a customer and nobody', async () => {
    for (const token of [manager, payer, internal]) {
      expect((await api('GET', '/api/collections/reminder-schedule?company_code=1000', token)).statusCode).toBe(403);
      const put = await api('PUT', '/api/collections/reminder-schedule?company_code=1000', token, {
        enabled: false,
        steps: [],
        repeat_every_days: null,
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await api('GET', '/api/collections/reminder-schedule?company_code=1000')).statusCode).toBe(401);
  });
});

describe('promises to pay', () => {
  it('are made by a payer user on open invoices of the account, checked, and refused elsewhere', async () => {
    const account = { customer_number: '100001', company_code: '1000' };
    const promise = (token: string, body: Record<string, unknown>) =>
      api('POST', '/api/invoice/promises', token, { payer_data: account, ...body });
    const number = (name: string) => ({ billing_document_number: doc[name]!.billingDocumentNumber });
    const made = await promise(payer, { documents: [number('E')], promised_date: addDays(start, 3) });
    expect(made.statusCode, made.body).toBe(201);
    const kept = await promise(payer, { documents: [number('J')], promised_date: addDays(start, 5) });
    expect(kept.statusCode, kept.body).toBe(201);

    expect((await promise(payer, { documents: [number('E')], promised_date: addDays(start, 4) })).json()).toMatchObject(
      {
        error: 'VALIDATION_FAILED',
        message: expect.any(String),
      },
    );
    expect((await promise(payer, { documents: [number('C')], promised_date: addDays(start, 61) })).statusCode).toBe(
      400,
    );
    expect((await promise(payer, { documents: [number('C')], promised_date: addDays(start, -1) })).statusCode).toBe(
      400,
    );
    expect(
      (await promise(payer, { documents: [number('C')], promised_date: addDays(start, 3), amount: '99999999.00' }))
        .statusCode,
    ).toBe(400);
    expect((await promise(payer, { documents: [number('F')], promised_date: addDays(start, 3) })).statusCode).toBe(400);
    // Another customer's account: as if it did not exist. The sold-to user does not see the payer's other invoices.
    const foreign = await api('POST', '/api/invoice/promises', payer, {
      payer_data: { customer_number: '100003', company_code: '2000' },
      documents: [number('C')],
      promised_date: addDays(start, 3),
    });
    expect(foreign.statusCode).toBe(404);
    const otherSoldTo = await api('POST', '/api/invoice/promises', soldto, {
      payer_data: { customer_number: '200001', company_code: '1000' },
      documents: [number('C')],
      promised_date: addDays(start, 3),
    });
    expect(otherSoldTo.statusCode).toBe(400);
    // A lower role (internal: no CanMakePayment) and nobody.
    expect((await promise(internal, { documents: [number('C')], promised_date: addDays(start, 3) })).statusCode).toBe(
      403,
    );
    expect(
      (await api('POST', '/api/invoice/promises', undefined, { payer_data: account, documents: [number('C')] }))
        .statusCode,
    ).toBe(401);

    const listed = await api('GET', '/api/invoice/promises', payer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().promises).toHaveLength(2);
    expect(listed.json().promises[0]).toMatchObject({
      status: 'open',
      made_by: 'Pat Payer',
      currency_key: doc.E!.currencyKey,
    });
    // The third-party user of another account sees none of them, and cannot withdraw one.
    const thirdParty = (await signInAs(t.app, 'thirdparty@example.com')).token;
    expect((await api('GET', '/api/invoice/promises', thirdParty)).json().promises).toEqual([]);
    expect((await api('DELETE', `/api/invoice/promises/${made.json().id}`, thirdParty)).statusCode).toBe(404);
  });

  it('can be withdrawn while open, by a user of the account', async () => {
    const made = await api('POST', '/api/invoice/promises', payer, {
      payer_data: { customer_number: '100001', company_code: '1000' },
      documents: [{ billing_document_number: doc.C!.billingDocumentNumber }],
      promised_date: addDays(start, 10),
    });
    expect(made.statusCode, made.body).toBe(201);
    const withdrawn = await api('DELETE', `/api/invoice/promises/${made.json().id}`, payer);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ status: 'cancelled' });
    expect((await api('DELETE', `/api/invoice/promises/${made.json().id}`, payer)).statusCode).toBe(409);
    expect((await api('DELETE', `/api/invoice/promises/${made.json().id}`)).statusCode).toBe(401);
  });
});

describe('the collections job, day by day through a month on two instances', () => {
  it('sends each step once, to the right people, with the right invoices, and none that must not go', async () => {
    const db = t.database.db;
    // G: in a scheduled payment for day 2. H: AutoPay on account 100002 (3 days before due).
    const [payerUser] = await db.select().from(users).where(eq(users.login, 'payer@example.com'));
    await db.insert(scheduledPayments).values({
      id: '00000000-0000-4000-8000-000000000038',
      userId: payerUser!.userId,
      cause: 'schedule',
      payerNumber: '0000100001',
      companyCode: '1000',
      currencyKey: doc.G!.currencyKey,
      currencyDecimals: 2,
      totalMinor: doc.G!.openAmount,
      paymentCardToken: 'tok',
      paymentCardType: 'VISA',
      paymentMethodLabel: 'VISA 1111',
      request: {
        documents: [
          {
            document_number_finance: doc.G!.documentNumberFinance,
            fiscal_year_of_the_relevant_invoice: doc.G!.fiscalYear,
            line_item_in_the_relevant_invoice: doc.G!.lineItem,
          },
        ],
      },
      scheduledDate: addDays(start, 2),
      status: 'scheduled',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const [enrolment] = await db
      .insert(autopayEnrolments)
      .values({
        id: '00000000-0000-4000-8000-000000000039',
        userId: payerUser!.userId,
        payerNumber: '0000100002',
        companyCode: '3000',
        paymentCardToken: 'tok',
        paymentCardType: 'VISA',
        paymentMethodLabel: 'VISA 1111',
        daysBeforeDue: 3,
        status: 'active',
        enrolledOn: start,
        createdAt: t.clock.now(),
      })
      .returning();
    // I: the third-party user's account paused by a collector until day 10 (the worklist's own call).
    const paused = await api('PUT', '/api/collections/accounts/100009/pause', admin, {
      company_code: '1000',
      until: addDays(start, 10),
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused_until: addDays(start, 10) });

    const second = await addInstance(t);
    try {
      for (let day = 0; day <= 31; day += 1) {
        if (day === 2) {
          // J is paid by another channel: its promise is kept at the next run.
          await db.update(documents).set({ documentStatus: '02', openAmount: 0n }).where(eq(documents.id, doc.J!.id));
        }
        if (day === 3) {
          // G's scheduled payment fell through: its reminders resume.
          await db
            .update(scheduledPayments)
            .set({ status: 'not_paid' })
            .where(eq(scheduledPayments.payerNumber, '0000100001'));
        }
        if (day === 8) {
          // AutoPay left H for a person: its reminders resume.
          await db.insert(autopayItems).values({
            autopayId: enrolment!.id,
            documentKey: keyOf(doc.H!),
            outcome: 'left',
            why: 'over_maximum',
            createdAt: t.clock.now(),
          });
        }
        if (day === 15) {
          // The sold-to user switches reminders off in the profile.
          const token = (await signInAs(t.app, 'soldto@example.com')).token;
          const off = await api('PUT', '/api/profile/payment-reminders', token, { payment_reminders: false });
          expect(off.statusCode, off.body).toBe(200);
        }
        await Promise.all([runJob(t.app.ctx, 'collections'), runJob(second.app.ctx, 'collections')]);
        await runJob(second.app.ctx, 'collections');
        if (day === 0) await checkWorklistOnDayZero();
        if (day === 4) await checkBrokenPromise();
        t.clock.advance(dayMs);
      }
    } finally {
      await second.close();
    }

    const sent = await db.select().from(reminders).orderBy(asc(reminders.createdAt));
    const stepsOf = (name: string) =>
      sent
        .filter((row) => row.documents.some((document) => document.document_key === keyOf(doc[name]!)))
        .map((row) => [row.createdAt.toISOString().slice(0, 10), row.daysFromDue]);
    const on = (day: number, step: number) => [addDays(start, day), step];
    expect(stepsOf('A')).toEqual([on(0, -7), on(7, 0), on(14, 7), on(21, 14)]);
    expect(stepsOf('B')).toEqual([on(0, 0), on(7, 7), on(14, 14), on(30, 30)]);
    expect(stepsOf('C')).toEqual([on(0, 7), on(7, 14), on(23, 30)]);
    expect(stepsOf('D')).toEqual([]);
    expect(stepsOf('F')).toEqual([]);
    expect(stepsOf('J')).toEqual([]);
    // E: promised through day 3, broken on day 4: the step it had reached goes then, the next ones on their days.
    expect(stepsOf('E')).toEqual([on(4, 7), on(7, 14), on(23, 30)]);
    // G: its scheduled payment (day 2) came before its next step; it fell through on day 3.
    expect(stepsOf('G')).toEqual([on(3, 7), on(7, 14), on(23, 30)]);
    // H: AutoPay was to pay it until it left it for a person on day 8 (due day 7: the on-the-day step then).
    expect(stepsOf('H')).toEqual([on(8, 0), on(14, 7), on(21, 14)]);
    // I: paused until day 10 (due day −4): the step reached on day 11, then the next on its day.
    expect(stepsOf('I')).toEqual([on(11, 14), on(26, 30)]);

    // One message per reminder and recipient, none twice: the payer's user sees every invoice, the sold-to user only
    // A (its sold-to's) until it switched reminders off on day 15; the staff linked to the account get none.
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.template} LIKE 'reminder_%'`);
    expect(new Set(mails.map((mail) => mail.dedupeKey)).size).toBe(mails.length);
    expect(mails.length).toBe(sent.reduce((sum, row) => sum + row.recipients.length, 0));
    const recipients = new Set(mails.map((mail) => mail.recipient));
    expect([...recipients].sort()).toEqual(['payer@example.com', 'soldto@example.com', 'thirdparty@example.com']);
    const toSoldTo = mails.filter((mail) => mail.recipient === 'soldto@example.com');
    expect(toSoldTo.map((mail) => (mail.payload as { as_of: string }).as_of)).toEqual([
      addDays(start, 0),
      addDays(start, 7),
      addDays(start, 14),
    ]);
    for (const mail of toSoldTo) {
      const listed = (mail.payload as { documents: { document_number_finance: string }[] }).documents;
      expect(listed.map((document) => document.document_number_finance)).toEqual([doc.A!.documentNumberFinance]);
    }
    const first = mails.find((mail) => mail.recipient === 'payer@example.com')!;
    expect(first.payload).toMatchObject({ account: expect.stringContaining('100001'), attach_statement: false });
    expect((first.payload as { pay_url: string }).pay_url).toMatch(
      /^http:\/\/localhost:3000\/invoices\/pay\?account=100001&company_code=1000&invoices=/,
    );
    // Each (invoice, step) once: the claims.
    const items = await db.select().from(reminderItems);
    expect(new Set(items.map((item) => `${item.documentKey}|${item.daysFromDue}`)).size).toBe(items.length);
    const promises = await db.select().from(paymentPromises).where(eq(paymentPromises.payerNumber, '0000100001'));
    expect(promises.map((row) => row.status).sort()).toEqual(['broken', 'cancelled', 'kept']);
    expect(
      (
        await db
          .select()
          .from(auditEvents)
          .where(inArray(auditEvents.event, ['promise_kept', 'promise_broken']))
      ).length,
    ).toBe(2);
    expect((await db.select().from(auditEvents).where(eq(auditEvents.event, 'reminder_sent'))).length).toBe(
      sent.length,
    );
  });
});

async function checkWorklistOnDayZero() {
  const page = await api('GET', '/api/collections/worklist', admin);
  expect(page.statusCode, page.body).toBe(200);
  const body = page.json() as WorklistResponse;
  expect(body.refreshed_at).not.toBeNull();
  const row = body.accounts.find((account) => account.payer_number === '0000100001');
  expect(row).toMatchObject({
    company_code: '1000',
    bucket: '1-30',
    promise_status: 'open',
    next_step: { date: addDays(start, 7), days_from_due: 0 },
  });
  expect(row!.past_due[0]).toMatchObject({ currency_key: doc.C!.currencyKey, oldest_days: 10 });
  // Ranked: the oldest bucket first, then the largest past due.
  const ranks = body.accounts.map((account) => account.bucket);
  expect([...ranks].sort().reverse()).toEqual(ranks.slice().sort().reverse());
  expect((await api('GET', '/api/collections/worklist?bucket=90%2B', admin)).json().accounts).toEqual([]);
  expect((await api('GET', '/api/collections/worklist?q=100001', admin)).json().accounts).toHaveLength(1);
  expect((await api('GET', '/api/collections/worklist?after=not-a-cursor', admin)).statusCode).toBe(400);
  // The refusals: a lower role, a customer, nobody.
  for (const token of [manager, payer, internal]) {
    expect((await api('GET', '/api/collections/worklist', token)).statusCode).toBe(403);
    expect((await api('GET', '/api/collections/accounts/100001?company_code=1000', token)).statusCode).toBe(403);
  }
  expect((await api('GET', '/api/collections/worklist')).statusCode).toBe(401);
  expect((await api('GET', '/api/collections/figures')).statusCode).toBe(401);

  // The export: a row per account and currency.
  const csv = await api('GET', '/api/collections/worklist/export?format=csv&company_code=1000', admin);
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.body).toContain('100001');

  // The account: timeline with the day's reminders and the promise; a call logged; the collector given.
  const call = await api('POST', '/api/collections/accounts/100001/notes', admin, {
    company_code: '1000',
    kind: 'call',
    text: 'Spoke to AP: <b>pays</b> on Friday',
  });
  expect(call.statusCode, call.body).toBe(201);
  expect(call.json()).toMatchObject({ kind: 'call', text: 'Spoke to AP: <b>pays</b> on Friday', by: 'Alex Admin' });
  const [adminUser] = await t.database.db.select().from(users).where(eq(users.login, 'admin@example.com'));
  const given = await api('PUT', '/api/collections/accounts/100001/collector', admin, {
    company_code: '1000',
    user_id: adminUser!.userId,
  });
  expect(given.statusCode, given.body).toBe(200);
  expect(given.json().collector).toEqual({ user_id: adminUser!.userId, name: 'Alex Admin' });
  const [payerUser] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
  const notCollector = await api('PUT', '/api/collections/accounts/100001/collector', admin, {
    company_code: '1000',
    user_id: payerUser!.userId,
  });
  expect(notCollector.statusCode).toBe(400);
  const detail = await api('GET', '/api/collections/accounts/100001?company_code=1000', admin);
  expect(detail.statusCode, detail.body).toBe(200);
  const kinds = new Set(detail.json().timeline.map((entry: { kind: string }) => entry.kind));
  expect(kinds).toEqual(new Set(['reminder', 'promise', 'call', 'assignment']));
  expect(detail.json().account.last_contact_at).not.toBeNull();
  expect(
    (await api('GET', '/api/collections/worklist?collector=none', admin))
      .json()
      .accounts.map((account: { payer_number: string }) => account.payer_number),
  ).not.toContain('0000100001');
  expect((await api('GET', '/api/collections/accounts/999999?company_code=1000', admin)).statusCode).toBe(404);
  expect((await api('GET', '/api/collections/collectors', admin)).json().collectors).toContainEqual({
    user_id: adminUser!.userId,
    name: 'Alex Admin',
  });

  // The figures of the day.
  const figures = await api('GET', '/api/collections/figures?company_code=1000', admin);
  expect(figures.statusCode, figures.body).toBe(200);
  const usd = figures
    .json()
    .figures.find((entry: { currency_key: string }) => entry.currency_key === doc.C!.currencyKey);
  expect(usd.days).toHaveLength(1);
  expect(usd.days[0]).toMatchObject({ day: start, dso: expect.stringMatching(/^\d+\.\d$/) });

  // The invoice detail says when C was reminded.
  const invoice = await api('POST', '/api/invoice/detail', payer, {
    document_detail: { billing_document_number: doc.C!.billingDocumentNumber, customer_number: '100001' },
  });
  expect(invoice.statusCode, invoice.body).toBe(200);
  expect(invoice.json().collections.reminders).toEqual([{ sent_at: expect.any(String), days_from_due: 7 }]);
  const promised = await api('POST', '/api/invoice/detail', payer, {
    document_detail: { billing_document_number: doc.E!.billingDocumentNumber, customer_number: '100001' },
  });
  expect(promised.json().collections.promise).toMatchObject({ promised_date: addDays(start, 3) });
}

async function checkBrokenPromise() {
  // Days later: signed in again (the tokens of the start have expired).
  const token = (await signInAs(t.app, 'admin@example.com')).token;
  const page = (await api('GET', '/api/collections/worklist?promise_status=broken', token)).json() as WorklistResponse;
  expect(page.accounts.map((account) => account.payer_number)).toContain('0000100001');
  const [row] = await t.database.db
    .select()
    .from(collectionAccounts)
    .where(eq(collectionAccounts.payerNumber, '0000100001'));
  expect(row?.promiseStatus).toBe('broken');
}

describe('send now, and a reader who cannot sign in yet', () => {
  it("sends the account's reminder at once, audited with who asked; an invited user gets guest payment links", async () => {
    const db = t.database.db;
    const token = (await signInAs(t.app, 'admin@example.com')).token;
    // A user of account 100001 invited and not yet signed up (no password): no pay page to sign in to.
    const [payerUser] = await db.select().from(users).where(eq(users.login, 'payer@example.com'));
    const [link] = await db
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, payerUser!.userId), eq(userAccounts.companyCode, '1000')));
    const [invited] = await db
      .insert(users)
      .values({
        login: 'invited-ap@example.com',
        email: 'invited-ap@example.com',
        firstName: 'Ivy',
        lastName: 'Invited',
        userRole: 'user',
        primaryAccountTypeId: 'Payer',
        status: 'active',
        passwordHash: null,
      })
      .returning();
    const { accountId: _, ...linked } = link!;
    await db.insert(userAccounts).values({ ...linked, userId: invited!.userId });
    const sendNow = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections/accounts/100001/reminders',
        headers: { ...bearer(token), 'user-agent': 'collections-test' },
        payload: { company_code: '1000' },
      });
    const messagesOf = async (email: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).map(
        (row) => row.payload as { pay_url: string; documents: { pay_url?: string }[] },
      );

    await writeSetting(db, 'application', { ...(await readApplicationSettings(db)), allowGuestPayment: true });
    const sent = await sendNow();
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'reminder', reminder: { manual: true } });
    const [guestMessage] = await messagesOf('invited-ap@example.com');
    expect(guestMessage!.pay_url).toContain('/guest-payment/guestpayment?account=100001&invoice=');
    expect(guestMessage!.documents.length).toBeGreaterThan(0);
    for (const document of guestMessage!.documents) expect(document.pay_url).toContain('/guest-payment/guestpayment?');
    // The payer user, who signs in, gets the pay page with the invoices chosen.
    const payerMessages = await messagesOf('payer@example.com');
    expect(payerMessages.at(-1)!.pay_url).toContain('/invoices/pay?account=100001&company_code=1000');
    expect(payerMessages.at(-1)!.documents.every((document) => document.pay_url === undefined)).toBe(true);
    const [audited] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'reminder_sent'))
      .orderBy(sql`${auditEvents.id} DESC`)
      .limit(1);
    expect(audited).toMatchObject({
      userAgent: 'collections-test',
      details: expect.objectContaining({ manual: true }),
    });

    // Guest payment off: no guest link, the pay page (the invitation leads there once taken up).
    await writeSetting(db, 'application', { ...(await readApplicationSettings(db)), allowGuestPayment: false });
    expect((await sendNow()).statusCode).toBe(201);
    const latest = (await messagesOf('invited-ap@example.com')).at(-1)!;
    expect(latest.pay_url).toContain('/invoices/pay?');
    expect(latest.documents.every((document) => document.pay_url === undefined)).toBe(true);

    // Refused to a customer of the account, a lower role and nobody; nothing sent.
    const before = (await db.select().from(reminders)).length;
    for (const who of ['payer@example.com', 'manager@example.com', 'internal@example.com']) {
      const their = (await signInAs(t.app, who)).token;
      const refused = await api('POST', '/api/collections/accounts/100001/reminders', their, { company_code: '1000' });
      expect(refused.statusCode, who).toBe(403);
    }
    expect(
      (await api('POST', '/api/collections/accounts/100001/reminders', undefined, { company_code: '1000' })).statusCode,
    ).toBe(401);
    expect((await db.select().from(reminders)).length).toBe(before);
  });
});
