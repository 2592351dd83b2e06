// Rows of the payments feed for the tests of Payments received, written straight into portal.payment_feed (the
// postings write it in production; these tests only read it). posted_at is written as text so that a test can
// place rows to the microsecond (a Date holds milliseconds only).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFeed } from '../../db/portal.schema';

export type FeedDocument = {
  billing_document_number: string;
  document_number_finance: string;
  amount: string;
  reason_code: string;
  comment: string;
};

export type TestFeedRow = {
  id: string;
  kind: 'invoice' | 'deposit' | 'guest';
  /** ISO, up to microseconds, UTC. */
  postedAt: string;
  companyCode: string;
  payerNumber: string;
  currencyKey: string;
  currencyDecimals: number;
  amountMinor: bigint;
  method: 'VISA' | 'MC' | 'AMEX' | 'EC';
  gatewayReference: string;
  documents: FeedDocument[];
  acknowledged: { at: string; erpDocumentNumber: string; by: string } | null;
};

export function feedRow(fields: Partial<TestFeedRow> & Pick<TestFeedRow, 'postedAt'>): TestFeedRow {
  return {
    id: randomUUID(),
    kind: 'invoice',
    companyCode: '1000',
    payerNumber: '0000100001',
    currencyKey: 'USD',
    currencyDecimals: 2,
    amountMinor: 10_000n,
    method: 'VISA',
    gatewayReference: `AUTH-${randomUUID().slice(0, 8)}`,
    documents: [],
    acknowledged: null,
    ...fields,
  };
}

export async function insertFeedRows(db: Db, rows: TestFeedRow[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 200) {
    await db.insert(paymentFeed).values(
      rows.slice(index, index + 200).map((row) => ({
        id: row.id,
        kind: row.kind,
        postedAt: sql`${row.postedAt}::timestamptz`,
        companyCode: row.companyCode,
        payerNumber: row.payerNumber,
        soldtoNumber: row.kind === 'deposit' ? '' : row.payerNumber.replace(/^00001/, '00002'),
        currencyKey: row.currencyKey,
        currencyDecimals: row.currencyDecimals,
        amountMinor: row.amountMinor,
        method: row.method,
        gatewayReference: row.gatewayReference,
        orderNumber: `ORD-${row.id.slice(0, 8)}`,
        paymentDocumentNumber: `14${row.id.replace(/\D/g, '').padEnd(8, '0').slice(0, 8)}`,
        login: row.kind === 'guest' ? '' : 'payer@example.com',
        documents: row.documents,
        acknowledgedAt: row.acknowledged ? sql`${row.acknowledged.at}::timestamptz` : null,
        erpDocumentNumber: row.acknowledged?.erpDocumentNumber ?? '',
        acknowledgedBy: row.acknowledged?.by ?? '',
      })),
    );
  }
}
