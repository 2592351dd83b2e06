// Demo payment history: the portal payments behind part of the demo ledger's settled items, so that
// /payment-history has realistic content on a fresh start. It reads the seeded documents and writes ledger.payments
// and payment_items rows (and points the settled invoices' clearing document at their payment), deterministically:
// its own seeded PRNG walks the documents in id order, so the same ledger always gets the same history.
//
// It is a step of its own, not part of seedLedger: the payment tests hold the ledger's S payments equal to the
// gateway's approved charges, which a history without charges would break. The demo (seed-demo.ts) and
// seed:large run it after seedLedger.
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { insertByUnnest } from './bulk-insert';
import { documents, paymentItems, payments } from './ledger.schema';
import { isoDay } from './ledger-format';
import { mulberry32 } from './seed';
import { demoPayerPlans } from './seed-master-data';

export type SeedPaymentHistoryOptions = {
  /** The seed's reference day (the asOf of seedLedger): no payment is dated after it. */
  asOf: Date;
  /** How far back the portal has taken payments (default 365 days). */
  days?: number;
};

export type SeedPaymentHistoryResult = { payments: number; declined: number; items: number };

/** How many of the settled items were paid through the portal (the rest by bank transfer, outside it). */
const portalShare = 0.75;
/**
 * Share of portal payments preceded by a declined attempt (shown red in the history): higher in the last weeks, so
 * that the history's default page (30 days) shows a few.
 */
const declinedShare = { recent: 0.25, older: 0.08 };
const recentDays = 45;
/** Settled invoices cleared this many days apart may be one payment. */
const groupWithinDays = 14;
/** Share of the payment documents (payments on account) made as deposits in the portal. */
const depositShare = 0.25;
const prngSeed = 0x9a7_4157;
/** Rows per INSERT. */
const batchSize = 1_000;

type Method = { type: 'VISA' | 'MC' | 'AMEX' | 'EC'; lastFour: string };

/** The demo payer's saved Visa and e-check (seed-payment-methods.ts) and a few other cards. */
const demoPayerMethods: Method[] = [
  { type: 'VISA', lastFour: '1111' },
  { type: 'VISA', lastFour: '1111' },
  { type: 'EC', lastFour: '6789' },
];
const otherMethods: Method[] = [
  { type: 'VISA', lastFour: '4242' },
  { type: 'MC', lastFour: '4444' },
  { type: 'AMEX', lastFour: '0005' },
  { type: 'EC', lastFour: '3210' },
];
const brandSegment: Record<Method['type'], string> = { VISA: 'VISA', MC: 'MCRD', AMEX: 'AMEX', EC: 'ECHK' };
const declineReasons = ['do_not_honor', 'insufficient_funds', 'expired_card', 'authentication_failed'];
const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const hex = '0123456789ABCDEF';

// posted_at travels as ISO text: both drivers take a text array cast to timestamptz[].
type PaymentInsert = Omit<typeof payments.$inferInsert, 'postedAt'> & { postedAt: string };
type ItemInsert = typeof paymentItems.$inferInsert;
type Candidate = Awaited<ReturnType<typeof readCandidates>>[number];

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function readCandidates(db: Db, payers: string[], from: string) {
  return db
    .select({
      id: documents.id,
      payerNumber: documents.payerNumber,
      soldtoNumber: documents.soldtoNumber,
      companyCode: documents.companyCode,
      currencyKey: documents.currencyKey,
      documentDate: documents.documentDate,
      dueDate: documents.dueDate,
      clearingDate: documents.clearingDate,
      documentStatus: documents.documentStatus,
      itemIsAPayment: documents.itemIsAPayment,
      documentNumberFinance: documents.documentNumberFinance,
      clearingDocumentNumberFinance: documents.clearingDocumentNumberFinance,
      referenceNumber: documents.referenceNumber,
      totalAmount: documents.totalAmount,
      paidAmount: documents.paidAmount,
      openAmount: documents.openAmount,
      reasonCode: documents.reasonCode,
      reasonMessage: documents.reasonMessage,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.payerNumber, payers),
        or(
          // Payments on account (deposits).
          and(eq(documents.itemIsAPayment, true), gte(documents.documentDate, from)),
          // Invoices settled in the period.
          and(
            eq(documents.itemIsAPayment, false),
            eq(documents.documentStatus, '02'),
            sql`${documents.totalAmount} > 0`,
            gte(documents.clearingDate, from),
          ),
          // Invoices partly paid (the remainder still open).
          and(
            eq(documents.itemIsAPayment, false),
            eq(documents.documentStatus, '01'),
            sql`${documents.paidAmount} > 0`,
            gte(documents.documentDate, from),
          ),
        ),
      ),
    )
    .orderBy(asc(documents.id));
}

export async function seedPaymentHistory(
  db: Db,
  options: SeedPaymentHistoryOptions,
): Promise<SeedPaymentHistoryResult> {
  const asOf = isoDay(options.asOf);
  const from = addDays(asOf, -(options.days ?? 365));
  const recentFrom = addDays(asOf, -recentDays);
  const next = mulberry32(prngSeed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const token = (method: Method) =>
    `-${brandSegment[method.type]}-${method.lastFour}-${Array.from({ length: 16 }, () => pick([...base32])).join('')}`;
  const authorization = () => Array.from({ length: 10 }, () => pick([...hex])).join('');

  const candidates = await readCandidates(
    db,
    demoPayerPlans.map((plan) => plan.payerNumber),
    from,
  );
  const paymentRows: PaymentInsert[] = [];
  const itemRows: ItemInsert[] = [];
  /** Settled invoices whose clearing now names the payment that settled them. */
  const clearings: { id: number; day: string; number: string }[] = [];
  let declined = 0;
  const [last] = await db.select({ id: sql<number>`coalesce(max(${payments.id}), 0)::int` }).from(payments);
  const firstId = Number(last?.id ?? 0) + 1;
  let maxId = firstId - 1;

  const addPayment = (
    first: Candidate,
    day: string,
    fields: Pick<PaymentInsert, 'logId' | 'amount' | 'documentNumberFinance' | 'paymentDocumentId' | 'referenceNumber'>,
    settled: { document: Candidate; amount: bigint; openBefore: bigint; openAfter: bigint }[],
  ) => {
    const methods = first.payerNumber === '0000100001' ? demoPayerMethods : otherMethods;
    const method =
      first.currencyKey === 'USD' || first.currencyKey === 'CAD' ? pick(methods) : pick(methods.slice(0, 2));
    const postedAt = new Date(
      `${day}T${String(int(8, 17)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:00Z`,
    ).toISOString();
    const common = {
      companyCode: first.companyCode,
      payerNumber: first.payerNumber,
      soldtoNumber: first.soldtoNumber,
      currencyKey: first.currencyKey,
      amount: fields.amount,
      documentDate: day,
      login: first.payerNumber === '0000100001' ? 'payer@example.com' : '',
    };
    if (next() < (day >= recentFrom ? declinedShare.recent : declinedShare.older)) {
      // A declined attempt with another card, an hour or a day before the payment went through.
      const failed = pick(otherMethods.filter((other) => other.lastFour !== method.lastFour));
      const failedDay = next() < 0.5 || day <= from ? day : addDays(day, -1);
      const reason = pick(failed.type === 'EC' ? declineReasons.slice(0, 2) : declineReasons);
      maxId += 1;
      declined += 1;
      paymentRows.push({
        ...common,
        id: maxId,
        postingReference: `demo-${maxId}`,
        logId: fields.logId,
        messageType: 'E',
        messageLineString: `Payment declined: ${reason}`,
        documentDate: failedDay,
        // Every row carries every column (insertByUnnest takes the first row's keys); nothing was posted.
        paymentDocumentId: null,
        documentNumberFinance: '',
        authorizationReference: '',
        referenceNumber: fields.referenceNumber,
        reasonCode: '',
        comment: '',
        paymentCardToken: token(failed),
        paymentCardType: failed.type,
        orderNumber: `DEMO-${maxId}`,
        postedAt: new Date(Date.parse(postedAt) - (failedDay === day ? 3_600_000 : 86_400_000)).toISOString(),
      });
    }
    maxId += 1;
    paymentRows.push({
      ...common,
      ...fields,
      id: maxId,
      postingReference: `demo-${maxId}`,
      messageType: 'S',
      messageLineString: '',
      paymentCardToken: token(method),
      paymentCardType: method.type,
      authorizationReference: authorization(),
      orderNumber: `DEMO-${maxId}`,
      reasonCode: settled.length === 1 ? settled[0]!.document.reasonCode : '',
      comment: settled.length === 1 ? settled[0]!.document.reasonMessage : '',
      postedAt,
    });
    for (const item of settled) {
      itemRows.push({
        paymentId: maxId,
        documentId: item.document.id,
        amount: item.amount,
        openBefore: item.openBefore,
        openAfter: item.openAfter,
        reasonCode: item.document.reasonCode,
        comment: item.document.reasonMessage,
      });
    }
  };

  // Settled invoices of one payer, sold-to and currency cleared within two weeks of each other are often paid
  // together: one payment of up to four invoices, dated the last clearing day.
  const settledInvoices = candidates
    .filter((row) => !row.itemIsAPayment && row.documentStatus === '02' && row.clearingDate && next() < portalShare)
    .sort(
      (a, b) =>
        a.payerNumber.localeCompare(b.payerNumber) ||
        a.soldtoNumber.localeCompare(b.soldtoNumber) ||
        a.currencyKey.localeCompare(b.currencyKey) ||
        a.clearingDate!.localeCompare(b.clearingDate!) ||
        a.id - b.id,
    );
  for (let start = 0; start < settledInvoices.length;) {
    const first = settledInvoices[start]!;
    let end = start + 1;
    while (end < settledInvoices.length && end - start < 4) {
      const candidate = settledInvoices[end]!;
      const together =
        candidate.payerNumber === first.payerNumber &&
        candidate.soldtoNumber === first.soldtoNumber &&
        candidate.currencyKey === first.currencyKey &&
        candidate.clearingDate! <= addDays(first.clearingDate!, groupWithinDays);
      if (!together || next() >= 0.6) break;
      end += 1;
    }
    const group = settledInvoices.slice(start, end);
    start = end;
    const day = group[group.length - 1]!.clearingDate!;
    const number = first.clearingDocumentNumberFinance;
    for (const document of group) clearings.push({ id: document.id, day, number });
    addPayment(
      first,
      day,
      {
        logId: 'POST_INVOICE',
        amount: group.reduce((sum, document) => sum + document.totalAmount, 0n),
        documentNumberFinance: number,
        paymentDocumentId: null,
        referenceNumber: '',
      },
      group.map((document) => ({
        document,
        amount: document.totalAmount,
        openBefore: document.totalAmount,
        openAfter: 0n,
      })),
    );
  }

  // Partial payments: the paid part of an invoice still open, some days after its document date.
  for (const document of candidates) {
    if (document.itemIsAPayment || document.documentStatus !== '01' || next() >= portalShare) continue;
    const latest = document.dueDate < asOf ? document.dueDate : asOf;
    const span = Math.max(0, Math.round((Date.parse(latest) - Date.parse(document.documentDate)) / 86_400_000));
    addPayment(
      document,
      addDays(document.documentDate, int(0, span)),
      {
        logId: 'POST_INVOICE',
        amount: document.paidAmount,
        // Payment numbers of the partial payments sit beside the clearing numbers (1_700_000_000 + invoice id).
        documentNumberFinance: String(1_700_000_000 + document.id),
        paymentDocumentId: null,
        referenceNumber: '',
      },
      [
        {
          document,
          amount: document.paidAmount,
          openBefore: document.totalAmount,
          openAfter: document.openAmount,
        },
      ],
    );
  }

  // Payments on account: some of the payment documents were deposits made in the portal.
  for (const document of candidates) {
    if (!document.itemIsAPayment || next() >= depositShare) continue;
    addPayment(
      document,
      document.documentDate,
      {
        logId: 'POST_DEPOSIT',
        amount: document.totalAmount,
        documentNumberFinance: document.documentNumberFinance,
        paymentDocumentId: document.id,
        referenceNumber: document.referenceNumber,
      },
      [],
    );
  }

  // Ids in the order the payments were made (the history lists a day's payments by id, newest first).
  paymentRows.sort((a, b) => a.postedAt.localeCompare(b.postedAt) || a.id! - b.id!);
  const renumbered = new Map(paymentRows.map((row, index) => [row.id!, firstId + index]));
  for (const row of paymentRows) row.id = renumbered.get(row.id!)!;
  for (const item of itemRows) item.paymentId = renumbered.get(item.paymentId)!;
  for (let start = 0; start < paymentRows.length; start += batchSize) {
    await insertByUnnest(db, payments, paymentRows.slice(start, start + batchSize));
  }
  for (let start = 0; start < itemRows.length; start += batchSize) {
    await insertByUnnest(db, paymentItems, itemRows.slice(start, start + batchSize));
  }
  for (let start = 0; start < clearings.length; start += batchSize) {
    const batch = clearings.slice(start, start + batchSize);
    await db.execute(sql`
      UPDATE ${documents} AS d SET clearing_date = v.day, clearing_document_number_finance = v.number
      FROM unnest(${sql.param(batch.map((c) => c.id))}::bigint[], ${sql.param(batch.map((c) => c.day))}::date[],
        ${sql.param(batch.map((c) => c.number))}::text[]) AS v(id, day, number)
      WHERE d.id = v.id`);
  }
  // Ids were given explicitly; portal payments take the identity's next value.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('ledger.payments', 'id'), greatest((SELECT max(id) FROM ${payments}), 1))`,
  );
  await db.execute(sql`ANALYZE ${payments}`);
  await db.execute(sql`ANALYZE ${paymentItems}`);
  return { payments: paymentRows.length - declined, declined, items: itemRows.length };
}
