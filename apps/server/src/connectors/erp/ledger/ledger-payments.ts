// Payments in the built-in ledger: the documents a payer may pay, and the posting of a payment (or the record of a
// declined attempt), once per posting reference (the portal's payment intent).
//
// A posting, in one transaction:
// - claims the reference (INSERT ... ON CONFLICT DO NOTHING on payments): a second posting of it waits for the
//   first to commit, then answers what it posted;
// - locks the documents (SELECT ... FOR UPDATE, in id order so that overlapping postings cannot deadlock);
// - applies credits first, then the charged amount plus those credits to the invoices, each at most its open
//   amount; what is left over (an over-payment) becomes a credit on account. So the open amounts of the payer move
//   by exactly minus the amount charged, and no open amount passes zero from the wrong side;
// - clears what reaches zero (status 02, clearing date and document), keeps the residual of a partial payment open,
//   writes the payment document, the payment items (reason and comment kept) and the maintained account balances;
// - runs the caller's inTransaction step (the portal's intent completion and outbox mail) before it commits.
import type { LedgerDocument, PayerData } from '@portal/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { executeWithRowSets, executeWithRows, type Bind } from '../../../db/prepared';
import type { ErpConnector, LedgerPaymentPosting, LedgerPostingResult } from '../erp-connector';
import { isoDay, toLedgerNumber } from './ledger-format';
import type { CustomerScope, InvoiceQueries } from './ledger-invoices';
import { documents, payerSoldTos, paymentItems, payments } from './ledger.schema';
import { moveBalances } from './refresh-account-balances';
import { documentColumns, selectDocuments } from './ledger-document-rows';
import type { DocumentRow } from './ledger-wire';

export type PaymentPostings = Pick<ErpConnector, 'getPayableDocuments' | 'postPayment'>;

/** Payment documents and on-account credits get finance numbers of their own ranges (the seed uses 14…/17…). */
const paymentDocumentBase = 1_800_000_000;
const creditDocumentBase = 1_900_000_000;

type DocumentKey = { companyCode: string; documentNumberFinance: string; fiscalYear: string; lineItem: string };

function parseDocumentKey(key: string): DocumentKey | null {
  const [companyCode, documentNumberFinance, fiscalYear, lineItem, ...rest] = key.split('|');
  if (!companyCode || !documentNumberFinance || !fiscalYear || !lineItem || rest.length > 0) return null;
  return { companyCode, documentNumberFinance, fiscalYear, lineItem };
}

export function keyOf(
  row: Pick<DocumentRow, 'companyCode' | 'documentNumberFinance' | 'fiscalYear' | 'lineItem'>,
): string {
  return [row.companyCode, row.documentNumberFinance, row.fiscalYear, row.lineItem].join('|');
}

/**
 * The documents with these keys among the payers' (and sold-tos', when the account is one), invoices and credits
 * only: the keys go in as four arrays (one row value per document), so that the statement's text is the same for
 * any number of documents and is rendered once (executeShaped), in a transaction too (a payment reads its
 * documents twice and locks them once; an OR of 4-column conditions per document cost more CPU to build than
 * PostgreSQL spent on it).
 */
function payerDocumentsQuery(bind: Bind, forUpdate: boolean): SQL {
  const text = (name: string) => sql`${bind(name)}::text[]`;
  const where = and(
    sql`(${documents.companyCode}, ${documents.documentNumberFinance}, ${documents.fiscalYear}, ${documents.lineItem})
          IN (SELECT * FROM unnest(${text('companyCodes')}, ${text('numbers')}, ${text('years')}, ${text('lines')}))`,
    sql`${documents.payerNumber} = ANY(${text('payers')})`,
    sql`(cardinality(${text('soldTos')}) = 0 OR ${documents.soldtoNumber} = ANY(${text('soldTos')}))`,
    eq(documents.itemIsAPayment, false),
  );
  return sql`SELECT ${documentColumns} FROM ${documents} WHERE ${where} ORDER BY ${documents.id}${
    forUpdate ? sql` FOR UPDATE` : sql``
  }`;
}

export function createPaymentPostings(db: Db, invoices: InvoiceQueries): PaymentPostings {
  /** The payer's (group's, sold-to's) documents with these keys; payments and unknown keys are left out. */
  /**
   * `scope`: the account's payers and sold-tos resolved before a transaction began (resolveCustomer reads on its own
   * connection: inside a transaction on PGlite, whose one connection the transaction holds, it would wait forever).
   */
  async function payerDocuments(
    executor: Db | Tx,
    payer: PayerData,
    keys: string[],
    forUpdate: boolean,
    resolved?: CustomerScope,
  ) {
    const parsed = keys.map(parseDocumentKey).filter((key): key is DocumentKey => key !== null);
    if (parsed.length === 0) return [];
    const scope = resolved ?? (await invoices.resolveCustomer(payer.customer_number));
    return selectDocuments(executor, `payer_documents|${forUpdate}`, (bind) => payerDocumentsQuery(bind, forUpdate), {
      companyCodes: parsed.map((key) => key.companyCode),
      numbers: parsed.map((key) => key.documentNumberFinance),
      years: parsed.map((key) => key.fiscalYear),
      lines: parsed.map((key) => key.lineItem),
      payers: scope.payers,
      soldTos: scope.soldTos ?? [],
    });
  }

  /**
   * Whose payment this is in the ledger. An invoice payment: the account as asked (its documents carry their own
   * payer). A deposit (a payment on account, no documents) must land on one real payer, or the credit it makes would
   * belong to no one's open items: a sold-to account deposits for its payer, a payer-all group for the payer of the
   * chosen sold-to (else its first payer).
   */
  async function postingAccount(posting: LedgerPaymentPosting): Promise<{ payer: string; soldto: string }> {
    const asked = {
      payer: toLedgerNumber(posting.payer_data.customer_number),
      soldto: toLedgerNumber(posting.soldto_number),
    };
    if (posting.log_id !== 'POST_DEPOSIT') return asked;
    const scope = await invoices.resolveCustomer(posting.payer_data.customer_number);
    if (scope.soldTos) return { payer: scope.payers[0] ?? asked.payer, soldto: asked.soldto || scope.soldTos[0]! };
    if (scope.payers.length <= 1) {
      const payer = scope.payers[0] ?? asked.payer;
      return { payer, soldto: asked.soldto || payer };
    }
    const [ofSoldto] = asked.soldto
      ? await db
          .select({ payerNumber: payerSoldTos.payerNumber })
          .from(payerSoldTos)
          .where(and(eq(payerSoldTos.soldtoNumber, asked.soldto), inArray(payerSoldTos.payerNumber, scope.payers)))
          .limit(1)
      : [];
    const payer = ofSoldto?.payerNumber ?? scope.payers[0]!;
    return { payer, soldto: asked.soldto || payer };
  }

  async function getPayableDocuments(
    request: { payer_data: PayerData; document_keys: string[] },
    options: { beforeRead?: (tx: Db) => Promise<void> } = {},
  ): Promise<LedgerDocument[]> {
    const { beforeRead } = options;
    const scope = beforeRead ? await invoices.resolveCustomer(request.payer_data.customer_number) : undefined;
    const rows = beforeRead
      ? await db.transaction(async (tx) => {
          await beforeRead(tx);
          return payerDocuments(tx, request.payer_data, request.document_keys, false, scope);
        })
      : await payerDocuments(db, request.payer_data, request.document_keys, false);
    return invoices.toWire(rows);
  }

  async function postPayment(
    posting: LedgerPaymentPosting,
    options: { inTransaction?: (tx: Db, result: LedgerPostingResult) => Promise<void> } = {},
  ): Promise<LedgerPostingResult> {
    const account = await postingAccount(posting);
    const scope = await invoices.resolveCustomer(posting.payer_data.customer_number);
    return db.transaction(async (tx) => {
      const day = isoDay(posting.posted_at);
      const payment = {
        postingReference: posting.posting_reference,
        logId: posting.log_id,
        messageType: posting.message_type,
        messageLineString: posting.message_line_string,
        companyCode: posting.payer_data.company_code,
        payerNumber: account.payer,
        soldtoNumber: account.soldto,
        currencyKey: posting.currency_key,
        amount: posting.amount_minor,
        paymentCardToken: posting.payment_card_token,
        paymentCardType: posting.payment_card_type,
        authorizationReference: posting.authorization_reference,
        orderNumber: posting.order_number,
        referenceNumber: posting.reference_number,
        reasonCode: posting.reason_code,
        comment: posting.comment,
        login: posting.login,
        documentDate: day,
        postedAt: posting.posted_at,
      };
      const [claimed] = await executeWithRows<{ id: number | string }, typeof payment>(
        tx,
        'claim_posting',
        [payment],
        (rows) =>
          tx
            .insert(payments)
            .values(rows)
            .onConflictDoNothing({ target: payments.postingReference })
            .returning({ id: payments.id }),
      );

      const result = claimed
        ? await applyPosting(tx as unknown as Db, Number(claimed.id), posting, day, account, scope)
        : await postedBefore(tx as unknown as Db, posting.posting_reference);
      await options.inTransaction?.(tx as unknown as Db, result);
      return result;
    });
  }

  async function applyPosting(
    tx: Db,
    paymentId: number,
    posting: LedgerPaymentPosting,
    day: string,
    account: { payer: string; soldto: string },
    scope: CustomerScope,
  ): Promise<LedgerPostingResult> {
    const noDocuments = (): LedgerPostingResult => ({
      message_type: posting.message_type,
      payment_document_number: '',
      credit_document_number: '',
      documents: [],
      replayed: false,
    });
    if (posting.message_type === 'E') return noDocuments();

    const rows = await payerDocuments(
      tx,
      posting.payer_data,
      posting.documents.map((document) => document.document_key),
      true,
      scope,
    );
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    const payer = account.payer;
    const soldto = account.soldto || rows[0]?.soldtoNumber || payer;
    const paymentNumber = String(paymentDocumentBase + paymentId);

    // Credits first: what they give (clamped to what is still open on them) pays invoices along with the charge.
    const applied = new Map<string, bigint>();
    let pool = posting.amount_minor;
    for (const item of posting.documents) {
      const row = byKey.get(item.document_key);
      if (!row || row.documentStatus !== '01' || row.openAmount >= 0n || item.amount_minor >= 0n) continue;
      const use = item.amount_minor < row.openAmount ? row.openAmount : item.amount_minor;
      applied.set(item.document_key, use);
      pool -= use;
    }
    for (const item of posting.documents) {
      const row = byKey.get(item.document_key);
      if (!row || row.documentStatus !== '01' || row.openAmount <= 0n || item.amount_minor <= 0n) continue;
      const wanted = item.amount_minor < row.openAmount ? item.amount_minor : row.openAmount;
      const use = wanted < pool ? wanted : pool;
      if (use <= 0n) continue;
      applied.set(item.document_key, use);
      pool -= use;
    }
    const overpayment = pool > 0n ? pool : 0n;

    const balanceChanges: BalanceChange[] = [];
    const results: LedgerPostingResult['documents'] = [];
    const changed: { row: DocumentRow; use: bigint; openAfter: bigint; reason: string; comment: string }[] = [];
    for (const item of posting.documents) {
      const row = byKey.get(item.document_key);
      const use = applied.get(item.document_key) ?? 0n;
      if (!row) continue;
      const openAfter = row.openAmount - use;
      if (use !== 0n) {
        changed.push({ row, use, openAfter, reason: item.reason_code, comment: item.comment });
        balanceChanges.push({ row, openBefore: row.openAmount, openAfter, clearedAfter: openAfter === 0n });
      }
      results.push({
        document_key: item.document_key,
        document_number_finance: row.documentNumberFinance,
        billing_document_number: row.billingDocumentNumber,
        applied_minor: use,
        open_after_minor: openAfter,
      });
    }
    if (changed.length > 0) {
      // One statement for all the documents (a payment of 10 invoices is one round trip, not 10); amounts as text
      // for the two drivers. What reaches zero is cleared by this payment.
      const updates = changed.map((change) => ({
        id: change.row.id,
        openAmount: String(change.openAfter),
        paidAmount: String(change.row.paidAmount + change.use),
        reasonCode: change.reason || change.row.reasonCode,
        reasonMessage: change.comment || change.row.reasonMessage,
      }));
      const items = changed.map((change) => ({
        paymentId,
        documentId: change.row.id,
        amount: change.use,
        openBefore: change.row.openAmount,
        openAfter: change.openAfter,
        reasonCode: change.reason,
        comment: change.comment,
      }));
      // The documents and the payment's items in one statement.
      await executeWithRowSets(
        tx,
        'apply_documents',
        { updates, items },
        (sets, bind) => {
          const rowsOf = sets.updates.map(
            (row) =>
              sql`(${row.id}::bigint, ${row.openAmount}::bigint, ${row.paidAmount}::bigint, ${row.reasonCode}, ${row.reasonMessage})`,
          );
          return sql`
            WITH applied AS (UPDATE ${documents} AS d SET
              open_amount = v.open_amount,
              paid_amount = v.paid_amount,
              reason_code = v.reason_code,
              reason_message = v.reason_message,
              document_status = CASE WHEN v.open_amount = 0 THEN '02' ELSE d.document_status END,
              clearing_date = CASE WHEN v.open_amount = 0 THEN ${bind('day')}::date ELSE d.clearing_date END,
              clearing_document_number_finance =
                CASE WHEN v.open_amount = 0 THEN ${bind('paymentNumber')} ELSE d.clearing_document_number_finance END
            FROM (VALUES ${sql.join(rowsOf, sql`, `)}) AS v(id, open_amount, paid_amount, reason_code, reason_message)
            WHERE d.id = v.id)
            ${tx.insert(paymentItems).values(sets.items).getSQL()}`;
        },
        { day, paymentNumber },
      );
    }

    const template = rows[0];
    const base = {
      companyCode: posting.payer_data.company_code,
      billingDocumentNumber: '',
      billingDocumentType: '',
      postingDate: day,
      documentDate: day,
      dueDate: day,
      currencyKey: posting.currency_key,
      fiscalYear: day.slice(0, 4),
      lineItem: '001',
      payerNumber: template?.payerNumber ?? payer,
      soldtoNumber: template?.soldtoNumber ?? soldto,
      customerNumber: template?.soldtoNumber ?? soldto,
      referenceNumber: posting.reference_number || posting.order_number,
      reasonCode: posting.reason_code,
      reasonMessage: posting.comment,
    };
    const paymentDocument = {
      ...base,
      documentNumberFinance: paymentNumber,
      clearingDate: day,
      clearingDocumentNumberFinance: paymentNumber,
      openAmount: 0n,
      paidAmount: posting.amount_minor,
      totalAmount: posting.amount_minor,
      financeDocumentType: 'DZ',
      financeDocumentOnly: true,
      itemIsAPayment: true,
      documentStatus: '02',
    };
    let creditNumber = '';
    let creditId: number | null = null;
    if (overpayment > 0n) {
      creditNumber = String(creditDocumentBase + paymentId);
      const [credit] = await tx
        .insert(documents)
        .values({
          ...base,
          documentNumberFinance: creditNumber,
          clearingDate: null,
          clearingDocumentNumberFinance: '',
          openAmount: -overpayment,
          paidAmount: 0n,
          totalAmount: -overpayment,
          financeDocumentType: 'DZ',
          financeDocumentOnly: true,
          itemIsAPayment: false,
          documentStatus: '01',
        })
        .returning();
      creditId = credit!.id;
      balanceChanges.push({ row: credit!, openBefore: 0n, openAfter: -overpayment, clearedAfter: false, isNew: true });
    }

    // The payment document, and the payment's reference to it, in one statement.
    const paymentUpdate = {
      creditDocumentId: creditId,
      documentNumberFinance: paymentNumber,
      soldtoNumber: base.soldtoNumber,
    };
    await executeWithRowSets(
      tx,
      'payment_document',
      { document: [paymentDocument], payment: [paymentUpdate] },
      (sets, bind) =>
        sql`WITH written AS (${tx.insert(documents).values(sets.document).returning({ id: documents.id }).getSQL()})
          ${tx
            .update(payments)
            .set({ ...sets.payment[0]!, paymentDocumentId: sql`(SELECT id FROM written)` })
            .where(eq(payments.id, bind('paymentId')))
            .getSQL()}`,
      { paymentId },
    );
    await updateBalances(tx, balanceChanges);

    return {
      message_type: 'S',
      payment_document_number: paymentNumber,
      credit_document_number: creditNumber,
      documents: results,
      replayed: false,
    };
  }

  async function postedBefore(tx: Db, reference: string): Promise<LedgerPostingResult> {
    const [payment] = await tx.select().from(payments).where(eq(payments.postingReference, reference));
    if (!payment) throw new Error(`posting ${reference} vanished`);
    const items = await tx
      .select({ item: paymentItems, document: documents })
      .from(paymentItems)
      .innerJoin(documents, eq(documents.id, paymentItems.documentId))
      .where(eq(paymentItems.paymentId, payment.id));
    return {
      message_type: payment.messageType === 'S' ? 'S' : 'E',
      payment_document_number: payment.documentNumberFinance,
      credit_document_number: payment.creditDocumentId ? String(creditDocumentBase + payment.id) : '',
      documents: items.map(({ item, document }) => ({
        document_key: keyOf(document),
        document_number_finance: document.documentNumberFinance,
        billing_document_number: document.billingDocumentNumber,
        applied_minor: item.amount,
        open_after_minor: item.openAfter,
      })),
      replayed: true,
    };
  }

  return { getPayableDocuments, postPayment };
}

export type BalanceChange = {
  row: DocumentRow;
  openBefore: bigint;
  openAfter: bigint;
  clearedAfter: boolean;
  isNew?: boolean;
};

/** What one open item adds to its account's maintained balance (refresh-account-balances.ts builds the same). */
function contribution(open: bigint, isOpenItem: boolean) {
  if (!isOpenItem) return { invoices: 0n, credits: 0n, invoiceCount: 0, creditCount: 0 };
  return {
    invoices: open > 0n ? open : 0n,
    credits: open < 0n ? open : 0n,
    invoiceCount: open > 0n ? 1 : 0,
    creditCount: open < 0n ? 1 : 0,
  };
}

/**
 * Keeps ledger.account_balances true after a posting: each changed document moves its account's totals by the
 * difference of what it contributes before and after. Due and past due split at the rows' as_of day, as the daily
 * rebuild does (every row has the rebuild's day). One statement for the whole posting, summed per account in SQL
 * (a payment of 10 invoices of one account is one round trip, not 10), its rows in key order so that concurrent
 * postings lock them in one order.
 */
export async function updateBalances(tx: Db, changes: BalanceChange[]): Promise<void> {
  const deltas = changes.flatMap((change): BalanceDelta[] => {
    const before = contribution(change.openBefore, !change.isNew);
    const after = contribution(change.openAfter, !change.clearedAfter);
    const invoices = after.invoices - before.invoices;
    const credits = after.credits - before.credits;
    const invoiceCount = after.invoiceCount - before.invoiceCount;
    const creditCount = after.creditCount - before.creditCount;
    if (invoices === 0n && credits === 0n && invoiceCount === 0 && creditCount === 0) return [];
    // Amounts travel as text: the two drivers (node-postgres, PGlite) do not agree on bigint parameters.
    return [
      {
        payerNumber: change.row.payerNumber,
        soldtoNumber: change.row.soldtoNumber,
        currencyKey: change.row.currencyKey,
        dueDate: change.row.dueDate,
        invoices: String(invoices),
        credits: String(credits),
        invoiceCount,
        creditCount,
      },
    ];
  });
  await applyBalanceDeltas(tx, deltas);
}

/** One account's totals moved by an open item: amounts as text (the two drivers disagree on bigint parameters). */
export type BalanceDelta = {
  payerNumber: string;
  soldtoNumber: string;
  currencyKey: string;
  dueDate: string;
  invoices: string;
  credits: string;
  invoiceCount: number;
  creditCount: number;
};

/** Moves ledger.account_balances by these deltas (a posting's, an import batch's) in one statement. */
export async function applyBalanceDeltas(tx: Db, deltas: BalanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  // Rendered once per number of changed accounts (db/prepared.ts).
  await executeWithRows(tx, 'update_balances', deltas, (rows) => {
    const values = rows.map(
      (row) => sql`(${row.payerNumber}, ${row.soldtoNumber}, ${row.currencyKey}, ${row.dueDate}::date,
        ${row.invoices}::bigint, ${row.credits}::bigint, ${row.invoiceCount}::int, ${row.creditCount}::int)`,
    );
    return moveBalances(sql`(VALUES ${sql.join(values, sql`, `)})
      AS v(payer_number, soldto_number, currency_key, due_date, invoices, credits, invoice_count, credit_count)`);
  });
}
