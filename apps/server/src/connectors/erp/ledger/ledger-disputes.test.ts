// Issue 39: the built-in ledger's dispute cases (ledger-disputes.ts), called directly: a case per dispute id numbered
// DC and ten digits, the same dispute again updating its case, first records at the same moment each getting a number
// of their own, and a request outside the contract refused. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL
// (where the concurrent records really race for the numbers).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { DisputeCaseRequest, ErpConnector } from '../erp-connector';
import { createLedgerConnector } from './ledger-connector';
import { disputeCases } from './ledger.schema';

let t: TestApp;
let erp: ErpConnector;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 100, demoUsers: false });
  erp = createLedgerConnector(t.database.db, { now: t.clock.now });
});
afterAll(async () => {
  await t?.close();
});

function disputeCase(overrides: Partial<DisputeCaseRequest> = {}): DisputeCaseRequest {
  return {
    dispute_id: randomUUID(),
    company_code: '1000',
    payer_number: '0000100001',
    soldto_number: '0000200001',
    billing_document_number: '0090000001',
    document_number_finance: '0100000001',
    fiscal_year: '2026',
    line_item: '001',
    reason_code: 'OTHER',
    amount: '125.50',
    currency: 'USD',
    status: 'open',
    outcome: '',
    credit_note_number: '',
    comment: 'The goods arrived damaged.',
    ...overrides,
  };
}

async function caseRow(disputeId: string) {
  const [row] = await t.database.db.select().from(disputeCases).where(eq(disputeCases.disputeId, disputeId));
  return row;
}

describe('recordDisputeCase in the built-in ledger', () => {
  it('records a dispute as a case numbered DC and ten digits, the amount in minor units', async () => {
    const request = disputeCase();
    const result = await erp.recordDisputeCase!(request);
    expect(result).toEqual({ outcome: 'recorded', case_id: expect.stringMatching(/^DC\d{10}$/), status: 'open' });
    expect(await caseRow(request.dispute_id)).toMatchObject({
      caseId: result.outcome === 'recorded' ? result.case_id : '',
      companyCode: '1000',
      payerNumber: '0000100001',
      documentNumberFinance: '0100000001',
      reasonCode: 'OTHER',
      amountMinor: 12550n,
      currencyKey: 'USD',
      status: 'open',
      outcome: '',
    });
  });

  it('updates the case of the same dispute: the same number, the new status and outcome, no second case', async () => {
    const request = disputeCase();
    const first = await erp.recordDisputeCase!(request);
    t.clock.advance(60_000);
    const again = await erp.recordDisputeCase!({ ...request, status: 'resolved', outcome: 'rejected', amount: '100' });
    expect(again).toEqual({ ...first, status: 'resolved' });
    const row = await caseRow(request.dispute_id);
    expect(row).toMatchObject({ status: 'resolved', outcome: 'rejected', amountMinor: 10000n });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
    const cases = await t.database.db.select().from(disputeCases).where(eq(disputeCases.disputeId, request.dispute_id));
    expect(cases).toHaveLength(1);
  });

  it('numbers first records made at the same moment apart, and records the same dispute sent twice at once once', async () => {
    const requests = Array.from({ length: 4 }, () => disputeCase());
    const same = disputeCase();
    const results = await Promise.all([...requests, same, same].map((request) => erp.recordDisputeCase!(request)));
    const ids = results.map((result) => (result.outcome === 'recorded' ? result.case_id : ''));
    expect(new Set(ids.slice(0, 5)).size).toBe(5);
    expect(ids[5]).toBe(ids[4]);
    const all = await t.database.db.select({ caseId: disputeCases.caseId }).from(disputeCases);
    expect(new Set(all.map((row) => row.caseId)).size).toBe(all.length);
  });

  it('refuses a request outside the contract and an amount finer than the currency, recording nothing', async () => {
    const bad = [
      disputeCase({ status: 'lost' as never }),
      disputeCase({ amount: '1.005' }),
      disputeCase({ dispute_id: 'not/an id' }),
    ];
    for (const request of bad) {
      await expect(erp.recordDisputeCase!(request)).rejects.toThrow();
      expect(await caseRow(request.dispute_id)).toBeUndefined();
    }
  });
});
