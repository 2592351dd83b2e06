// Issue 39, invoice disputes over the API (ADR 0034): the dispute reasons (defaults, saved, refused); raising one on an
// invoice the user sees, and every refusal (amount, reason, lines, a second open dispute, another customer's invoice,
// another sold-to's, a role that may not, nobody); the lists and the detail as each side sees them; the thread both
// ways with its e-mails in each reader's language; each status and outcome, the assignee, the customer's withdrawal,
// and the resolution being final; the disputes feed and the webhook messages; a short payment with a dispute reason
// opening one by itself; every route's 404 for another customer and 401 for nobody.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputePageSize, paymentDocumentKey, type Dispute, type FeedDisputeEvent } from '@portal/contracts';
import {
  auditEvents,
  disputeAttachments,
  disputeEvents,
  documents,
  invoiceDisputes,
  invoiceItems,
  mailOutbox,
  users,
  webhookMessages,
} from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { renderOutboxMessage } from '../mail/render-outbox-message';
import { bearer, pay, payRequest, saveCard } from '../payments/payments.test-helpers';
import { demoPassword } from '../users/demo-users';
import { insertUser } from '../users/users.repository';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { emailTemplatesMigration, migrationFile } from '../../../scripts/email-templates-migration.mjs';

let t: TestApp;
const logins = ['admin', 'payer', 'soldto', 'thirdparty', 'internal', 'manager', 'ar', 'ar2', 'complainer'] as const;
type Login = (typeof logins)[number];
const token = {} as Record<Login, string>;
const userId = {} as Record<Login, number>;
let feedKey: string;
let otherKey: string;
let endpointId: number;

type Doc = typeof documents.$inferSelect;
/** The invoices the story uses (see beforeAll). */
const doc: Record<string, Doc> = {};
const payerAccount = { customer_number: '0000100001', company_code: '1000' };

async function api(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, who?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return response;
}

function raiseBody(document: Doc, overrides: Record<string, unknown> = {}) {
  return {
    payer_data: payerAccount,
    billing_document_number: document.billingDocumentNumber,
    reason_code: 'DM',
    amount: '10.00',
    comment: 'Two of the ten gears arrived broken.',
    ...overrides,
  };
}

async function raise(who: string, body: Record<string, unknown>) {
  // A minute apart: the lists sort by when a dispute was raised.
  t.clock.advance(60_000);
  return api('POST', '/api/invoice/disputes', who, body);
}

async function raised(who: string, body: Record<string, unknown>): Promise<string> {
  const response = await raise(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function lastMailId(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row?.id ?? 0;
}

async function mailsAfter(id: number) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(gt(mailOutbox.id, id), inArray(mailOutbox.template, ['dispute_opened', 'dispute_message'])))
    .orderBy(asc(mailOutbox.id));
}

const sent = (rows: { recipient: string; template: string; language: string }[]) =>
  rows.map((row) => ({ recipient: row.recipient, template: row.template, language: row.language }));

async function disputeRow(id: string) {
  const [row] = await t.database.db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id));
  return row!;
}

/** The ERP's copy is written after the commit: its status once the built-in ledger has recorded it. */
async function erpStatusOf(id: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { erpStatus } = await disputeRow(id);
    if (erpStatus !== 'pending') return erpStatus;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'pending';
}

async function openDocs(where: Parameters<typeof and>, limit: number): Promise<Doc[]> {
  return t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        eq(documents.currencyKey, 'USD'),
        gt(documents.openAmount, 2_000n),
        sql`${documents.billingDocumentNumber} <> ''`,
        ...where,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(limit);
}

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 1200 });
  const db = t.database.db;
  // The AR team: two users who work on disputes (German and French readers), besides the administrator (English).
  // A customer user who may complain but not pay (CanRaiseDisputes), of the payer's account.
  const link = (primaryAccount: string) => ({
    primaryAccount,
    accountType: 'both',
    companyCode: '1000',
    salesOrganization: '1000',
    distributionChannel: '10',
    division: '00',
  });
  const passwordHash = await hashPassword(demoPassword);
  const person = (login: string, firstName: string, lastName: string) => ({
    login,
    email: login,
    firstName,
    lastName,
    company: '',
    passwordHash,
    status: 'active',
    lastPasswordChange: new Date(),
  });
  await insertUser(
    db,
    {
      ...person('ar@example.com', 'Anna', 'Receivable'),
      userRole: 'internal',
      primaryAccountTypeId: 'Payer',
      permissions: ['CanViewUsers', 'CanManageDisputes'],
    },
    [],
  );
  await insertUser(
    db,
    {
      ...person('ar2@example.com', 'Bruno', 'Créance'),
      userRole: 'internal',
      primaryAccountTypeId: 'Payer',
      permissions: ['CanViewUsers', 'CanManageDisputes'],
    },
    [],
  );
  await insertUser(
    db,
    {
      ...person('complainer@example.com', 'Carla', 'Complainer'),
      userRole: 'user',
      primaryAccountTypeId: 'Payer',
      permissions: ['CanRaiseDisputes'],
    },
    [link('0000100001')],
  );
  for (const login of logins) token[login] = (await signInAs(t.app, `${login}@example.com`)).token;
  for (const row of await db.select({ login: users.login, userId: users.userId }).from(users))
    userId[row.login.replace('@example.com', '') as Login] = row.userId;
  // Each reader's own language (sign-in set them to English).
  const languages: Record<string, string> = { ar: 'de', ar2: 'fr', complainer: 'fr', payer: 'es' };
  for (const [login, language] of Object.entries(languages))
    await db
      .update(users)
      .set({ language })
      .where(eq(users.login, `${login}@example.com`));

  // Invoices of the payer's account not of the sold-to user's sold-to (A to H), one of that sold-to (S), one of the
  // third-party user's account (T), a closed one (closed) and a credit (credit).
  const withItems = await db
    .select({ documentId: invoiceItems.documentId })
    .from(invoiceItems)
    .innerJoin(documents, eq(documents.id, invoiceItems.documentId))
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        ne(documents.soldtoNumber, '0000200001'),
        eq(documents.documentStatus, '01'),
        eq(documents.currencyKey, 'USD'),
        gt(documents.openAmount, 2_000n),
        sql`${documents.billingDocumentNumber} <> ''`,
      ),
    )
    .limit(1);
  const payerDocs = await openDocs(
    [
      eq(documents.payerNumber, '0000100001'),
      eq(documents.companyCode, '1000'),
      ne(documents.soldtoNumber, '0000200001'),
    ],
    40,
  );
  const first = payerDocs.find((row) => row.id === withItems[0]?.documentId) ?? payerDocs[0]!;
  const rest = payerDocs.filter((row) => row.id !== first.id);
  doc.A = first;
  for (const [index, name] of ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'P1', 'P2'].entries()) doc[name] = rest[index]!;
  doc.S = (await openDocs([eq(documents.payerNumber, '0000100001'), eq(documents.soldtoNumber, '0000200001')], 1))[0]!;
  doc.T = (await openDocs([eq(documents.payerNumber, '0000100009')], 1))[0]!;
  const [closed] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        eq(documents.documentStatus, '02'),
        eq(documents.itemIsAPayment, false),
        gt(documents.totalAmount, 0n),
        sql`${documents.billingDocumentNumber} <> ''`,
      ),
    )
    .limit(1);
  doc.closed = closed!;
  const [credit] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        lt(documents.totalAmount, 0n),
        sql`${documents.billingDocumentNumber} <> ''`,
      ),
    )
    .limit(1);
  doc.credit = credit!;
  for (const name of ['A', 'B', 'S', 'T', 'closed', 'credit', 'P2']) expect(doc[name], name).toBeDefined();
  expect(payerDocs.length).toBeGreaterThanOrEqual(10);

  // The supplier's systems: an endpoint subscribed to the disputes' events, a key of the feed's scope and one without.
  const endpoint = await api('POST', '/api/integration/webhooks', token.admin, {
    url: 'https://93.184.215.14/webhooks/portal',
    events: ['dispute.opened', 'dispute.updated', 'dispute.resolved'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  endpointId = (endpoint.json() as { id: number }).id;
  const key = async (scopes: string[]) => {
    const response = await api('POST', '/api/integration/keys', token.admin, { name: scopes.join(' '), scopes });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { key: string }).key;
  };
  feedKey = await key(['disputes:read']);
  otherKey = await key(['payments:read']);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('dispute reasons', () => {
  it("are, until saved, the company code's invoice-payment codes but PP and OP, 14 days each, and OTHER 30", async () => {
    const response = await api('GET', '/api/disputes/reasons?company_code=1000', token.payer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      company_code: '1000',
      configured: false,
      reasons: [
        { reason_code: 'DM', description: 'Damaged goods', target_days: 14 },
        { reason_code: 'PR', description: 'Pricing dispute', target_days: 14 },
        { reason_code: 'SH', description: 'Short shipment', target_days: 14 },
        { reason_code: 'OTHER', description: '', target_days: 30 },
      ],
    });
    expect((await api('GET', '/api/disputes/reasons?company_code=9999', token.payer)).statusCode).toBe(404);
    expect((await api('GET', '/api/disputes/reasons?company_code=1000')).statusCode).toBe(401);
  });

  it('are saved by an administrator, checked (codes of invoice payments of the company code, once each) and audited', async () => {
    const url = '/api/disputes/reasons?company_code=3000';
    const body = {
      reasons: [
        { reason_code: 'SH', target_days: 5 },
        { reason_code: 'DM', target_days: 10 },
      ],
    };
    expect((await api('PUT', url, token.payer, body)).statusCode).toBe(403);
    expect((await api('PUT', url, undefined, body)).statusCode).toBe(401);
    for (const [reasons, key] of [
      [[{ reason_code: 'ZZ', target_days: 5 }], 'validation.disputes.reason_codes'],
      // A deposit's code never stands on an invoice.
      [[{ reason_code: 'DP', target_days: 5 }], 'validation.disputes.reason_codes'],
      [
        [
          { reason_code: 'DM', target_days: 5 },
          { reason_code: 'DM', target_days: 6 },
        ],
        'validation.disputes.reason_codes_duplicate',
      ],
    ] as const) {
      const refused = await api('PUT', url, token.admin, { reasons });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().messageKey).toBe(key);
    }
    expect((await api('PUT', '/api/disputes/reasons?company_code=9999', token.admin, body)).statusCode).toBe(404);
    const saved = await api('PUT', url, token.admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      company_code: '3000',
      configured: true,
      reasons: [
        { reason_code: 'SH', description: 'Short shipment', target_days: 5 },
        { reason_code: 'DM', description: 'Damaged goods', target_days: 10 },
        { reason_code: 'OTHER', description: '', target_days: 30 },
      ],
    });
    expect((await api('GET', url, token.payer)).json()).toEqual(saved.json());
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'dispute_reasons_saved'));
    expect(audit).toMatchObject({ subject: '3000', details: { reasons: ['SH:5', 'DM:10', 'OTHER:30'] } });
    // Company code 1000 keeps its defaults.
    expect((await api('GET', '/api/disputes/reasons?company_code=1000', token.payer)).json().configured).toBe(false);
  });
});

let disputeA: string;

describe('raising a dispute', () => {
  it('opens one on an invoice the user sees, with its lines, and tells the AR team in their languages', async () => {
    const [item] = await t.database.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.documentId, doc.A!.id))
      .orderBy(asc(invoiceItems.itemNumber))
      .limit(1);
    expect(item).toBeDefined();
    const before = await lastMailId();
    const response = await raise(
      token.payer,
      raiseBody(doc.A!, { lines: [{ item_number: item!.itemNumber }], comment: 'Line one\n<b>broken</b> & bent' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, status } = response.json() as { id: string; status: string };
    expect(status).toBe('open');
    disputeA = id;
    const row = await disputeRow(id);
    expect(row).toMatchObject({
      payerNumber: '0000100001',
      companyCode: '1000',
      soldtoNumber: doc.A!.soldtoNumber,
      billingDocumentNumber: doc.A!.billingDocumentNumber,
      documentNumberFinance: doc.A!.documentNumberFinance,
      documentKey: paymentDocumentKey({
        company_code: '1000',
        document_number_finance: doc.A!.documentNumberFinance,
        fiscal_year_of_the_relevant_invoice: doc.A!.fiscalYear,
        line_item_in_the_relevant_invoice: doc.A!.lineItem,
      }),
      amountMinor: 1000n,
      openAmountMinor: doc.A!.openAmount,
      currencyKey: 'USD',
      currencyDecimals: 2,
      reasonCode: 'DM',
      status: 'open',
      outcome: null,
      source: 'portal',
      raisedByUserId: userId.payer,
      // The test clock's day (2026-11-02) and DM's 14 days.
      targetDate: '2026-11-16',
    });
    // Handed to the ERP after the commit: the built-in ledger keeps a copy.
    expect(await erpStatusOf(id)).toBe('recorded');
    expect(row.lines).toEqual([
      expect.objectContaining({ item_number: item!.itemNumber, description: item!.description }),
    ]);
    // Nobody is assigned: every user who works on disputes, each in their language.
    const mails = await mailsAfter(before);
    expect(sent(mails).sort((a, b) => (a.recipient < b.recipient ? -1 : 1))).toEqual([
      { recipient: 'admin@example.com', template: 'dispute_opened', language: 'en' },
      { recipient: 'ar2@example.com', template: 'dispute_opened', language: 'fr' },
      { recipient: 'ar@example.com', template: 'dispute_opened', language: 'de' },
    ]);
    const german = await renderOutboxMessage(
      t.app.ctx,
      mails.find((mail) => mail.language === 'de')!,
    );
    expect(german.subject).toBe(
      `Neue Reklamation D-${row.reference} zur Rechnung ${doc.A!.billingDocumentNumber.replace(/^0+/, '')}`,
    );
    // The comment as typed: escaped, its line break kept.
    expect(german.html).toContain('Line one<br>&lt;b&gt;broken&lt;/b&gt; &amp; bent');
    expect(german.html).toContain(`http://localhost:3000/disputes/${id}`);
    expect(german.html).toContain('Damaged goods');
    expect(german.html).toMatch(/10,00\s\$/);
    const [event] = await t.database.db.select().from(disputeEvents).where(eq(disputeEvents.disputeId, id));
    expect(event).toMatchObject({ type: 'dispute.opened', messageId: `msg_dispute_${id}_1` });
    const webhooks = await t.database.db
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.endpointId, endpointId), eq(webhookMessages.messageId, `msg_dispute_${id}_1`)));
    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]!.eventType).toBe('dispute.opened');
    expect(webhooks[0]!.payload).toMatchObject({
      type: 'dispute.opened',
      data: { id, status: 'open', amount: '10.00', currency: 'USD', reason_code: 'DM', payer_number: '0000100001' },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'dispute_raised'), sql`${auditEvents.details}->>'dispute_id' = ${id}`));
    expect(audit).toMatchObject({ userId: userId.payer, subject: '0000100001' });
  });

  it('refuses an amount over the open amount, of none, or with more decimals than the currency has', async () => {
    const over = (doc.B!.openAmount + 1n).toString();
    for (const amount of [`${over.slice(0, -2)}.${over.slice(-2)}`, '0.00', '1.001']) {
      const response = await raise(token.payer, raiseBody(doc.B!, { amount }));
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().messageKey).toBe('validation.disputes.amount');
    }
  });

  it('refuses a reason that is not a dispute reason of the company code, and lines not of the invoice', async () => {
    for (const reason_code of ['ZZ', 'PP', 'OP', 'DP']) {
      const response = await raise(token.payer, raiseBody(doc.B!, { reason_code }));
      expect(response.statusCode, reason_code).toBe(400);
      expect(response.json().messageKey).toBe('validation.disputes.reason');
    }
    const lines = await raise(token.payer, raiseBody(doc.B!, { lines: [{ item_number: '999999' }] }));
    expect(lines.statusCode).toBe(400);
    expect(lines.json().messageKey).toBe('validation.disputes.lines');
  });

  it('refuses a closed invoice: nothing is left to dispute', async () => {
    const response = await raise(token.payer, raiseBody(doc.closed!));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().messageKey).toBe('validation.disputes.not_open');
  });

  it('refuses a second open dispute on the invoice, naming the first', async () => {
    const response = await raise(token.complainer, raiseBody(doc.A!, { reason_code: 'OTHER' }));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CONFLICT',
      messageKey: 'validation.disputes.already_open',
      details: { dispute_id: disputeA },
    });
  });

  it("answers another customer's invoice, and another sold-to's, exactly as a number that does not exist", async () => {
    const shape = (response: { statusCode: number; json: () => Record<string, unknown> }) => {
      const { uniqueId: _uniqueId, ...body } = response.json();
      return { status: response.statusCode, body };
    };
    const unknown = shape(await raise(token.payer, raiseBody(doc.B!, { billing_document_number: '9999999999' })));
    expect(unknown.status).toBe(404);
    // The third party's invoice under the payer's account, and under the third party's account.
    expect(shape(await raise(token.payer, raiseBody(doc.T!)))).toEqual(unknown);
    expect(
      shape(
        await raise(
          token.payer,
          raiseBody(doc.T!, { payer_data: { customer_number: '0000100009', company_code: '1000' } }),
        ),
      ),
    ).toEqual(unknown);
    // The sold-to user: an invoice of the payer's other sold-to.
    const soldTo = { payer_data: { customer_number: '0000200001', company_code: '1000' } };
    expect(shape(await raise(token.soldto, raiseBody(doc.B!, soldTo)))).toEqual(unknown);
    expect(shape(await raise(token.soldto, raiseBody(doc.B!)))).toEqual(unknown);
    expect(await t.database.db.select().from(invoiceDisputes)).toHaveLength(1);
  });

  it('refuses a role that may neither pay nor raise disputes (403), and nobody (401)', async () => {
    const internal = await raise(token.internal, raiseBody(doc.B!));
    expect(internal.statusCode, internal.body).toBe(403);
    expect(internal.json().error).toBe('FORBIDDEN');
    expect((await raise(token.ar, raiseBody(doc.B!))).statusCode).toBe(403);
    expect((await api('POST', '/api/invoice/disputes', undefined, raiseBody(doc.B!))).statusCode).toBe(401);
  });

  it("lets the sold-to user dispute its sold-to's invoice, and a user who may complain but not pay", async () => {
    const soldTo = await raised(
      token.soldto,
      raiseBody(doc.S!, { payer_data: { customer_number: '0000200001', company_code: '1000' }, reason_code: 'SH' }),
    );
    expect(await disputeRow(soldTo)).toMatchObject({ soldtoNumber: '0000200001', targetDate: '2026-11-16' });
    const complained = await raised(token.complainer, raiseBody(doc.B!, { reason_code: 'OTHER', amount: '25.5' }));
    expect(await disputeRow(complained)).toMatchObject({
      raisedByUserId: userId.complainer,
      amountMinor: 2550n,
      reasonCode: 'OTHER',
      targetDate: '2026-12-02',
    });
  });
});

describe('reading disputes', () => {
  it("lists the AR team's every one, a customer's those of the invoices it sees, newest first", async () => {
    const admin = await api('GET', '/api/disputes', token.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    const all = admin.json().disputes as { id: string; soldto_number: string; created_at: string }[];
    expect(all).toHaveLength(3);
    expect(all.at(-1)!.id).toBe(disputeA);
    const payer = (await api('GET', '/api/disputes', token.payer)).json().disputes as { id: string }[];
    expect(payer.map((dispute) => dispute.id)).toEqual(all.map((dispute) => dispute.id));
    const soldto = (await api('GET', '/api/disputes', token.soldto)).json().disputes as { soldto_number: string }[];
    expect(soldto.map((dispute) => dispute.soldto_number)).toEqual(['0000200001']);
    expect((await api('GET', '/api/disputes', token.thirdparty)).json()).toEqual({ disputes: [], next: null });
    expect((await api('GET', '/api/disputes')).statusCode).toBe(401);
    const [summary] = (
      await api(
        'GET',
        `/api/disputes?billing_document_number=${doc.A!.billingDocumentNumber.replace(/^0+/, '')}`,
        token.payer,
      )
    ).json().disputes;
    expect(summary).toMatchObject({
      id: disputeA,
      reference: expect.stringMatching(/^D-\d+$/),
      payer_data: payerAccount,
      billing_document_number: doc.A!.billingDocumentNumber,
      reason_code: 'DM',
      reason_description: 'Damaged goods',
      amount: '10.00',
      currency_key: 'USD',
      currency_decimals: 2,
      status: 'open',
      outcome: null,
      assignee: null,
      raised_by: 'Pat Payer',
      source: 'portal',
      target_date: '2026-11-16',
      late: false,
      age_days: 0,
    });
    // Another customer's invoice number lists nothing, like one that does not exist.
    expect(
      (
        await api('GET', `/api/disputes?billing_document_number=${doc.A!.billingDocumentNumber}`, token.thirdparty)
      ).json(),
    ).toEqual({ disputes: [], next: null });
  });

  it('filters by status, reason, company code, assignee, age and lateness, and pages by a cursor', async () => {
    const db = t.database.db;
    // 55 disputes of a company code of their own, one a day back from today, the first 3 late.
    const now = t.clock.now();
    await db.insert(invoiceDisputes).values(
      Array.from({ length: disputePageSize + 5 }, (_, index) => ({
        id: randomUUID(),
        payerNumber: '0000100001',
        payerName: 'Paging',
        companyCode: 'PG01',
        soldtoNumber: '0000200002',
        billingDocumentNumber: `77${String(index).padStart(6, '0')}`,
        documentNumberFinance: `88${String(index).padStart(6, '0')}`,
        fiscalYear: '2026',
        lineItem: '001',
        documentKey: `PG01|88${index}|2026|001`,
        currencyKey: 'USD',
        currencyDecimals: 2,
        amountMinor: 100n,
        openAmountMinor: 100n,
        reasonCode: index % 2 === 0 ? 'DM' : 'SH',
        status: 'open' as const,
        source: 'portal' as const,
        targetDate: index < 3 ? '2026-11-01' : '2026-12-31',
        erpStatus: 'pending' as const,
        createdAt: new Date(now.getTime() - index * 86_400_000),
        updatedAt: now,
      })),
    );
    const list = async (query: string) => {
      const response = await api('GET', `/api/disputes?company_code=PG01${query}`, token.admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { disputes: { id: string; age_days: number; late: boolean }[]; next: string | null };
    };
    const first = await list('');
    expect(first.disputes).toHaveLength(disputePageSize);
    expect(first.next).not.toBeNull();
    const second = await list(`&after=${first.next}`);
    expect(second.disputes).toHaveLength(5);
    expect(second.next).toBeNull();
    const ages = [...first.disputes, ...second.disputes].map((dispute) => dispute.age_days);
    expect(ages).toEqual(Array.from({ length: disputePageSize + 5 }, (_, index) => index));
    expect((await list('&late=true')).disputes.map((dispute) => dispute.age_days)).toEqual([0, 1, 2]);
    expect((await list('&age=0-7')).disputes.map((dispute) => dispute.age_days)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await list('&age=8-30')).disputes).toHaveLength(23);
    expect((await list('&age=31%2B')).disputes).toHaveLength(disputePageSize + 5 - 31);
    expect((await list('&reason_code=SH')).disputes).toHaveLength(27);
    expect((await list('&status=in_review')).disputes).toHaveLength(0);
    expect((await list('&assignee=none')).disputes).toHaveLength(disputePageSize);
    expect((await list(`&assignee=${userId.ar}`)).disputes).toHaveLength(0);
    const bad = await api('GET', '/api/disputes?after=bm90LWEtY3Vyc29y', token.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageKey).toBe('validation.disputes.cursor');
    // A customer sees none of them: none of its accounts is in that company code.
    expect((await api('GET', '/api/disputes?company_code=PG01', token.payer)).json().disputes).toHaveLength(0);
    await db.delete(invoiceDisputes).where(eq(invoiceDisputes.companyCode, 'PG01'));
  });

  it('shows one dispute with its thread, attachments and what the reader may do; 404 to whoever may not see it', async () => {
    await t.database.db.insert(disputeAttachments).values({
      id: randomUUID(),
      disputeId: disputeA,
      fileName: 'photo.png',
      contentType: 'image/png',
      sizeBytes: 4,
      sha256: 'x',
      content: Buffer.from([1, 2, 3, 4]),
      side: 'customer',
      uploadedByUserId: userId.payer,
      uploadedByName: 'Pat Payer',
      createdAt: t.clock.now(),
    });
    const payer = await api('GET', `/api/disputes/${disputeA}`, token.payer);
    expect(payer.statusCode, payer.body).toBe(200);
    const dispute = payer.json() as Dispute;
    expect(dispute).toMatchObject({
      id: disputeA,
      open_amount: (Number(doc.A!.openAmount) / 100).toFixed(2),
      credit_note: null,
      erp_status: 'recorded',
      can: { message: true, withdraw: true, manage: false, attach: true },
      attachments: [
        { file_name: 'photo.png', content_type: 'image/png', size: 4, side: 'customer', uploaded_by: 'Pat Payer' },
      ],
    });
    expect(dispute.lines).toHaveLength(1);
    expect(dispute.thread).toEqual([
      expect.objectContaining({
        kind: 'raised',
        side: 'customer',
        author: 'Pat Payer',
        body: 'Line one\n<b>broken</b> & bent',
        status: 'open',
      }),
    ]);
    expect(JSON.stringify(dispute)).not.toContain('"content":');
    const admin = (await api('GET', `/api/disputes/${disputeA}`, token.admin)).json() as Dispute;
    expect(admin.can).toEqual({ message: true, withdraw: false, manage: true, attach: true });
    const unknown = await api('GET', `/api/disputes/${randomUUID()}`, token.payer);
    expect(unknown.statusCode).toBe(404);
    for (const who of [token.thirdparty, token.soldto]) {
      const refused = await api('GET', `/api/disputes/${disputeA}`, who);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().messageKey).toBe(unknown.json().messageKey);
    }
    expect((await api('GET', `/api/disputes/${disputeA}`)).statusCode).toBe(401);
  });
});

describe('the thread, the status and the assignee', () => {
  it("e-mails a customer's message to every user who works on disputes while nobody is assigned", async () => {
    const before = await lastMailId();
    const response = await api('POST', `/api/disputes/${disputeA}/messages`, token.payer, {
      body: '  Photos attached.\nPlease call me.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'message',
      side: 'customer',
      author: 'Pat Payer',
      body: 'Photos attached.\nPlease call me.',
    });
    expect(
      sent(await mailsAfter(before))
        .map((mail) => mail.recipient)
        .sort(),
    ).toEqual(['admin@example.com', 'ar2@example.com', 'ar@example.com']);
  });

  it('gives the dispute to a user who works on disputes, who is told; a customer may not', async () => {
    const refused = await api('PATCH', `/api/disputes/${disputeA}`, token.admin, { assignee: userId.payer });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messageKey).toBe('validation.disputes.assignee');
    const customer = await api('PATCH', `/api/disputes/${disputeA}`, token.payer, { assignee: userId.ar });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().messageKey).toBe('validation.disputes.manage_only');
    const before = await lastMailId();
    const response = await api('PATCH', `/api/disputes/${disputeA}`, token.admin, {
      assignee: userId.ar,
      comment: 'Anna, please check the photos.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const dispute = response.json() as Dispute;
    expect(dispute.assignee).toEqual({ user_id: userId.ar, name: 'Anna Receivable' });
    expect(dispute.thread.at(-1)).toMatchObject({
      kind: 'assignment',
      side: 'supplier',
      author: 'Alex Admin',
      assignee: 'Anna Receivable',
      body: 'Anna, please check the photos.',
    });
    expect(sent(await mailsAfter(before))).toEqual([
      { recipient: 'ar@example.com', template: 'dispute_message', language: 'de' },
    ]);
    const [event] = await t.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.messageId, `msg_dispute_${disputeA}_2`));
    expect(event).toMatchObject({ type: 'dispute.updated' });
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'dispute_assigned'));
    expect(audit).toMatchObject({ userId: userId.admin, details: { dispute_id: disputeA, to: userId.ar } });
    const assigned = await api('GET', `/api/disputes?assignee=${userId.ar}`, token.admin);
    expect(assigned.json().disputes.map((row: { id: string }) => row.id)).toEqual([disputeA]);
  });

  it('e-mails the next customer message to the assignee only, and the AR message to the customer users in theirs', async () => {
    let before = await lastMailId();
    expect(
      (await api('POST', `/api/disputes/${disputeA}/messages`, token.complainer, { body: 'Any news?' })).statusCode,
    ).toBe(201);
    expect(sent(await mailsAfter(before))).toEqual([
      { recipient: 'ar@example.com', template: 'dispute_message', language: 'de' },
    ]);
    before = await lastMailId();
    const reply = await api('POST', `/api/disputes/${disputeA}/messages`, token.ar, { body: 'We are on it <3' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ side: 'supplier', author: 'Anna Receivable', body: 'We are on it <3' });
    // The invoice's customer users: the payer and the user who may complain, not the sold-to user of another sold-to,
    // not the staff linked to the account (manager, internal), nor another customer.
    const mails = await mailsAfter(before);
    expect(sent(mails).sort((a, b) => (a.recipient < b.recipient ? -1 : 1))).toEqual([
      { recipient: 'complainer@example.com', template: 'dispute_message', language: 'fr' },
      { recipient: 'payer@example.com', template: 'dispute_message', language: 'es' },
    ]);
    const spanish = await renderOutboxMessage(
      t.app.ctx,
      mails.find((mail) => mail.language === 'es')!,
    );
    expect(spanish.html).toContain('Anna Receivable escribió:');
    expect(spanish.html).toContain('We are on it &lt;3');
    expect(spanish.text).toContain('We are on it <3');
  });

  it('refuses changes a side may not make', async () => {
    const patch = (who: string, body: Record<string, unknown>) => api('PATCH', `/api/disputes/${disputeA}`, who, body);
    for (const [who, body, key] of [
      [token.admin, { status: 'withdrawn' }, 'validation.disputes.status'],
      [token.admin, { status: 'open' }, 'validation.disputes.nothing_to_change'],
      [token.admin, { status: 'resolved' }, 'validation.disputes.outcome'],
      [token.admin, { status: 'resolved', outcome: 'withdrawn' }, 'validation.disputes.outcome'],
      [token.admin, { status: 'in_review', outcome: 'paid' }, 'validation.disputes.outcome'],
      [
        token.admin,
        { status: 'resolved', outcome: 'rejected', credit_note_number: '123' },
        'validation.disputes.credit_note',
      ],
      [token.admin, { comment: 'Nothing else' }, 'validation.disputes.nothing_to_change'],
      [token.payer, { status: 'in_review' }, 'validation.disputes.manage_only'],
      [token.payer, { status: 'resolved', outcome: 'paid' }, 'validation.disputes.manage_only'],
      [token.payer, { status: 'withdrawn', outcome: 'paid' }, 'validation.disputes.outcome'],
      [token.payer, { credit_note_number: '1' }, 'validation.disputes.manage_only'],
    ] as const) {
      const response = await patch(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().messageKey, JSON.stringify(body)).toBe(key);
    }
    expect((await patch(token.thirdparty, { status: 'withdrawn' })).statusCode).toBe(404);
    expect((await patch(token.soldto, { status: 'withdrawn' })).statusCode).toBe(404);
    expect((await api('PATCH', `/api/disputes/${randomUUID()}`, token.admin, { status: 'in_review' })).statusCode).toBe(
      404,
    );
    expect((await api('PATCH', `/api/disputes/${disputeA}`, undefined, { status: 'in_review' })).statusCode).toBe(401);
    for (const who of [token.thirdparty, token.soldto])
      expect((await api('POST', `/api/disputes/${disputeA}/messages`, who, { body: 'Hi' })).statusCode).toBe(404);
    expect((await api('POST', `/api/disputes/${disputeA}/messages`, undefined, { body: 'Hi' })).statusCode).toBe(401);
    expect((await disputeRow(disputeA)).status).toBe('open');
  });

  it('puts it in review, then resolves it with a credit note the ledger has: final from then on', async () => {
    let before = await lastMailId();
    const review = await api('PATCH', `/api/disputes/${disputeA}`, token.ar, {
      status: 'in_review',
      comment: 'Checking with the warehouse.',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().thread.at(-1)).toMatchObject({
      kind: 'status',
      status: 'in_review',
      body: 'Checking with the warehouse.',
    });
    const mails = await mailsAfter(before);
    expect(
      sent(mails)
        .map((mail) => mail.recipient)
        .sort(),
    ).toEqual(['complainer@example.com', 'payer@example.com']);
    const french = await renderOutboxMessage(
      t.app.ctx,
      mails.find((mail) => mail.language === 'fr')!,
    );
    expect(french.html).toContain('« en examen »');

    before = await lastMailId();
    const resolved = await api('PATCH', `/api/disputes/${disputeA}`, token.ar, {
      status: 'resolved',
      outcome: 'credit_issued',
      credit_note_number: doc.credit!.billingDocumentNumber,
      comment: 'Credit note issued for the broken gears.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      outcome: 'credit_issued',
      credit_note: { number: doc.credit!.billingDocumentNumber, found: true },
      can: { message: false, withdraw: false, manage: false },
    });
    expect((await disputeRow(disputeA)).resolvedAt).not.toBeNull();
    expect(
      sent(await mailsAfter(before))
        .map((mail) => mail.recipient)
        .sort(),
    ).toEqual(['complainer@example.com', 'payer@example.com']);
    const events = await t.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, disputeA))
      .orderBy(asc(disputeEvents.cursor));
    expect(events.map((event) => event.type)).toEqual([
      'dispute.opened',
      'dispute.updated',
      'dispute.updated',
      'dispute.resolved',
    ]);
    expect(events.at(-1)!.data).toMatchObject({
      status: 'resolved',
      outcome: 'credit_issued',
      credit_note_number: doc.credit!.billingDocumentNumber,
    });

    // Final: no change, no message; a new complaint is a new dispute.
    for (const response of [
      await api('PATCH', `/api/disputes/${disputeA}`, token.ar, { status: 'in_review' }),
      await api('PATCH', `/api/disputes/${disputeA}`, token.payer, { status: 'withdrawn' }),
      await api('POST', `/api/disputes/${disputeA}/messages`, token.payer, { body: 'Thanks' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().messageKey).toBe('validation.disputes.final');
    }
    const again = await raised(token.payer, raiseBody(doc.A!, { reason_code: 'PR', amount: '5.00' }));
    expect(again).not.toBe(disputeA);
  });

  it('resolves with the outcomes rejected and paid, and a credit note the ledger does not have yet', async () => {
    for (const [name, outcome] of [
      ['C', 'rejected'],
      ['D', 'paid'],
    ] as const) {
      const id = await raised(token.payer, raiseBody(doc[name]!));
      const response = await api('PATCH', `/api/disputes/${id}`, token.admin, { status: 'resolved', outcome });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'resolved', outcome, credit_note: null });
    }
    const id = await raised(token.payer, raiseBody(doc.E!));
    const response = await api('PATCH', `/api/disputes/${id}`, token.admin, {
      status: 'resolved',
      outcome: 'credit_issued',
      credit_note_number: '0099999999',
    });
    expect(response.json().credit_note).toEqual({ number: '0099999999', found: false });
  });

  it('lets the customer withdraw a dispute open or in review, telling the AR side', async () => {
    const id = await raised(token.complainer, raiseBody(doc.F!));
    expect((await api('PATCH', `/api/disputes/${id}`, token.admin, { assignee: userId.ar2 })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/disputes/${id}`, token.admin, { status: 'in_review' })).statusCode).toBe(200);
    const before = await lastMailId();
    const response = await api('PATCH', `/api/disputes/${id}`, token.payer, {
      status: 'withdrawn',
      comment: 'Sorted out with the driver.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'withdrawn', outcome: 'withdrawn' });
    expect(response.json().thread.at(-1)).toMatchObject({
      kind: 'status',
      side: 'customer',
      status: 'withdrawn',
      outcome: 'withdrawn',
    });
    const mails = await mailsAfter(before);
    expect(sent(mails)).toEqual([{ recipient: 'ar2@example.com', template: 'dispute_message', language: 'fr' }]);
    expect((await renderOutboxMessage(t.app.ctx, mails[0]!)).html).toContain('Pat Payer a retiré la contestation.');
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'dispute_withdrawn'));
    expect(audit).toMatchObject({
      userId: userId.payer,
      details: { dispute_id: id, from: 'in_review', to: 'withdrawn' },
    });
    const [event] = await t.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, id))
      .orderBy(desc(disputeEvents.cursor))
      .limit(1);
    expect(event).toMatchObject({ type: 'dispute.resolved', data: { status: 'withdrawn', outcome: 'withdrawn' } });
  });

  it('lists the assignees to the AR team only', async () => {
    const response = await api('GET', '/api/disputes/assignees', token.ar);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assignees).toEqual([
      { user_id: userId.admin, name: 'Alex Admin' },
      { user_id: userId.ar2, name: 'Bruno Créance' },
      { user_id: userId.ar, name: 'Anna Receivable' },
    ]);
    expect((await api('GET', '/api/disputes/assignees', token.payer)).statusCode).toBe(403);
    expect((await api('GET', '/api/disputes/assignees')).statusCode).toBe(401);
  });
});

describe('a short payment with a dispute reason', () => {
  it('opens a dispute for the rest, raised by the payer; a reason that is no dispute reason opens none', async () => {
    const card = await saveCard(t.app, token.payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
    const invoices = [doc.P1!, doc.P2!].map((document) => ({ ...document }));
    const before = await lastMailId();
    const paid = await pay(
      t.app,
      token.payer,
      payRequest(invoices, {
        cardToken: card,
        amounts: [invoices[0]!.openAmount - 1234n, invoices[1]!.openAmount - 500n],
        reasons: ['DM', 'PP'],
        comments: ['Three crates arrived damaged.', ''],
      }),
    );
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    const opened = await t.database.db.select().from(invoiceDisputes).where(eq(invoiceDisputes.source, 'payment'));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      billingDocumentNumber: doc.P1!.billingDocumentNumber,
      documentNumberFinance: doc.P1!.documentNumberFinance,
      fiscalYear: doc.P1!.fiscalYear,
      lineItem: doc.P1!.lineItem,
      soldtoNumber: doc.P1!.soldtoNumber,
      amountMinor: 1234n,
      openAmountMinor: 1234n,
      reasonCode: 'DM',
      status: 'open',
      raisedByUserId: userId.payer,
      targetDate: '2026-11-16',
    });
    expect(await erpStatusOf(opened[0]!.id)).toBe('recorded');
    expect(opened[0]!.payerName).not.toBe('');
    const detail = (await api('GET', `/api/disputes/${opened[0]!.id}`, token.payer)).json() as Dispute;
    expect(detail).toMatchObject({ source: 'payment', raised_by: 'Pat Payer', amount: '12.34' });
    expect(detail.thread[0]).toMatchObject({ kind: 'raised', body: 'Three crates arrived damaged.' });
    expect(sent(await mailsAfter(before)).map((mail) => mail.template)).toEqual([
      'dispute_opened',
      'dispute_opened',
      'dispute_opened',
    ]);
    const [event] = await t.database.db.select().from(disputeEvents).where(eq(disputeEvents.disputeId, opened[0]!.id));
    expect(event).toMatchObject({ type: 'dispute.opened' });
    // The invoice has its dispute now: the portal refuses a second one.
    expect((await raise(token.payer, raiseBody(doc.P1!))).statusCode).toBe(409);
  });
});

describe('the disputes feed', () => {
  it('gives every event in order after the cursor, with the webhook id each was sent with', async () => {
    const read = async (who: string, query = '') => api('GET', `/api/ledger/disputes${query}`, who);
    const items: FeedDisputeEvent[] = [];
    let cursor = '';
    for (;;) {
      const page = await read(feedKey, `?limit=4${cursor ? `&after=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as { items: FeedDisputeEvent[]; next: string };
      items.push(...body.items);
      if (body.items.length === 0) break;
      cursor = body.next;
    }
    const events = await t.database.db.select().from(disputeEvents).orderBy(asc(disputeEvents.cursor));
    expect(items.map((item) => item.id)).toEqual(events.map((event) => event.messageId));
    expect(items.map((item) => Number(item.cursor))).toEqual(
      [...items.map((item) => Number(item.cursor))].sort((a, b) => a - b),
    );
    expect(items[0]).toMatchObject({
      type: 'dispute.opened',
      dispute: { id: disputeA, company_code: '1000', reason_code: 'DM', amount: '10.00', status: 'open' },
    });
    // Each event went to the subscribed endpoint once, under the same id.
    const messages = await t.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.endpointId, endpointId))
      .orderBy(asc(webhookMessages.id));
    expect(messages.map((message) => message.messageId)).toEqual(items.map((item) => item.id));
    expect(messages.map((message) => message.eventType)).toEqual(items.map((item) => item.type));
    expect((await read(feedKey, `?after=${cursor}`)).json()).toEqual({ items: [], next: cursor });
    expect((await read(token.admin, '?limit=1')).statusCode).toBe(200);
    expect((await read(otherKey)).statusCode).toBe(403);
    expect((await read(token.payer)).statusCode).toBe(403);
    expect((await api('GET', '/api/ledger/disputes')).statusCode).toBe(401);
  });
});

// A database migrated before issue 39 gets the two templates from 0024, word for word as 0009 seeds a new one.
describe('the dispute e-mails of databases migrated before them', () => {
  it('are what 0024 adds, in the 8 languages', () => {
    const templatesOf = (text: string) =>
      text
        .split('\n')
        .filter((line) =>
          /^INSERT INTO "portal"\."email_templates" .* VALUES \('dispute_(opened|message)', /.test(line),
        );
    const migration = readFileSync(path.join(path.dirname(migrationFile), '0024_dispute_emails.sql'), 'utf8');
    expect(templatesOf(emailTemplatesMigration())).toHaveLength(16);
    expect(templatesOf(migration)).toEqual(templatesOf(emailTemplatesMigration()));
    expect(migration).toContain(
      `INSERT INTO "portal"."email_types" ("key") VALUES ('dispute_opened'), ('dispute_message') ON CONFLICT DO NOTHING;`,
    );
  });
});
