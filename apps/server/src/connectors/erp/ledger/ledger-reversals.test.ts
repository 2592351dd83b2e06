// Issue 37: the built-in ledger's reversals of posted payments (ledger-reversals.ts), called directly: what each
// document gets back, the credit and debit on account, the maintained balances, once per reversal reference, the
// refusals that change nothing, and two reversals of the last cent at once. On PGlite by default, on PostgreSQL with
// TEST_DATABASE_URL (where the concurrent reversals really race for the payment's row lock).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { ErpConnector, LedgerReversal, LedgerReversalResult } from '../erp-connector';
import { createLedgerConnector } from './ledger-connector';
import { keyOf } from './ledger-payments';
import { expectOpenItemsTrue, ledgerSums } from '../../../modules/payments/payments.test-helpers';
import { accountBalances, documents, ledgerPaymentReversalItems, ledgerPaymentReversals } from './ledger.schema';
import { refreshAccountBalances } from './refresh-account-balances';

type Document = typeof documents.$inferSelect;

const payer = { customer_number: '0000100001', company_code: '1000' };
let t: TestApp;
let db: Db;
let erp: ErpConnector;
/** Open USD invoices of the payer, oldest id first: each test takes its own. */
let unused: Document[];

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 2_000, demoUsers: false });
  db = t.database.db;
  erp = createLedgerConnector(db, { now: t.clock.now });
  // The maintained balances exist (a move of a table never built writes nothing).
  await refreshAccountBalances(db, t.clock.now());
  unused = await openInvoicesOf(null, 80);
});

afterEach(async () => {
  if (db) await expectBalancesTrue();
});

afterAll(async () => {
  await t?.close();
});

function openInvoicesOf(soldto: string | null, count: number): Promise<Document[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        soldto ? eq(documents.soldtoNumber, soldto) : undefined,
        eq(documents.companyCode, '1000'),
        eq(documents.currencyKey, 'USD'),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        gt(documents.openAmount, 0n),
      ),
    )
    .orderBy(asc(documents.id))
    .limit(count);
}

/** The next unused invoices (with at least `minOpen` open), oldest id first. */
function take(count: number, minOpen = 1n): Document[] {
  const chosen = unused.filter((row) => row.openAmount >= minOpen).slice(0, count);
  if (chosen.length < count) throw new Error('the seed has too few open invoices for this test');
  unused = unused.filter((row) => !chosen.includes(row));
  return chosen;
}

async function reload(id: number): Promise<Document> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row!;
}

async function documentNumbered(number: string): Promise<Document> {
  const [row] = await db.select().from(documents).where(eq(documents.documentNumberFinance, number));
  return row!;
}

/** Posts a payment of the payer (a deposit without documents); the amount charged defaults to the documents' sum. */
async function pay(
  items: { row: Document; amount: bigint }[],
  options: { amount?: bigint; customerNumber?: string } = {},
) {
  const reference = randomUUID();
  const payerData = { ...payer, customer_number: options.customerNumber ?? payer.customer_number };
  // Read first, as the portal does before it posts: postPayment resolves the account outside its transaction, which
  // on PGlite (one connection) waits for that transaction unless the account is already known.
  await erp.getPayableDocuments({ payer_data: payerData, document_keys: items.map((item) => keyOf(item.row)) });
  const result = await erp.postPayment({
    posting_reference: reference,
    log_id: items.length > 0 ? 'POST_INVOICE' : 'POST_DEPOSIT',
    message_type: 'S',
    message_line_string: '',
    payer_data: payerData,
    soldto_number: '',
    currency_key: 'USD',
    amount_minor: options.amount ?? items.reduce((sum, item) => sum + item.amount, 0n),
    payment_card_token: '-VISA-1111-REVERSALTEST',
    payment_card_type: 'VISA',
    authorization_reference: 'TEST',
    order_number: reference,
    login: 'reversals@example.com',
    posted_at: t.clock.now(),
    documents: items.map((item) => ({
      document_key: keyOf(item.row),
      amount_minor: item.amount,
      reason_code: '',
      comment: '',
    })),
    reference_number: '',
    reason_code: '',
    comment: '',
  });
  expect(result.message_type).toBe('S');
  return { reference, result };
}

function reversalOf(
  postingReference: string,
  amount: bigint,
  shares: { row: Document; amount: bigint }[] = [],
  overrides: Partial<LedgerReversal> = {},
): LedgerReversal {
  return {
    reversal_reference: randomUUID(),
    posting_reference: postingReference,
    kind: 'refund',
    currency_key: 'USD',
    amount_minor: amount,
    documents: shares.map((share) => ({ document_key: keyOf(share.row), amount_minor: share.amount })),
    reason_code: 'DUPLICATE',
    reason_text: 'Charged twice',
    login: 'reversals@example.com',
    reversed_at: t.clock.now(),
    ...overrides,
  };
}

/** The payer's open items (invoices, credits, debits; payments excluded). */
const openSum = async (): Promise<bigint> => (await ledgerSums(db)).open;

/** Reverses and checks that the payer's open items moved by exactly the amount (S) or not at all (E). */
async function reverse(reversal: LedgerReversal): Promise<LedgerReversalResult> {
  const before = await openSum();
  const result = await erp.reversePayment(reversal);
  const moved = result.message_type === 'S' && !result.replayed ? reversal.amount_minor : 0n;
  expect(await openSum(), 'the open items move by exactly the amount').toBe(before + moved);
  if (result.message_type === 'S' && !result.replayed) {
    expect(result.documents.reduce((sum, document) => sum + document.reopened_minor, 0n)).toBe(reversal.amount_minor);
  }
  return result;
}

const byKey = (a: { document_key: string }, b: { document_key: string }) =>
  a.document_key.localeCompare(b.document_key);

/** Everything a refused or replayed reversal must leave as it was. */
async function snapshot() {
  const count = async (table: typeof documents | typeof ledgerPaymentReversals | typeof ledgerPaymentReversalItems) =>
    (await db.select({ count: sql<number>`count(*)::int` }).from(table))[0]!.count;
  return {
    open: await openSum(),
    documents: await db.select().from(documents).where(eq(documents.payerNumber, '0000100001')).orderBy(documents.id),
    documentCount: await count(documents),
    balances: await balancesOf('0000100001'),
    reversals: await count(ledgerPaymentReversals),
    reversalItems: await count(ledgerPaymentReversalItems),
  };
}

function balancesOf(payerNumber: string) {
  return db
    .select()
    .from(accountBalances)
    .where(eq(accountBalances.payerNumber, payerNumber))
    .orderBy(accountBalances.soldtoNumber, accountBalances.currencyKey);
}

/** The maintained balances equal a rebuild from the documents; no open amount is on the wrong side of zero. */
const expectBalancesTrue = () => expectOpenItemsTrue(db);

describe('reversePayment in the built-in ledger', () => {
  it('reverses a whole invoice payment: the invoice reopens with the reason, the balances are back to the cent', async () => {
    const [invoice] = take(1);
    const balancesBefore = await balancesOf('0000100001');
    const { reference, result: posting } = await pay([{ row: invoice!, amount: invoice!.openAmount }]);
    const paid = await reload(invoice!.id);
    expect(paid).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await balancesOf('0000100001')).not.toEqual(balancesBefore);

    const result = await reverse(
      reversalOf(reference, invoice!.openAmount, [], {
        kind: 'chargeback',
        reason_code: '4837',
        reason_text: 'No cardholder authorization',
      }),
    );
    expect(result).toMatchObject({ message_type: 'S', message_line_string: '', replayed: false });
    expect(result.reversal_document_number).toMatch(/^\d+$/);
    expect(result.documents).toEqual([
      {
        document_key: keyOf(invoice!),
        document_number_finance: invoice!.documentNumberFinance,
        billing_document_number: invoice!.billingDocumentNumber,
        reopened_minor: invoice!.openAmount,
        open_after_minor: invoice!.openAmount,
      },
    ]);
    expect(await reload(invoice!.id)).toMatchObject({
      documentStatus: '01',
      openAmount: invoice!.openAmount,
      paidAmount: invoice!.paidAmount,
      clearingDate: null,
      clearingDocumentNumberFinance: '',
      reasonCode: '4837',
      reasonMessage: 'No cardholder authorization',
    });
    expect(await balancesOf('0000100001')).toEqual(balancesBefore);
    // The reversal document: a negative payment, the statement's movement, on the payment document's account.
    const paymentDocument = await documentNumbered(posting.payment_document_number);
    expect(await documentNumbered(result.reversal_document_number)).toMatchObject({
      itemIsAPayment: true,
      financeDocumentType: 'DZ',
      documentStatus: '02',
      openAmount: 0n,
      totalAmount: -invoice!.openAmount,
      payerNumber: paymentDocument.payerNumber,
      soldtoNumber: paymentDocument.soldtoNumber,
      referenceNumber: posting.payment_document_number,
    });
    const [row] = await db
      .select()
      .from(ledgerPaymentReversals)
      .where(eq(ledgerPaymentReversals.documentNumberFinance, result.reversal_document_number));
    expect(row).toMatchObject({ kind: 'chargeback', amount: invoice!.openAmount, debitDocumentId: null });
  });

  it('reverses part of a payment by the documents asked for, each by its share', async () => {
    const [first, second, third] = take(3, 300n);
    const { reference } = await pay([
      { row: first!, amount: first!.openAmount },
      { row: second!, amount: second!.openAmount },
      { row: third!, amount: third!.openAmount },
    ]);
    const result = await reverse(
      reversalOf(reference, 300n, [
        { row: first!, amount: 100n },
        { row: third!, amount: 200n },
      ]),
    );
    expect(result.message_type).toBe('S');
    expect(result.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(first!), 100n],
      [keyOf(third!), 200n],
    ]);
    expect(await reload(first!.id)).toMatchObject({ documentStatus: '01', openAmount: 100n, clearingDate: null });
    expect(await reload(second!.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await reload(third!.id)).toMatchObject({ documentStatus: '01', openAmount: 200n });
    // What is left of a document is what the payment applied less what earlier reversals gave back.
    const more = await reverse(
      reversalOf(reference, first!.openAmount - 100n, [{ row: first!, amount: first!.openAmount - 100n }]),
    );
    expect(more.message_type).toBe('S');
    expect(await reload(first!.id)).toMatchObject({ openAmount: first!.openAmount });
    const refused = await reverse(reversalOf(reference, 1n, [{ row: first!, amount: 1n }]));
    expect(refused).toMatchObject({ message_type: 'E', message_line_string: expect.stringContaining('left') });
  });

  it('takes what the shares leave of the amount as it would without documents: the last document first', async () => {
    const [first, second] = take(2, 300n);
    const { reference } = await pay([
      { row: first!, amount: first!.openAmount },
      { row: second!, amount: second!.openAmount },
    ]);
    const result = await reverse(reversalOf(reference, 300n, [{ row: first!, amount: 100n }]));
    expect(result.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(first!), 100n],
      [keyOf(second!), 200n],
    ]);
    // A document asked for and taken again for the rest is one line of what it got back.
    const again = await reverse(reversalOf(reference, second!.openAmount, [{ row: second!, amount: 1n }]));
    expect(again.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(second!), second!.openAmount - 200n],
      [keyOf(first!), 200n],
    ]);
    expect(await reload(second!.id)).toMatchObject({ documentStatus: '01', openAmount: second!.openAmount });
    expect(await reload(first!.id)).toMatchObject({ documentStatus: '01', openAmount: 300n });
  });

  it('without documents, takes back the over-payment credit first, then the last document, then the one before', async () => {
    const [first, second] = take(2, 300n);
    const { reference, result: posting } = await pay(
      [
        { row: first!, amount: first!.openAmount },
        { row: second!, amount: second!.openAmount + 500n },
      ],
      { amount: first!.openAmount + second!.openAmount + 500n },
    );
    const credit = await documentNumbered(posting.credit_document_number);
    expect(credit).toMatchObject({ documentStatus: '01', openAmount: -500n });

    const partOfCredit = await reverse(reversalOf(reference, 200n));
    expect(partOfCredit.documents).toEqual([
      expect.objectContaining({ document_key: keyOf(credit), reopened_minor: 200n, open_after_minor: -300n }),
    ]);
    expect(await reload(credit.id)).toMatchObject({ documentStatus: '01', openAmount: -300n });

    const restOfCreditAndLast = await reverse(reversalOf(reference, 400n));
    expect(restOfCreditAndLast.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(credit), 300n],
      [keyOf(second!), 100n],
    ]);
    // The credit is cleared by the reversal that took the last of it.
    expect(await reload(credit.id)).toMatchObject({
      documentStatus: '02',
      openAmount: 0n,
      clearingDocumentNumberFinance: restOfCreditAndLast.reversal_document_number,
    });
    expect(await reload(second!.id)).toMatchObject({ documentStatus: '01', openAmount: 100n });
    expect(await reload(first!.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });

    // The rest: what is left of the last document, then the one before it.
    const rest = second!.openAmount - 100n + first!.openAmount;
    const all = await reverse(reversalOf(reference, rest));
    expect(all.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(second!), second!.openAmount - 100n],
      [keyOf(first!), first!.openAmount],
    ]);
    expect(await reload(first!.id)).toMatchObject({ documentStatus: '01', openAmount: first!.openAmount });
    expect(await reload(second!.id)).toMatchObject({ documentStatus: '01', openAmount: second!.openAmount });
    expect((await reverse(reversalOf(reference, 1n))).message_type).toBe('E');
  });

  it('reverses a deposit whose credit was used elsewhere as a debit on account', async () => {
    const [elsewhere] = take(1, 1_000n);
    const { reference, result: deposit } = await pay([], { amount: 1_000n });
    const credit = await documentNumbered(deposit.credit_document_number);
    expect(credit).toMatchObject({ documentStatus: '01', openAmount: -1_000n, payerNumber: '0000100001' });
    // The whole credit pays another invoice along with a charge.
    await pay(
      [
        { row: credit, amount: -1_000n },
        { row: elsewhere!, amount: elsewhere!.openAmount },
      ],
      { amount: elsewhere!.openAmount - 1_000n },
    );
    expect(await reload(credit.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });

    const result = await reverse(reversalOf(reference, 1_000n, [], { kind: 'return', reason_code: 'R01' }));
    expect(result.message_type).toBe('S');
    expect(result.documents).toHaveLength(1);
    const debit = await documentNumbered(result.documents[0]!.document_number_finance);
    expect(result.documents[0]).toMatchObject({ reopened_minor: 1_000n, open_after_minor: 1_000n });
    expect(debit).toMatchObject({
      documentStatus: '01',
      openAmount: 1_000n,
      totalAmount: 1_000n,
      itemIsAPayment: false,
      payerNumber: credit.payerNumber,
      soldtoNumber: credit.soldtoNumber,
      reasonCode: 'R01',
    });
    // The credit used and the invoice it paid are left as they are.
    expect(await reload(credit.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await reload(elsewhere!.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });
  });

  it('reverses a deposit whose credit was partly used: what is left of the credit, then a debit for the rest', async () => {
    const [elsewhere] = take(1, 500n);
    const { reference, result: deposit } = await pay([], { amount: 1_000n });
    const credit = await documentNumbered(deposit.credit_document_number);
    const first = await reverse(reversalOf(reference, 300n));
    expect(first.documents).toEqual([expect.objectContaining({ document_key: keyOf(credit), reopened_minor: 300n })]);
    await pay(
      [
        { row: await reload(credit.id), amount: -500n },
        { row: elsewhere!, amount: elsewhere!.openAmount },
      ],
      { amount: elsewhere!.openAmount - 500n },
    );
    expect(await reload(credit.id)).toMatchObject({ documentStatus: '01', openAmount: -200n });

    const rest = await reverse(reversalOf(reference, 700n));
    expect(rest.documents.map((document) => [document.document_key, document.reopened_minor])).toEqual([
      [keyOf(credit), 200n],
      [expect.any(String), 500n],
    ]);
    expect(await reload(credit.id)).toMatchObject({ documentStatus: '02', openAmount: 0n });
    expect(await documentNumbered(rest.documents[1]!.document_number_finance)).toMatchObject({
      documentStatus: '01',
      openAmount: 500n,
    });
    expect((await reverse(reversalOf(reference, 1n))).message_type).toBe('E');
  });

  it('answers a reversal reference reversed before with what it did (replayed), and changes nothing', async () => {
    const [first, second] = take(2, 300n);
    const { reference } = await pay([
      { row: first!, amount: first!.openAmount },
      { row: second!, amount: second!.openAmount },
    ]);
    const reversal = reversalOf(reference, 250n, [
      { row: first!, amount: 200n },
      { row: second!, amount: 50n },
    ]);
    const done = await reverse(reversal);
    expect(done.message_type).toBe('S');
    const before = await snapshot();

    const again = await reverse(reversal);
    expect(again).toMatchObject({
      message_type: 'S',
      replayed: true,
      reversal_document_number: done.reversal_document_number,
    });
    expect([...again.documents].sort(byKey)).toEqual([...done.documents].sort(byKey));
    // Even with another amount: the reference was reversed once, as it was then.
    const otherAmount = await reverse({ ...reversal, amount_minor: 1n, documents: [] });
    expect(otherAmount).toMatchObject({ replayed: true, reversal_document_number: done.reversal_document_number });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses (E) with nothing changed: more than is left, an unknown or declined payment, a document it did not pay', async () => {
    const [paidOne, notPaid] = take(2, 1_000n);
    const { reference } = await pay([{ row: paidOne!, amount: 1_000n }]);
    const declined = randomUUID();
    await erp.postPayment({
      posting_reference: declined,
      log_id: 'POST_INVOICE',
      message_type: 'E',
      message_line_string: 'Declined',
      payer_data: payer,
      soldto_number: '',
      currency_key: 'USD',
      amount_minor: 500n,
      payment_card_token: '-VISA-1111-REVERSALTEST',
      payment_card_type: 'VISA',
      authorization_reference: '',
      order_number: declined,
      login: 'reversals@example.com',
      posted_at: t.clock.now(),
      documents: [{ document_key: keyOf(notPaid!), amount_minor: 500n, reason_code: '', comment: '' }],
      reference_number: '',
      reason_code: '',
      comment: '',
    });
    expect((await reverse(reversalOf(reference, 600n))).message_type).toBe('S');
    const before = await snapshot();

    const refusals: [string, LedgerReversal][] = [
      ['more than is left of the payment', reversalOf(reference, 401n)],
      ['more than is left, by documents', reversalOf(reference, 401n, [{ row: paidOne!, amount: 401n }])],
      ['an unknown payment', reversalOf(randomUUID(), 1n)],
      ['a declined payment', reversalOf(declined, 1n)],
      ['a document the payment did not pay', reversalOf(reference, 1n, [{ row: notPaid!, amount: 1n }])],
      [
        'a document twice',
        reversalOf(reference, 2n, [
          { row: paidOne!, amount: 1n },
          { row: paidOne!, amount: 1n },
        ]),
      ],
      ['shares that add up to more than the amount', reversalOf(reference, 1n, [{ row: paidOne!, amount: 2n }])],
      ['a share of zero', reversalOf(reference, 0n, [{ row: paidOne!, amount: 0n }])],
      ['an amount of zero', reversalOf(reference, 0n)],
      ['a negative amount', reversalOf(reference, -1n)],
      ['another currency', reversalOf(reference, 1n, [], { currency_key: 'EUR' })],
    ];
    for (const [what, reversal] of refusals) {
      const result = await reverse(reversal);
      expect(result, what).toEqual({
        message_type: 'E',
        message_line_string: expect.stringMatching(/.+/),
        reversal_document_number: '',
        documents: [],
        replayed: false,
      });
    }
    expect(await snapshot()).toEqual(before);
    // A reversal reference of another payment is not taken for this one.
    const [otherInvoice] = take(1);
    const other = await pay([{ row: otherInvoice!, amount: otherInvoice!.openAmount }]);
    const ofOther = reversalOf(other.reference, 1n);
    expect((await reverse(ofOther)).message_type).toBe('S');
    const afterOther = await snapshot();
    expect((await reverse({ ...ofOther, posting_reference: reference })).message_type).toBe('E');
    expect(await snapshot()).toEqual(afterOther);

    // What was left is still there to reverse.
    expect((await reverse(reversalOf(reference, 400n))).message_type).toBe('S');
    expect(await reload(paidOne!.id)).toMatchObject({ openAmount: paidOne!.openAmount });
  });

  it('rolls the reversal back when the caller’s step in its transaction fails, and runs it with the result', async () => {
    const [invoice] = take(1);
    const { reference } = await pay([{ row: invoice!, amount: invoice!.openAmount }]);
    const before = await snapshot();
    const reversal = reversalOf(reference, invoice!.openAmount);
    await expect(
      erp.reversePayment(reversal, {
        inTransaction: async () => {
          throw new Error('the portal could not write its part');
        },
      }),
    ).rejects.toThrow('the portal could not write its part');
    expect(await snapshot()).toEqual(before);

    let seen: { result: LedgerReversalResult; rows: number } | undefined;
    const result = await erp.reversePayment(reversal, {
      inTransaction: async (tx, inner) => {
        const rows = await tx
          .select()
          .from(ledgerPaymentReversals)
          .where(eq(ledgerPaymentReversals.reversalReference, reversal.reversal_reference));
        seen = { result: inner, rows: rows.length };
      },
    });
    expect(result.message_type).toBe('S');
    expect(seen).toEqual({ result, rows: 1 });
  });

  it('moves the payer’s open items by exactly the amount at every step of a payment reversed bit by bit', async () => {
    const [first, second, third] = take(3, 500n);
    const { reference } = await pay(
      [
        { row: first!, amount: first!.openAmount },
        { row: second!, amount: second!.openAmount },
        { row: third!, amount: third!.openAmount + 300n },
      ],
      { amount: first!.openAmount + second!.openAmount + third!.openAmount + 300n },
    );
    const total = first!.openAmount + second!.openAmount + third!.openAmount + 300n;
    const steps = [150n, 1n, 400n, 333n, ...[first!, second!, third!].map((row) => row.openAmount / 3n)];
    let reversed = 0n;
    for (const amount of steps) {
      // reverse() checks that the open items moved by exactly the amount.
      expect((await reverse(reversalOf(reference, amount))).message_type).toBe('S');
      reversed += amount;
    }
    expect((await reverse(reversalOf(reference, total - reversed + 1n))).message_type).toBe('E');
    expect((await reverse(reversalOf(reference, total - reversed))).message_type).toBe('S');
    for (const row of [first!, second!, third!]) {
      expect(await reload(row.id)).toMatchObject({ documentStatus: '01', openAmount: row.openAmount });
    }
  });

  it('gives the last cent to exactly one of two reversals at once', async () => {
    const [invoice] = take(1, 2n);
    const { reference } = await pay([{ row: invoice!, amount: invoice!.openAmount }]);
    expect((await reverse(reversalOf(reference, invoice!.openAmount - 1n))).message_type).toBe('S');
    const before = await openSum();
    const results = await Promise.all([
      erp.reversePayment(reversalOf(reference, 1n)),
      erp.reversePayment(reversalOf(reference, 1n)),
    ]);
    expect(results.map((result) => result.message_type).sort()).toEqual(['E', 'S']);
    expect(await openSum()).toBe(before + 1n);
    expect(await reload(invoice!.id)).toMatchObject({ documentStatus: '01', openAmount: invoice!.openAmount });
  });

  it('reverses one reference once when it is sent twice at once', async () => {
    const [invoice] = take(1);
    const { reference } = await pay([{ row: invoice!, amount: invoice!.openAmount }]);
    const before = await openSum();
    const reversal = reversalOf(reference, invoice!.openAmount);
    const results = await Promise.all([erp.reversePayment(reversal), erp.reversePayment(reversal)]);
    expect(results.map((result) => [result.message_type, result.replayed]).sort()).toEqual([
      ['S', false],
      ['S', true],
    ]);
    expect(results[0]!.reversal_document_number).toBe(results[1]!.reversal_document_number);
    expect(await openSum()).toBe(before + invoice!.openAmount);
  });

  it('writes the reversal of a sold-to account’s payment on the account of its payment document', async () => {
    const [invoice] = await openInvoicesOf('0000200001', 1);
    unused = unused.filter((row) => row.id !== invoice!.id);
    const { reference, result: posting } = await pay([{ row: invoice!, amount: invoice!.openAmount }], {
      customerNumber: '0000200001',
    });
    const paymentDocument = await documentNumbered(posting.payment_document_number);
    expect(paymentDocument).toMatchObject({ payerNumber: '0000100001', soldtoNumber: '0000200001' });
    const result = await reverse(reversalOf(reference, invoice!.openAmount));
    expect(result.message_type).toBe('S');
    // The statement of the payer holds the reversal's movement beside the invoice it reopened.
    expect(await documentNumbered(result.reversal_document_number)).toMatchObject({
      payerNumber: '0000100001',
      soldtoNumber: '0000200001',
    });
  });
});
