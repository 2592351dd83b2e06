// Issue 39, what an open dispute changes (ADR 0034), on the seeded ledger with disputes written straight into
// portal.invoice_disputes: the collections job day by day sends no reminder for an invoice wholly disputed, reminds of
// the rest of one disputed in part, and resumes with the next step once a dispute is resolved; the worklist counts the
// open disputes and the job retries their ERP copies; the invoice list marks the disputed invoices of a page and
// filters on them (filter 95: the list, the export, the search PDF), never showing another customer's; the invoice
// detail shows the dispute; AutoPay leaves an invoice wholly disputed and pays the rest of one disputed in part.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentDocumentKey, type DocumentDisputed, type InvoiceSearchResponse } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import {
  autopayItems,
  collectionAccounts,
  documents,
  invoiceDisputes,
  mailOutbox,
  reminders,
  scheduledPayments,
} from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { bearer, saveCard } from '../payments/payments.test-helpers';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
const admin = 'admin@example.com';
const payer = 'payer@example.com';
const thirdParty = 'thirdparty@example.com';
const dayMs = 86_400_000;
const start = '2026-11-02';

type Fixture = typeof documents.$inferSelect;
/** The invoices of the story (see beforeAll), and the disputes written on them. */
const doc: Record<string, Fixture> = {};
const disputeOf: Record<string, { id: string; amountMinor: bigint }> = {};

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const keyOf = (document: Fixture) =>
  paymentDocumentKey({
    company_code: document.companyCode,
    document_number_finance: document.documentNumberFinance,
    fiscal_year_of_the_relevant_invoice: document.fiscalYear,
    line_item_in_the_relevant_invoice: document.lineItem,
  });
const bare = (number: string) => number.replace(/^0+(?=\d)/, '');

/** A session per user, signed in again once the clock has moved (sessions expire as the days go by). */
const sessions = new Map<string, { token: string; at: number }>();
async function tokenOf(login: string): Promise<string> {
  const now = t.clock.now().getTime();
  const known = sessions.get(login);
  if (known && known.at === now) return known.token;
  const token = (await signInAs(t.app, login)).token;
  sessions.set(login, { token, at: now });
  return token;
}

async function api(method: 'GET' | 'PUT' | 'POST', url: string, login: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await tokenOf(login)),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A dispute as the disputes module writes one, open or in review, over `amountMinor` of the invoice. */
async function raise(name: string, amountMinor: bigint, status: 'open' | 'in_review' = 'open') {
  const invoice = doc[name]!;
  const id = randomUUID();
  await t.database.db.insert(invoiceDisputes).values({
    id,
    payerNumber: invoice.payerNumber,
    payerName: '',
    companyCode: invoice.companyCode,
    soldtoNumber: invoice.soldtoNumber,
    billingDocumentNumber: invoice.billingDocumentNumber,
    documentNumberFinance: invoice.documentNumberFinance,
    fiscalYear: invoice.fiscalYear,
    lineItem: invoice.lineItem,
    documentKey: keyOf(invoice),
    currencyKey: invoice.currencyKey,
    currencyDecimals: 2,
    amountMinor,
    openAmountMinor: invoice.openAmount,
    reasonCode: 'PR',
    status,
    source: 'portal',
    targetDate: addDays(t.clock.now().toISOString().slice(0, 10), 14),
    erpStatus: 'pending',
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  disputeOf[name] = { id, amountMinor };
}

async function resolve(name: string) {
  await t.database.db
    .update(invoiceDisputes)
    .set({ status: 'resolved', outcome: 'rejected', resolvedAt: t.clock.now(), updatedAt: t.clock.now() })
    .where(eq(invoiceDisputes.id, disputeOf[name]!.id));
}

/** Open invoices of an account without a reason code that a payment may pay, oldest first. */
function openOf(payerNumber: string, companyCode: string) {
  return t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, payerNumber),
        eq(documents.companyCode, companyCode),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        eq(documents.readOnly, false),
        gt(documents.openAmount, 100n),
        sql`${documents.billingDocumentNumber} <> ''`,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(40);
}

async function place(name: string, row: Fixture, dueIn: number) {
  const dueDate = addDays(start, dueIn);
  await t.database.db.update(documents).set({ dueDate, reasonCode: '' }).where(eq(documents.id, row.id));
  doc[name] = { ...row, dueDate, reasonCode: '' };
}

/** The account's sold-tos in the ledger (the list's soldto_data). */
async function soldTosOf(payerNumber: string) {
  const rows = await t.database.db
    .selectDistinct({ soldTo: documents.soldtoNumber })
    .from(documents)
    .where(eq(documents.payerNumber, payerNumber));
  return [...new Set(rows.map((row) => bare(row.soldTo)))];
}

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1500 });
  // Nothing else reaches a step in this story: every open invoice is due far ahead, but the ones placed below.
  await t.database.db
    .update(documents)
    .set({ dueDate: '2099-12-31' })
    .where(and(eq(documents.documentStatus, '01'), eq(documents.itemIsAPayment, false)));
  const rows = await openOf('0000100001', '1000');
  const main = rows.filter((row) => row.currencyKey === rows[0]!.currencyKey);
  expect(main.length).toBeGreaterThanOrEqual(6);
  // W: wholly disputed. P: disputed in part (in review). R: reminded, then disputed on day 1, resolved on day 10.
  // A1, A2: AutoPay's, placed later. X: the third-party user's account, wholly disputed.
  await place('W', main[0]!, -7);
  await place('P', main[1]!, -7);
  await place('R', main[2]!, -7);
  doc.A1 = main[3]!;
  doc.A2 = main[4]!;
  doc.A3 = main[5]!;
  await place('X', (await openOf('0000100009', '1000'))[0]!, -4);
  await raise('W', doc.W!.openAmount);
  await raise('P', doc.P!.openAmount / 3n, 'in_review');
  await raise('X', doc.X!.openAmount);
  for (const companyCode of ['1000', '3000']) {
    const saved = await api('PUT', `/api/collections/reminder-schedule?company_code=${companyCode}`, admin, {
      enabled: true,
      steps: [
        { days_from_due: -7, template: 'reminder_upcoming', attach_statement: false, enabled: true },
        { days_from_due: 0, template: 'reminder_due', attach_statement: false, enabled: true },
        { days_from_due: 7, template: 'reminder_overdue', attach_statement: false, enabled: true },
        { days_from_due: 14, template: 'reminder_overdue', attach_statement: false, enabled: true },
        { days_from_due: 30, template: 'reminder_final', attach_statement: false, enabled: true },
      ],
      repeat_every_days: 14,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

async function worklistRow(payerNumber: string) {
  const page = await api('GET', `/api/collections/worklist?q=${bare(payerNumber)}`, admin);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json().accounts as { payer_number: string; company_code: string; open_disputes: number }[]).find(
    (account) => account.payer_number === payerNumber && account.company_code === '1000',
  );
}

describe('reminders and the worklist', () => {
  it('remind of no invoice wholly disputed, of the rest of one disputed in part, and resume once resolved', async () => {
    const db = t.database.db;
    for (let day = 0; day <= 10; day += 1) {
      if (day === 1) await raise('R', doc.R!.openAmount);
      if (day === 10) await resolve('R');
      await runJob(t.app.ctx, 'collections');
      if (day === 0) {
        // The job retried the disputes' ERP copies (each is recorded, not supported or failed: no longer pending).
        const pending = await db.select().from(invoiceDisputes).where(eq(invoiceDisputes.erpStatus, 'pending'));
        expect(pending).toEqual([]);
      }
      if (day === 1) {
        // W, P and R of 100001; X of 100009: each account's open disputes on the worklist.
        expect(await worklistRow('0000100001')).toMatchObject({ open_disputes: 3 });
        expect(await worklistRow('0000100009')).toMatchObject({ open_disputes: 1 });
      }
      t.clock.advance(dayMs);
    }
    expect(await worklistRow('0000100001')).toMatchObject({ open_disputes: 2 });
    const [account] = await db
      .select()
      .from(collectionAccounts)
      .where(and(eq(collectionAccounts.payerNumber, '0000100001'), eq(collectionAccounts.companyCode, '1000')));
    expect(account!.openDisputes).toBe(2);

    const sent = await db.select().from(reminders).orderBy(asc(reminders.createdAt));
    const stepsOf = (name: string) =>
      sent
        .filter((row) => row.documents.some((document) => document.document_key === keyOf(doc[name]!)))
        .map((row) => [row.createdAt.toISOString().slice(0, 10), row.daysFromDue]);
    const on = (day: number, step: number) => [addDays(start, day), step];
    expect(stepsOf('W')).toEqual([]);
    expect(stepsOf('X')).toEqual([]);
    expect(stepsOf('P')).toEqual([on(0, 7), on(7, 14)]);
    // R: its step of day 0 went before it was disputed; held on day 7; the dispute resolved on day 10, the step it had
    // reached goes then (the one of day 0 stays claimed: not sent again).
    expect(stepsOf('R')).toEqual([on(0, 7), on(10, 14)]);

    // The e-mail of P lists what is still owed: the open amount less the disputed amount.
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.template} LIKE 'reminder_%'`, eq(mailOutbox.recipient, 'payer@example.com')));
    const listed = mails.flatMap(
      (mail) =>
        (
          mail.payload as {
            documents: { document_number_finance: string; open_amount: string; currency_decimals: number }[];
          }
        ).documents,
    );
    const ofP = listed.filter((document) => document.document_number_finance === doc.P!.documentNumberFinance);
    expect(ofP).toHaveLength(2);
    const rest = doc.P!.openAmount - disputeOf.P!.amountMinor;
    for (const document of ofP) expect(document.open_amount).toBe(formatMinorUnits(rest, document.currency_decimals));
    expect(listed.map((document) => document.document_number_finance)).not.toContain(doc.W!.documentNumberFinance);
  });
});

describe('the invoice list', () => {
  const account = { customer_number: '100001', company_code: '1000' };
  const listBody = async (payerData: typeof account, filter: { filter_type: string; value: string }[] = []) => ({
    payer_data: payerData,
    soldto_data: await soldTosOf(payerData.customer_number.padStart(10, '0')),
    search_parameters: {
      status: '01',
      due_date_from: '01-01-1900',
      due_date_to: '01-01-9999',
      sort: 'due_date_asc',
      page_size: 20,
      filter,
    },
  });
  const disputedOnly = [{ filter_type: '95', value: 'X' }];

  it('marks the disputed invoices of a page with their dispute, and filters on them (95)', async () => {
    // Invoices only (92): the open payments on account keep their own due dates.
    const page = await api('POST', '/api/Invoice', payer, await listBody(account, [{ filter_type: '92', value: 'X' }]));
    expect(page.statusCode, page.body).toBe(200);
    const answer = page.json() as InvoiceSearchResponse;
    const finance = answer.document_list.map((document) => document.document_number_finance);
    expect(finance).toEqual(expect.arrayContaining(['W', 'P', 'R'].map((name) => doc[name]!.documentNumberFinance)));
    const byKey = new Map((answer.documents_disputed ?? []).map((entry) => [entry.document_key, entry]));
    // R's dispute is resolved: no badge.
    expect([...byKey.keys()].sort()).toEqual([keyOf(doc.W!), keyOf(doc.P!)].sort());
    expect(byKey.get(keyOf(doc.P!))).toMatchObject({
      id: disputeOf.P!.id,
      reference: expect.stringMatching(/^D-\d+$/),
      status: 'in_review',
      amount: formatMinorUnits(disputeOf.P!.amountMinor, 2),
    } satisfies Partial<DocumentDisputed>);

    const filtered = await api('POST', '/api/Invoice', payer, await listBody(account, disputedOnly));
    expect(filtered.statusCode, filtered.body).toBe(200);
    const only = filtered.json() as InvoiceSearchResponse;
    expect(only.document_list.map((document) => document.document_number_finance).sort()).toEqual(
      [doc.W!.documentNumberFinance, doc.P!.documentNumberFinance].sort(),
    );
    expect(only.found_count).toBe(2);
    expect(only.documents_disputed).toHaveLength(2);

    // The same filter in the export: the disputed invoices only.
    const csv = await api('POST', '/api/invoice/invoice-csv', payer, await listBody(account, disputedOnly));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(bare(doc.W!.billingDocumentNumber));
    expect(csv.body).toContain(bare(doc.P!.billingDocumentNumber));
    expect(csv.body).not.toContain(bare(doc.R!.billingDocumentNumber));

    // A value other than X is not the filter.
    const wrong = await api(
      'POST',
      '/api/Invoice',
      payer,
      await listBody(account, [{ filter_type: '95', value: 'Y' }]),
    );
    expect(wrong.statusCode).toBe(400);
  });

  it("never shows another customer's dispute", async () => {
    const own = { customer_number: '100009', company_code: '1000' };
    const mine = await api('POST', '/api/Invoice', thirdParty, await listBody(own, disputedOnly));
    expect(mine.statusCode, mine.body).toBe(200);
    const answer = mine.json() as InvoiceSearchResponse;
    expect(answer.document_list.map((document) => document.document_number_finance)).toEqual([
      doc.X!.documentNumberFinance,
    ]);
    expect(answer.documents_disputed?.map((entry) => entry.document_key)).toEqual([keyOf(doc.X!)]);
    const page = (
      await api('POST', '/api/Invoice', thirdParty, await listBody(own, [{ filter_type: '92', value: 'X' }]))
    ).json() as InvoiceSearchResponse;
    expect(page.documents_disputed?.map((entry) => entry.document_key)).toEqual([keyOf(doc.X!)]);
    // The payer's list never names X's dispute; the third party cannot read the payer's account at all.
    const payers = (await api('POST', '/api/Invoice', payer, await listBody(account, disputedOnly))).json();
    expect(JSON.stringify(payers)).not.toContain(disputeOf.X!.id);
    expect((await api('POST', '/api/Invoice', thirdParty, await listBody(account, disputedOnly))).statusCode).toBe(404);
  });

  it('answers "disputed only" of an account with no dispute with an empty page, without asking the ERP', async () => {
    const other = { customer_number: '100002', company_code: '3000' };
    const spy = vi.spyOn(t.app.ctx.erp, 'searchInvoices');
    try {
      const empty = await api('POST', '/api/Invoice', payer, await listBody(other, disputedOnly));
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({
        status: { message_type: 'S' },
        document_list: [],
        found_count: 0,
        next_cursor: null,
        documents_disputed: [],
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    const pdf = await api('POST', '/api/invoice/search-pdf-request', payer, await listBody(other, disputedOnly));
    expect(pdf.statusCode).toBe(404);
  });
});

describe('the invoice detail', () => {
  const detail = (name: string, token = payer) =>
    api('POST', '/api/invoice/detail', token, {
      document_detail: { billing_document_number: doc[name]!.billingDocumentNumber, customer_number: '100001' },
    });

  it('shows the open dispute, else the latest resolved one, else none', async () => {
    const disputed = await detail('P');
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().dispute).toEqual({
      id: disputeOf.P!.id,
      reference: expect.stringMatching(/^D-\d+$/),
      status: 'in_review',
      amount: formatMinorUnits(disputeOf.P!.amountMinor, 2),
      reason_code: 'PR',
    });
    expect((await detail('R')).json().dispute).toMatchObject({ id: disputeOf.R!.id, status: 'resolved' });
    expect((await detail('A1')).json().dispute).toBeNull();
    // Not the third party's invoice: 404, its dispute unseen.
    expect((await detail('P', thirdParty)).statusCode).toBe(404);
  });
});

describe('AutoPay', () => {
  it('leaves an invoice wholly disputed and pays the rest of one disputed in part', async () => {
    const db = t.database.db;
    await writeSetting(db, 'application', { autopayCompanyCodes: ['1000'] });
    const today = t.clock.now().toISOString().slice(0, 10);
    // Due in 3 days, paid 3 days before due: planned and paid today.
    for (const name of ['A1', 'A2']) {
      await db
        .update(documents)
        .set({ dueDate: addDays(today, 3), reasonCode: '' })
        .where(eq(documents.id, doc[name]!.id));
    }
    await raise('A1', doc.A1!.openAmount);
    await raise('A2', doc.A2!.openAmount / 2n);
    const card = await saveCard(t.app, await tokenOf(payer), {
      number: '3782 822463 10005',
      cvv: '1234',
      type: 'AMEX',
    });
    const enrolled = await api('PUT', '/api/autopay', payer, {
      payer_data: { customer_number: '100001', company_code: '1000' },
      payment_card_token: card,
      payment_card_type: 'AMEX',
      days_before_due: 3,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const enrolmentId = enrolled.json().id as string;

    await runJob(t.app.ctx, 'autopay');
    const items = await db.select().from(autopayItems).where(eq(autopayItems.autopayId, enrolmentId));
    const itemOf = (name: string) => items.find((item) => item.documentKey === keyOf(doc[name]!));
    expect(itemOf('A1')).toMatchObject({ outcome: 'left', why: 'disputed' });
    expect(itemOf('A2')).toMatchObject({ outcome: 'planned' });
    // Nothing else of the story is AutoPay's: W, P and R were past due at enrolment.
    expect(itemOf('W')).toBeUndefined();

    const rest = doc.A2!.openAmount - disputeOf.A2!.amountMinor;
    const [planned] = await db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, itemOf('A2')!.scheduledPaymentId!));
    expect(planned).toMatchObject({ status: 'scheduled', scheduledDate: today, totalMinor: rest });
    const documentsPaid = (planned!.request as { documents: Record<string, string>[] }).documents;
    expect(documentsPaid).toHaveLength(1);
    expect(documentsPaid[0]).toMatchObject({
      document_number_finance: doc.A2!.documentNumberFinance,
      open_amount: formatMinorUnits(doc.A2!.openAmount, 2),
      amount_to_process: formatMinorUnits(rest, 2),
      reason_code: 'PP',
      comment: expect.stringMatching(/^D-\d+$/),
    });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'autopay_reminder'), eq(mailOutbox.recipient, 'payer@example.com')));
    const payload = mail!.payload as {
      left: { document_number_finance: string; why: string }[];
      payments: { total_amount: string; documents: { document_number_finance: string; amount: string }[] }[];
    };
    expect(payload.left).toContainEqual(
      expect.objectContaining({ document_number_finance: doc.A1!.documentNumberFinance, why: 'disputed' }),
    );
    expect(payload.payments[0]!.documents).toEqual([
      expect.objectContaining({
        document_number_finance: doc.A2!.documentNumberFinance,
        amount: formatMinorUnits(rest, 2),
      }),
    ]);

    // The payment day: the rest is paid, the disputed amount stays open; the wholly disputed invoice is not touched.
    await runJob(t.app.ctx, 'scheduled-payments');
    const [paid] = await db.select().from(scheduledPayments).where(eq(scheduledPayments.id, planned!.id));
    expect(paid).toMatchObject({ status: 'paid', reason: null });
    const [a2] = await db.select().from(documents).where(eq(documents.id, doc.A2!.id));
    expect(a2).toMatchObject({ documentStatus: '01', openAmount: disputeOf.A2!.amountMinor });
    const [a1] = await db.select().from(documents).where(eq(documents.id, doc.A1!.id));
    expect(a1).toMatchObject({ documentStatus: '01', openAmount: doc.A1!.openAmount });
  });

  it('does not pay a planned invoice disputed since the plan: a person looks at it', async () => {
    const db = t.database.db;
    // The next day's plan: AutoPay plans once a day.
    t.clock.advance(dayMs);
    const today = t.clock.now().toISOString().slice(0, 10);
    await db
      .update(documents)
      .set({ dueDate: addDays(today, 3), reasonCode: '' })
      .where(eq(documents.id, doc.A3!.id));
    await runJob(t.app.ctx, 'autopay');
    const [item] = await db
      .select()
      .from(autopayItems)
      .where(eq(autopayItems.documentKey, keyOf(doc.A3!)));
    expect(item).toMatchObject({ outcome: 'planned' });
    // Raised after the plan, over a part: the plan would pay more than is not disputed.
    await raise('A3', doc.A3!.openAmount / 4n);
    await runJob(t.app.ctx, 'scheduled-payments');
    const [row] = await db.select().from(scheduledPayments).where(eq(scheduledPayments.id, item!.scheduledPaymentId!));
    expect(row).toMatchObject({ status: 'not_paid', reason: 'invoice_held' });
    const [a3] = await db.select().from(documents).where(eq(documents.id, doc.A3!.id));
    expect(a3).toMatchObject({ documentStatus: '01', openAmount: doc.A3!.openAmount });
  });
});

describe('a reminder sent now by a collector', () => {
  it('leaves out an invoice wholly disputed and lists the rest of one disputed in part', async () => {
    const sent = await api('POST', '/api/collections/accounts/100001/reminders', admin, { company_code: '1000' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [latest] = await t.database.db.select().from(reminders).orderBy(desc(reminders.createdAt)).limit(1);
    const listed = new Map(latest!.documents.map((document) => [document.document_key, document.open_amount]));
    expect(listed.has(keyOf(doc.W!))).toBe(false);
    expect(listed.get(keyOf(doc.P!))).toBe(formatMinorUnits(doc.P!.openAmount - disputeOf.P!.amountMinor, 2));
  });
});
