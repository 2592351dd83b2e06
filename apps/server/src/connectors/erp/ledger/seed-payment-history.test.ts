import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { documents, paymentItems, payments } from './ledger.schema';
import { seedLedger } from './seed';
import { seedPaymentHistory } from './seed-payment-history';

const asOf = new Date('2026-03-15T00:00:00Z');

function hashRows(rows: unknown[]): string {
  const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return createHash('sha256').update(text).digest('hex');
}

async function seeded<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await seedLedger(database.db, { documents: 3_000, asOf });
    await seedPaymentHistory(database.db, { asOf });
    return await read(database.db);
  } finally {
    await database.close();
  }
}

// Each test seeds a whole demo ledger on PGlite (twice in the first): a minute on a loaded two-core machine.
describe('seedPaymentHistory', { timeout: 120_000 }, () => {
  it('gives the same history for the same ledger', async () => {
    const read = async (db: Parameters<Parameters<typeof seeded>[0]>[0]) =>
      hashRows([
        await db.select().from(payments).orderBy(asc(payments.id)),
        await db.select().from(paymentItems).orderBy(asc(paymentItems.paymentId), asc(paymentItems.documentId)),
      ]);
    expect(await seeded(read)).toBe(await seeded(read));
  });

  it('writes payments that match the ledger: amounts, clearing documents, dates, declines without postings', async () => {
    await seeded(async (db) => {
      const rows = await db.select().from(payments).orderBy(asc(payments.id));
      const items = await db.select().from(paymentItems);
      const day = asOf.toISOString().slice(0, 10);
      expect(rows.length).toBeGreaterThan(150);
      expect(rows.every((row) => row.documentDate <= day)).toBe(true);
      // Ids follow the time the payments were made.
      const times = rows.map((row) => row.postedAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));

      const declined = rows.filter((row) => row.messageType === 'E');
      expect(declined.length).toBeGreaterThan(5);
      expect(declined.every((row) => row.authorizationReference === '' && row.documentNumberFinance === '')).toBe(true);
      expect(items.some((item) => declined.some((row) => row.id === item.paymentId))).toBe(false);
      // The demo payer's default 30-day page has red rows too.
      const recent = new Date(asOf.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
      expect(declined.some((row) => row.payerNumber === '0000100001' && row.documentDate >= recent)).toBe(true);

      const invoicePayments = rows.filter((row) => row.messageType === 'S' && row.logId === 'POST_INVOICE');
      // Node 20 has no Map.groupBy.
      const byPayment = new Map<number, typeof items>();
      for (const item of items) byPayment.set(item.paymentId, [...(byPayment.get(item.paymentId) ?? []), item]);
      expect([...byPayment.values()].some((group) => group.length > 1)).toBe(true);
      const settled = await db
        .select()
        .from(documents)
        .where(
          inArray(
            documents.id,
            items.map((item) => item.documentId),
          ),
        );
      const documentById = new Map(settled.map((document) => [document.id, document]));
      for (const payment of invoicePayments) {
        const paid = byPayment.get(payment.id) ?? [];
        expect(paid.reduce((sum, item) => sum + item.amount, 0n)).toBe(payment.amount);
        for (const item of paid) {
          const document = documentById.get(item.documentId)!;
          expect(document.payerNumber).toBe(payment.payerNumber);
          expect(document.currencyKey).toBe(payment.currencyKey);
          expect(item.openAfter).toBe(document.openAmount);
          if (document.documentStatus === '02') {
            expect(document.clearingDocumentNumberFinance).toBe(payment.documentNumberFinance);
            expect(document.clearingDate).toBe(payment.documentDate);
          }
        }
      }
      // Deposits are the ledger's payment documents, with nothing settled.
      const deposits = rows.filter((row) => row.logId === 'POST_DEPOSIT' && row.messageType === 'S');
      expect(deposits.length).toBeGreaterThan(0);
      for (const deposit of deposits) {
        const [document] = await db.select().from(documents).where(eq(documents.id, deposit.paymentDocumentId!));
        expect(document?.itemIsAPayment).toBe(true);
        expect(document?.totalAmount).toBe(deposit.amount);
      }
    });
  });
});
