import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { formatMinorUnits, toLedgerNumber } from './ledger-format';
import { customers, documents, invoiceItems, payerAllMembers } from './ledger.schema';
import { ledgerShape, mulberry32, seedLedger } from './seed';
import { demoCustomers, demoUserAccounts } from './seed-master-data';

const asOf = new Date('2026-03-15T00:00:00Z');

function hashRows(rows: unknown[]): string {
  const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return createHash('sha256').update(text).digest('hex');
}

/** Seeds a fresh in-memory database, hashes its rows and closes it (one database at a time keeps memory low). */
async function seededHash(documentCount: number, day: Date) {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await seedLedger(database.db, { documents: documentCount, asOf: day });
    const documentRows = await database.db.select().from(documents).orderBy(asc(documents.id));
    const itemRows = await database.db
      .select()
      .from(invoiceItems)
      .orderBy(asc(invoiceItems.documentId), asc(invoiceItems.itemNumber));
    const [first] = await database.db.select().from(documents).where(eq(documents.id, 1));
    return { documents: hashRows(documentRows), items: hashRows(itemRows), count: documentRows.length, first };
  } finally {
    await database.close();
  }
}

// Some tests seed whole ledgers on PGlite (three in the first): a minute on a loaded two-core machine.
describe('seedLedger', { timeout: 120_000 }, () => {
  it('produces identical rows for the same asOf, and dates that move with asOf', async () => {
    const a = await seededHash(500, asOf);
    const b = await seededHash(500, asOf);
    expect(a.count).toBe(500);
    expect(b.documents).toBe(a.documents);
    expect(b.items).toBe(a.items);

    const later = await seededHash(500, new Date('2026-04-14T00:00:00Z'));
    expect(later.documents).not.toBe(a.documents);
    // The same document, thirty days later: same amounts, dates shifted by thirty days.
    expect(later.first?.totalAmount).toBe(a.first?.totalAmount);
    expect(Date.parse(later.first!.dueDate) - Date.parse(a.first!.dueDate)).toBe(30 * 86_400_000);
  });

  it('keeps the demo ledger of 3,000 documents as it was', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const result = await seedLedger(database.db, { documents: 3_000, asOf });
      expect(result).toMatchObject({ documents: 3_000, invoiceItems: 5_070, customers: 60, payerAllDocuments: 249 });
      // The generator's own columns (a column added later to the schema does not move this digest).
      const documentRows = await database.db
        .select({
          id: documents.id,
          payer: documents.payerNumber,
          soldto: documents.soldtoNumber,
          currency: documents.currencyKey,
          billing: documents.billingDocumentNumber,
          documentDate: documents.documentDate,
          dueDate: documents.dueDate,
          clearingDate: documents.clearingDate,
          total: documents.totalAmount,
          open: documents.openAmount,
          status: documents.documentStatus,
          readOnly: documents.readOnly,
          pdf: documents.pdfDocumentAvailable,
        })
        .from(documents)
        .orderBy(asc(documents.id));
      const customerRows = await database.db
        .select({ number: customers.customerNumber, name: customers.name, companyCode: customers.companyCode })
        .from(customers)
        .orderBy(asc(customers.customerNumber));
      expect(hashRows(documentRows).slice(0, 16)).toBe('202e3ec4801f5af9');
      expect(hashRows(customerRows).slice(0, 16)).toBe('e43c3e5828e9d683');
    } finally {
      await database.close();
    }
  });

  it('fills a customer count and a payer-all group size given as options, exactly', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const result = await seedLedger(database.db, { documents: 3_000, asOf, customers: 120, payerAllDocuments: 700 });
      expect(result).toMatchObject({ documents: 3_000, customers: 120, payerAllDocuments: 700 });
      const [customerCount] = await database.db.select({ n: sql<number>`count(*)::int` }).from(customers);
      expect(customerCount?.n).toBe(120);
      const groupPayers = database.db
        .select({ payer: payerAllMembers.payerNumber })
        .from(payerAllMembers)
        .where(eq(payerAllMembers.groupNumber, '0000900001'));
      const [groupCount] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(inArray(documents.payerNumber, groupPayers));
      expect(groupCount?.n).toBe(700);
      // The demo users' accounts are still there, with documents of their own.
      const linked = [
        ...new Set(Object.values(demoUserAccounts).flatMap((list) => list.map((a) => a.primary_account))),
      ];
      const known = await database.db
        .select({ number: customers.customerNumber })
        .from(customers)
        .where(inArray(customers.customerNumber, linked));
      expect(known).toHaveLength(linked.length);
      const [payerDocuments] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(eq(documents.payerNumber, '0000100001'));
      expect(payerDocuments?.n).toBeGreaterThan(100);
    } finally {
      await database.close();
    }
  });

  it('takes the large shape of the performance targets from 100,000 documents, the demo shape below', async () => {
    expect(ledgerShape(1_000_000)).toEqual({ customers: 10_000, payerAllDocuments: 100_000 });
    expect(ledgerShape(3_000)).toEqual({});
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await expect(seedLedger(database.db, { documents: 100, asOf, customers: demoCustomers.length })).rejects.toThrow(
        /more than/,
      );
      await expect(seedLedger(database.db, { documents: 100, asOf, payerAllDocuments: 101 })).rejects.toThrow(
        /payer-all group can hold/,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses to seed a ledger that already holds documents unless asked to reset', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await seedLedger(database.db, { documents: 30, asOf });
      await expect(seedLedger(database.db, { documents: 30, asOf })).rejects.toThrow(/already holds documents/);
      const result = await seedLedger(database.db, { documents: 40, asOf, reset: true });
      expect(result.documents).toBe(40);
    } finally {
      await database.close();
    }
  });
});

describe('mulberry32', () => {
  it('repeats its sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    for (const value of first) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of first) expect(value).toBeLessThan(1);
  });
});

describe('ledger formats', () => {
  it('writes minor units as decimal strings with the currency decimals', () => {
    expect(formatMinorUnits(123_456n, 2)).toBe('1234.56');
    expect(formatMinorUnits(-5n, 2)).toBe('-0.05');
    expect(formatMinorUnits(1500n, 0)).toBe('1500');
    expect(formatMinorUnits(3_250n, 3)).toBe('3.250');
    expect(formatMinorUnits(0n, 3)).toBe('0.000');
  });

  it('pads numeric account numbers to the stored ten digits', () => {
    expect(toLedgerNumber('100001')).toBe('0000100001');
    expect(toLedgerNumber('0000100001')).toBe('0000100001');
    expect(toLedgerNumber('ABC-1')).toBe('ABC-1');
  });
});

describe('demoUserAccounts', () => {
  it('links every demo user to at most four accounts of its account type', () => {
    for (const accounts of Object.values(demoUserAccounts)) {
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.length).toBeLessThanOrEqual(4);
    }
    expect(demoUserAccounts.payer.length).toBeGreaterThan(1);
    expect(demoUserAccounts.soldto.map((account) => account.account_type)).toEqual(['SoldTo']);
    expect(demoUserAccounts.payerall.map((account) => account.account_type)).toEqual(['PayerAll']);
  });
});
