import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { formatMinorUnits, toLedgerNumber } from './ledger-format';
import { documents, invoiceItems } from './ledger.schema';
import { mulberry32, seedLedger } from './seed';
import { demoUserAccounts } from './seed-master-data';

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

describe('seedLedger', () => {
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
