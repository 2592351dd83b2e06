// Issue 37: reversals of posted payments in the built-in ledger (refunds, returned bank debits, chargebacks), once per
// reversal reference (the portal's reversal id). In one transaction:
// - locks the payment (SELECT ... FOR UPDATE on ledger.payments): reversals of one payment run one at a time, so two
//   of them cannot both take the last cent; a reference reversed before answers what it did (replayed);
// - refuses (E, nothing changed) an unknown or unposted payment, an amount above what is left of it, a document the
//   payment did not pay or a share above what is left on it;
// - gives back the shares asked for per document, then the rest (all of it when none is asked for) from what went on
//   account first (the over-payment's credit, as far as it is still open), then the documents the payment paid, the
//   last one first, each at most what the payment applied less what earlier reversals gave back. What nobody can
//   take back (a deposit's credit already used) becomes a debit on account. So the payer's open amounts move by
//   exactly plus the amount;
// - reopens what it gives back (status 01, no clearing; the reason kept on the document), writes the reversal
//   document (finance type DZ, a negative payment: the statement's movement), its items and the account balances;
// - runs the caller's inTransaction step before it commits.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { LedgerReversal, LedgerReversalResult } from '../erp-connector';
import { isoDay } from './ledger-format';
import { keyOf, updateBalances, type BalanceChange } from './ledger-payments';
import {
  documents,
  ledgerPaymentReversalItems as paymentReversalItems,
  ledgerPaymentReversals as paymentReversals,
  paymentItems,
  payments,
} from './ledger.schema';
import type { DocumentRow } from './ledger-wire';

/** Reversal documents and debits on account get finance numbers of their own ranges (payments 18…, credits 19…). */
const reversalDocumentBase = 2_000_000_000;
const debitDocumentBase = 2_100_000_000;

type Reopen = { row: DocumentRow; amount: bigint };

const refused = (message: string): LedgerReversalResult => ({
  message_type: 'E',
  message_line_string: message,
  reversal_document_number: '',
  documents: [],
  replayed: false,
});

export function createPaymentReversals(db: Db) {
  async function reversePayment(
    reversal: LedgerReversal,
    options: { inTransaction?: (tx: Db, result: LedgerReversalResult) => Promise<void> } = {},
  ): Promise<LedgerReversalResult> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const result = await reverseLocked(tx, reversal);
      await options.inTransaction?.(tx, result);
      return result;
    });
  }

  async function reverseLocked(tx: Db, reversal: LedgerReversal): Promise<LedgerReversalResult> {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.postingReference, reversal.posting_reference))
      .for('update');
    if (!payment || payment.messageType !== 'S' || !payment.paymentDocumentId)
      return refused(`payment ${reversal.posting_reference} is not posted`);
    const [before] = await tx
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.reversalReference, reversal.reversal_reference));
    if (before) {
      if (before.paymentId !== payment.id)
        return refused(`reversal ${reversal.reversal_reference} is of another payment`);
      return reversedBefore(tx, before);
    }
    if (reversal.currency_key !== payment.currencyKey) return refused(`the payment is in ${payment.currencyKey}`);
    if (reversal.amount_minor <= 0n) return refused('the amount must be more than zero');

    const earlier = await tx
      .select({ id: paymentReversals.id, amount: paymentReversals.amount })
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id));
    const reversedSoFar = earlier.reduce((sum, row) => sum + row.amount, 0n);
    if (reversedSoFar + reversal.amount_minor > payment.amount)
      return refused(`only ${payment.amount - reversedSoFar} of the payment is left to reverse`);

    // What the payment paid per document (credits it used are left used), and what earlier reversals gave back.
    const items = await tx
      .select({ documentId: paymentItems.documentId, amount: paymentItems.amount })
      .from(paymentItems)
      .where(eq(paymentItems.paymentId, payment.id))
      .orderBy(paymentItems.documentId);
    const given = new Map<number, bigint>();
    if (earlier.length > 0) {
      const earlierItems = await tx
        .select({
          documentId: paymentReversalItems.documentId,
          moved: sql<string>`sum(${paymentReversalItems.openAfter} - ${paymentReversalItems.openBefore})::text`,
        })
        .from(paymentReversalItems)
        .where(
          inArray(
            paymentReversalItems.reversalId,
            earlier.map((row) => row.id),
          ),
        )
        .groupBy(paymentReversalItems.documentId);
      for (const row of earlierItems) given.set(Number(row.documentId), BigInt(row.moved));
    }
    const paidIds = items.filter((item) => item.amount > 0n).map((item) => Number(item.documentId));
    const lockIds = [...paidIds, ...(payment.creditDocumentId ? [Number(payment.creditDocumentId)] : [])];
    const rows =
      lockIds.length > 0
        ? await tx.select().from(documents).where(inArray(documents.id, lockIds)).orderBy(documents.id).for('update')
        : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const left = new Map<number, bigint>(
      items
        .filter((item) => item.amount > 0n)
        .map((item) => [Number(item.documentId), item.amount - (given.get(Number(item.documentId)) ?? 0n)]),
    );

    // The documents asked for first, each within what is left on it; the rest (all of it when none is asked for) from
    // what went on account, then the documents the payment paid, the last one first; then a debit on account.
    const reopen: Reopen[] = [];
    let rest = reversal.amount_minor;
    const byKey = new Map(rows.filter((row) => left.has(row.id)).map((row) => [keyOf(row), row]));
    for (const asked of reversal.documents) {
      const row = byKey.get(asked.document_key);
      if (!row || reopen.some((entry) => entry.row.id === row.id))
        return refused(`document ${asked.document_key} is not one the payment paid`);
      const room = left.get(row.id) ?? 0n;
      if (asked.amount_minor <= 0n || asked.amount_minor > room)
        return refused(`only ${room} of document ${asked.document_key} is left to reverse`);
      reopen.push({ row, amount: asked.amount_minor });
      left.set(row.id, room - asked.amount_minor);
      rest -= asked.amount_minor;
    }
    if (rest < 0n) return refused('the documents add up to more than the amount');
    const credit = payment.creditDocumentId ? byId.get(Number(payment.creditDocumentId)) : undefined;
    if (rest > 0n && credit && credit.documentStatus === '01' && credit.openAmount < 0n) {
      const take = -credit.openAmount < rest ? -credit.openAmount : rest;
      reopen.push({ row: credit, amount: take });
      rest -= take;
    }
    for (const id of [...paidIds].reverse()) {
      if (rest === 0n) break;
      const row = byId.get(id);
      const room = left.get(id) ?? 0n;
      if (!row || room <= 0n) continue;
      const take = room < rest ? room : rest;
      const already = reopen.find((entry) => entry.row.id === id);
      if (already) already.amount += take;
      else reopen.push({ row, amount: take });
      rest -= take;
    }
    return writeReversal(tx, reversal, payment, reopen, rest);
  }

  async function writeReversal(
    tx: Db,
    reversal: LedgerReversal,
    payment: typeof payments.$inferSelect,
    reopen: Reopen[],
    onAccount: bigint,
  ): Promise<LedgerReversalResult> {
    const day = isoDay(reversal.reversed_at);
    const [claimed] = await tx
      .insert(paymentReversals)
      .values({
        reversalReference: reversal.reversal_reference,
        paymentId: payment.id,
        kind: reversal.kind,
        amount: reversal.amount_minor,
        reasonCode: reversal.reason_code,
        reasonText: reversal.reason_text,
        login: reversal.login,
        reversedAt: reversal.reversed_at,
      })
      .returning({ id: paymentReversals.id });
    const reversalId = Number(claimed!.id);
    const number = String(reversalDocumentBase + reversalId);

    const changes: BalanceChange[] = [];
    const results: LedgerReversalResult['documents'] = [];
    for (const { row, amount } of reopen) {
      const openAfter = row.openAmount + amount;
      const isCredit = row.openAmount < 0n;
      // A credit given back shrinks toward zero (cleared by this reversal when it gets there); an invoice reopens.
      const cleared = isCredit && openAfter === 0n;
      await tx
        .update(documents)
        .set(
          isCredit
            ? {
                openAmount: openAfter,
                documentStatus: cleared ? '02' : '01',
                clearingDate: cleared ? day : null,
                clearingDocumentNumberFinance: cleared ? number : '',
              }
            : {
                openAmount: openAfter,
                paidAmount: row.paidAmount - amount,
                documentStatus: '01',
                clearingDate: null,
                clearingDocumentNumberFinance: '',
                reasonCode: reversal.reason_code.slice(0, 10),
                reasonMessage: reversal.reason_text,
              },
        )
        .where(eq(documents.id, row.id));
      await tx
        .insert(paymentReversalItems)
        .values({ reversalId, documentId: row.id, openBefore: row.openAmount, openAfter });
      changes.push({
        row,
        openBefore: row.documentStatus === '01' ? row.openAmount : 0n,
        openAfter,
        clearedAfter: cleared,
      });
      results.push({
        document_key: keyOf(row),
        document_number_finance: row.documentNumberFinance,
        billing_document_number: row.billingDocumentNumber,
        reopened_minor: amount,
        open_after_minor: openAfter,
      });
    }

    // On the account of the payment's document, where postPayment wrote it (the documents' payer and sold-to): a
    // sold-to or a payer-all group that paid is the payment's payer_number, not the payer of the statement.
    const [paid] = await tx
      .select({ payerNumber: documents.payerNumber, soldtoNumber: documents.soldtoNumber })
      .from(documents)
      .where(eq(documents.id, Number(payment.paymentDocumentId)));
    const base = {
      companyCode: payment.companyCode,
      billingDocumentNumber: '',
      billingDocumentType: '',
      postingDate: day,
      documentDate: day,
      dueDate: day,
      currencyKey: payment.currencyKey,
      fiscalYear: day.slice(0, 4),
      lineItem: '001',
      payerNumber: paid?.payerNumber ?? payment.payerNumber,
      soldtoNumber: paid?.soldtoNumber ?? (payment.soldtoNumber || payment.payerNumber),
      customerNumber: paid?.soldtoNumber ?? (payment.soldtoNumber || payment.payerNumber),
      referenceNumber: payment.documentNumberFinance,
      reasonCode: reversal.reason_code.slice(0, 10),
      reasonMessage: reversal.reason_text,
      financeDocumentType: 'DZ',
      financeDocumentOnly: true,
    };
    let debitId: number | null = null;
    if (onAccount > 0n) {
      // Nothing of the payment is left to take it back from: the payer owes it on account.
      const [debit] = await tx
        .insert(documents)
        .values({
          ...base,
          documentNumberFinance: String(debitDocumentBase + reversalId),
          clearingDate: null,
          clearingDocumentNumberFinance: '',
          openAmount: onAccount,
          paidAmount: 0n,
          totalAmount: onAccount,
          itemIsAPayment: false,
          documentStatus: '01',
        })
        .returning();
      debitId = debit!.id;
      changes.push({ row: debit!, openBefore: 0n, openAfter: onAccount, clearedAfter: false, isNew: true });
      results.push({
        document_key: keyOf(debit!),
        document_number_finance: debit!.documentNumberFinance,
        billing_document_number: '',
        reopened_minor: onAccount,
        open_after_minor: onAccount,
      });
    }
    const [document] = await tx
      .insert(documents)
      .values({
        ...base,
        documentNumberFinance: number,
        clearingDate: day,
        clearingDocumentNumberFinance: number,
        openAmount: 0n,
        paidAmount: -reversal.amount_minor,
        totalAmount: -reversal.amount_minor,
        itemIsAPayment: true,
        documentStatus: '02',
      })
      .returning({ id: documents.id });
    await tx
      .update(paymentReversals)
      .set({ documentId: document!.id, documentNumberFinance: number, debitDocumentId: debitId })
      .where(eq(paymentReversals.id, reversalId));
    await updateBalances(tx, changes);
    return {
      message_type: 'S',
      message_line_string: '',
      reversal_document_number: number,
      documents: results,
      replayed: false,
    };
  }

  async function reversedBefore(tx: Db, reversal: typeof paymentReversals.$inferSelect): Promise<LedgerReversalResult> {
    const items = await tx
      .select({ item: paymentReversalItems, document: documents })
      .from(paymentReversalItems)
      .innerJoin(documents, eq(documents.id, paymentReversalItems.documentId))
      .where(eq(paymentReversalItems.reversalId, reversal.id))
      .orderBy(desc(paymentReversalItems.documentId));
    const debit = reversal.debitDocumentId
      ? (
          await tx
            .select()
            .from(documents)
            .where(and(eq(documents.id, reversal.debitDocumentId)))
        )[0]
      : undefined;
    return {
      message_type: 'S',
      message_line_string: '',
      reversal_document_number: reversal.documentNumberFinance,
      documents: [
        ...items.map(({ item, document }) => ({
          document_key: keyOf(document),
          document_number_finance: document.documentNumberFinance,
          billing_document_number: document.billingDocumentNumber,
          reopened_minor: item.openAfter - item.openBefore,
          open_after_minor: item.openAfter,
        })),
        ...(debit
          ? [
              {
                document_key: keyOf(debit),
                document_number_finance: debit.documentNumberFinance,
                billing_document_number: '',
                reopened_minor: debit.totalAmount,
                open_after_minor: debit.totalAmount,
              },
            ]
          : []),
      ],
      replayed: true,
    };
  }

  return { reversePayment };
}
