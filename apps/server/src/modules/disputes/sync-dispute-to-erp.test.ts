// Issue 39 (ADR 0034): a dispute's copy in the ERP. The portal's ERP is the built-in ledger behind a switch that plays
// an ERP without dispute cases, one that answers not_implemented, and one that fails; with TEST_ERP=http the portal
// reaches it over the contract (the reference service answers 501 and 500 for those), so both connectors are covered.
import { randomUUID } from 'node:crypto';
import { disputeCommentMaxLength, paymentDocumentKey } from '@portal/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DisputeCaseRequest, ErpConnector } from '../../connectors/erp/erp-connector';
import { createLedgerConnector } from '../../connectors/erp/ledger/ledger-connector';
import { currencies, disputeCases, documents } from '../../connectors/erp/ledger/ledger.schema';
import { disputeMessages, invoiceDisputes } from '../../db/portal.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { retryDisputeSync, syncDisputeToErp } from './sync-dispute-to-erp';

type Mode = 'ledger' | 'absent' | 'not_implemented' | 'failing';
type Document = typeof documents.$inferSelect;

let t: TestApp;
let mode: Mode = 'ledger';
/** What reached the ERP's recordDisputeCase (over the wire with TEST_ERP=http). */
const received: DisputeCaseRequest[] = [];
/** Runs while the ERP records a case (a change committed meanwhile). */
let during: (() => Promise<void>) | undefined;
let unused: Document[] = [];

function switchableErp(db: TestApp['database']['db'], now: () => Date): ErpConnector {
  const ledger = createLedgerConnector(db, { now });
  const erp: ErpConnector = { ...ledger };
  // Read at each call by the portal and by the reference service: absent is an ERP without the operation.
  Object.defineProperty(erp, 'recordDisputeCase', {
    enumerable: true,
    get: () =>
      mode === 'absent'
        ? undefined
        : async (request: DisputeCaseRequest) => {
            received.push(request);
            await during?.();
            if (mode === 'not_implemented') return { outcome: 'not_implemented' } as const;
            if (mode === 'failing') throw new Error(`dispute store down for payer ${request.payer_number}`);
            return ledger.recordDisputeCase!(request);
          },
  });
  return erp;
}

beforeAll(async () => {
  // LOG_LEVEL warn: the sync's own log lines (stdout) are looked at.
  t = await createTestApp({
    ledgerDocuments: 300,
    demoUsers: false,
    erp: switchableErp,
    settings: { LOG_LEVEL: 'warn' },
  });
  unused = await t.database.db
    .select()
    .from(documents)
    .where(
      and(
        sql`${documents.documentStatus} = '01' AND NOT ${documents.itemIsAPayment}`,
        gt(documents.openAmount, 0n),
        sql`${documents.billingDocumentNumber} <> ''`,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(30);
});
afterAll(async () => {
  await t?.close();
});

/** A dispute on an open invoice of the seeded ledger no other test uses, with its thread's entries. */
async function insertDispute(entries: { kind: 'raised' | 'message' | 'status' | 'assignment'; body: string }[]) {
  const invoice = unused.shift()!;
  const [currency] = await t.database.db
    .select()
    .from(currencies)
    .where(eq(currencies.currencyKey, invoice.currencyKey));
  const id = randomUUID();
  const now = t.clock.now();
  await t.database.db.insert(invoiceDisputes).values({
    id,
    payerNumber: invoice.payerNumber,
    payerName: 'Payer',
    companyCode: invoice.companyCode,
    soldtoNumber: invoice.soldtoNumber,
    billingDocumentNumber: invoice.billingDocumentNumber,
    documentNumberFinance: invoice.documentNumberFinance,
    fiscalYear: invoice.fiscalYear,
    lineItem: invoice.lineItem,
    documentKey: paymentDocumentKey({
      company_code: invoice.companyCode,
      document_number_finance: invoice.documentNumberFinance,
      fiscal_year_of_the_relevant_invoice: invoice.fiscalYear,
      line_item_in_the_relevant_invoice: invoice.lineItem,
    }),
    currencyKey: invoice.currencyKey,
    currencyDecimals: currency!.decimals,
    amountMinor: invoice.openAmount,
    openAmountMinor: invoice.openAmount,
    reasonCode: 'OTHER',
    status: 'open',
    source: 'portal',
    targetDate: '2026-12-02',
    erpStatus: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  for (const entry of entries) {
    await t.database.db.insert(disputeMessages).values({
      disputeId: id,
      kind: entry.kind,
      side: 'customer',
      authorName: 'A Customer',
      body: entry.body,
      createdAt: now,
    });
  }
  return { id, invoice };
}

async function disputeOf(id: string) {
  const [row] = await t.database.db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id));
  return row!;
}

async function caseOf(id: string) {
  const [row] = await t.database.db.select().from(disputeCases).where(eq(disputeCases.disputeId, id));
  return row;
}

describe('syncDisputeToErp', () => {
  it("records the dispute as the ERP's case, with the thread's newest text, and keeps the case id", async () => {
    mode = 'ledger';
    const { id, invoice } = await insertDispute([
      { kind: 'raised', body: 'The goods arrived damaged.' },
      { kind: 'message', body: 'Photos are attached.' },
      { kind: 'assignment', body: '' },
    ]);
    await syncDisputeToErp(t.app.ctx, id);
    const dispute = await disputeOf(id);
    expect(dispute).toMatchObject({ erpStatus: 'recorded', erpCaseId: expect.stringMatching(/^DC\d{10}$/) });
    expect(received.at(-1)).toMatchObject({
      dispute_id: id,
      company_code: invoice.companyCode,
      payer_number: invoice.payerNumber,
      billing_document_number: invoice.billingDocumentNumber,
      document_number_finance: invoice.documentNumberFinance,
      reason_code: 'OTHER',
      currency: invoice.currencyKey,
      status: 'open',
      outcome: '',
      comment: 'Photos are attached.',
    });
    expect(await caseOf(id)).toMatchObject({
      caseId: dispute.erpCaseId,
      amountMinor: invoice.openAmount,
      status: 'open',
    });
  });

  it('sends a change to the same case, and cuts a comment to the contract’s limit', async () => {
    mode = 'ledger';
    const { id } = await insertDispute([{ kind: 'raised', body: 'Wrong price.' }]);
    await syncDisputeToErp(t.app.ctx, id);
    const caseId = (await disputeOf(id)).erpCaseId;
    t.clock.advance(60_000);
    await t.database.db
      .update(invoiceDisputes)
      .set({ status: 'resolved', outcome: 'credit_issued', creditNoteNumber: '0090009999', updatedAt: t.clock.now() })
      .where(eq(invoiceDisputes.id, id));
    await t.database.db.insert(disputeMessages).values({
      disputeId: id,
      kind: 'status',
      side: 'supplier',
      authorName: 'AR Team',
      body: `${'x'.repeat(disputeCommentMaxLength - 1)}😀 and more`,
      status: 'resolved',
      outcome: 'credit_issued',
      createdAt: t.clock.now(),
    });
    await syncDisputeToErp(t.app.ctx, id);
    expect(await disputeOf(id)).toMatchObject({ erpStatus: 'recorded', erpCaseId: caseId });
    expect(await caseOf(id)).toMatchObject({ caseId, status: 'resolved', outcome: 'credit_issued' });
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ status: 'resolved', outcome: 'credit_issued', credit_note_number: '0090009999' });
    // Never half of the emoji's surrogate pair.
    expect(sent.comment).toBe('x'.repeat(disputeCommentMaxLength - 1));
  });

  it('marks the dispute not_supported, throwing nothing, where the ERP keeps no dispute cases (501)', async () => {
    for (const way of ['absent', 'not_implemented'] as const) {
      mode = way;
      const { id } = await insertDispute([{ kind: 'raised', body: 'Never ordered.' }]);
      await expect(syncDisputeToErp(t.app.ctx, id)).resolves.toBeUndefined();
      expect(await disputeOf(id), way).toMatchObject({ erpStatus: 'not_supported', erpCaseId: '' });
      expect(await caseOf(id)).toBeUndefined();
    }
    mode = 'ledger';
  });

  it('marks the dispute failed on any other error, throwing nothing, logged without customer data', async () => {
    mode = 'failing';
    const { id, invoice } = await insertDispute([{ kind: 'raised', body: 'Charged twice.' }]);
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await expect(syncDisputeToErp(t.app.ctx, id)).resolves.toBeUndefined();
    } finally {
      stdout.mockRestore();
    }
    expect(await disputeOf(id)).toMatchObject({ erpStatus: 'failed', erpCaseId: '' });
    const line = written.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.disputeId);
    expect(line).toMatchObject({ msg: 'dispute not recorded in the ERP', disputeId: id, module: 'dispute-sync' });
    // In process the ledger's error; over HTTP the connector's (the service answered 500).
    expect(line!.error).toMatch(/^(Error|ErpUnavailableError)$/);
    expect(JSON.stringify(line)).not.toMatch(new RegExp(`${invoice.payerNumber}|dispute store|Charged`));
    mode = 'ledger';
    // Failed is retried: recorded now.
    await retryDisputeSync(t.app.ctx);
    expect(await disputeOf(id)).toMatchObject({ erpStatus: 'recorded', erpCaseId: expect.stringMatching(/^DC/) });
  });

  it('leaves the dispute pending when it changed while the ERP was asked, and a missing dispute alone', async () => {
    mode = 'ledger';
    const { id } = await insertDispute([{ kind: 'raised', body: 'Late delivery.' }]);
    during = async () => {
      await t.database.db.insert(disputeMessages).values({
        disputeId: id,
        kind: 'message',
        side: 'supplier',
        authorName: 'AR Team',
        body: 'We are looking into it.',
        createdAt: t.clock.now(),
      });
    };
    try {
      await syncDisputeToErp(t.app.ctx, id);
    } finally {
      during = undefined;
    }
    // The ERP has the older state: the retry sends the newer one.
    expect(await disputeOf(id)).toMatchObject({ erpStatus: 'pending' });
    await syncDisputeToErp(t.app.ctx, id);
    expect(await disputeOf(id)).toMatchObject({ erpStatus: 'recorded' });
    expect(received.at(-1)).toMatchObject({ dispute_id: id, comment: 'We are looking into it.' });
    await expect(syncDisputeToErp(t.app.ctx, randomUUID())).resolves.toBeUndefined();
  });
});

describe('retryDisputeSync', () => {
  it('records the pending and failed disputes, counts them, and leaves recorded and not_supported ones alone', async () => {
    mode = 'failing';
    const failed = await insertDispute([{ kind: 'raised', body: 'Damaged.' }]);
    await syncDisputeToErp(t.app.ctx, failed.id);
    mode = 'absent';
    const unsupported = await insertDispute([{ kind: 'raised', body: 'Damaged too.' }]);
    await syncDisputeToErp(t.app.ctx, unsupported.id);
    mode = 'ledger';
    const pending = await insertDispute([{ kind: 'raised', body: 'Not ours.' }]);
    expect((await disputeOf(failed.id)).erpStatus).toBe('failed');
    expect((await disputeOf(unsupported.id)).erpStatus).toBe('not_supported');

    received.length = 0;
    const recorded = await retryDisputeSync(t.app.ctx);
    expect(recorded).toBe(2);
    expect(received.map((request) => request.dispute_id).sort()).toEqual([failed.id, pending.id].sort());
    const rows = await t.database.db
      .select({ id: invoiceDisputes.id, erpStatus: invoiceDisputes.erpStatus })
      .from(invoiceDisputes)
      .where(inArray(invoiceDisputes.id, [failed.id, unsupported.id, pending.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.erpStatus]))).toEqual({
      [failed.id]: 'recorded',
      [unsupported.id]: 'not_supported',
      [pending.id]: 'recorded',
    });
    // Nothing left to retry.
    expect(await retryDisputeSync(t.app.ctx)).toBe(0);
  });

  it('counts nothing recorded while the ERP keeps failing, and throws nothing', async () => {
    mode = 'ledger';
    const { id } = await insertDispute([{ kind: 'raised', body: 'Wrong quantity.' }]);
    mode = 'failing';
    await expect(retryDisputeSync(t.app.ctx)).resolves.toBe(0);
    expect((await disputeOf(id)).erpStatus).toBe('failed');
    mode = 'ledger';
    expect(await retryDisputeSync(t.app.ctx)).toBe(1);
  });
});
