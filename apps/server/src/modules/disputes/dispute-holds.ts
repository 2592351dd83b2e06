// Issue 39, what an open dispute changes (ADR 0034): while a dispute is open or in review, its amount is held back
// from reminders and AutoPay, and the invoice list and the worklist show it. This reads those holds, keyed by the
// invoice's document key (paymentDocumentKey: what the unique index of the active dispute goes by), in one query on
// an index: by documents (the unique index), by account (the account index), or all of them (the collections job:
// active disputes are few). A resolved or withdrawn dispute holds nothing.
import { activeInvoiceDisputeStatuses, type InvoiceDisputeStatus } from '@portal/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceDisputes } from '../../db/schema';
import { normalizeNumber } from '../customers/account-access';

export type DisputeHold = {
  id: string;
  /** D-123: what both sides call it. */
  reference: string;
  status: InvoiceDisputeStatus;
  /** The disputed amount, in the invoice's currency's minor units. */
  amountMinor: bigint;
  currencyDecimals: number;
  payerNumber: string;
  soldtoNumber: string;
  companyCode: string;
  documentNumberFinance: string;
};

/** Which holds to read: some documents, one account (payer and company code), or sold-tos of a company code. */
export type DisputeHoldFilter =
  | { documentKeys: readonly string[] }
  | { companyCode: string; payerNumber: string }
  | { companyCode: string; soldtoNumbers: readonly string[] };

export const disputeReference = (reference: number): string => `D-${reference}`;

/** The ways an account number may be stored: as given, without leading zeros, and as the ERP pads it (10 digits). */
function numberForms(number: string): string[] {
  const bare = normalizeNumber(number);
  return [...new Set([number, bare, bare.padStart(10, '0')])];
}

export async function activeDisputeHolds(db: Db, filter?: DisputeHoldFilter): Promise<Map<string, DisputeHold>> {
  const conditions: SQL[] = [inArray(invoiceDisputes.status, [...activeInvoiceDisputeStatuses])];
  if (filter && 'documentKeys' in filter) {
    if (filter.documentKeys.length === 0) return new Map();
    conditions.push(inArray(invoiceDisputes.documentKey, [...new Set(filter.documentKeys)]));
  } else if (filter && 'payerNumber' in filter) {
    conditions.push(
      eq(invoiceDisputes.companyCode, filter.companyCode),
      inArray(invoiceDisputes.payerNumber, numberForms(filter.payerNumber)),
    );
  } else if (filter) {
    if (filter.soldtoNumbers.length === 0) return new Map();
    conditions.push(
      eq(invoiceDisputes.companyCode, filter.companyCode),
      inArray(invoiceDisputes.soldtoNumber, [...new Set(filter.soldtoNumbers.flatMap(numberForms))]),
    );
  }
  const rows = await db
    .select({
      id: invoiceDisputes.id,
      reference: invoiceDisputes.reference,
      status: invoiceDisputes.status,
      amountMinor: invoiceDisputes.amountMinor,
      currencyDecimals: invoiceDisputes.currencyDecimals,
      payerNumber: invoiceDisputes.payerNumber,
      soldtoNumber: invoiceDisputes.soldtoNumber,
      companyCode: invoiceDisputes.companyCode,
      documentNumberFinance: invoiceDisputes.documentNumberFinance,
      documentKey: invoiceDisputes.documentKey,
    })
    .from(invoiceDisputes)
    .where(and(...conditions))
    // Newest first: a list cut short (filter 94 takes 200 numbers) keeps the newest.
    .orderBy(desc(invoiceDisputes.reference));
  return new Map(
    rows.map(({ documentKey, reference, ...row }) => [
      documentKey,
      { ...row, reference: disputeReference(reference) } satisfies DisputeHold,
    ]),
  );
}

/**
 * What is still owed of an invoice while its dispute holds: the open amount less the disputed amount, never below
 * zero (the open amount may have dropped below the disputed amount since, by a payment or a credit). No hold: all of it.
 */
export function undisputedMinor(openMinor: bigint, hold: Pick<DisputeHold, 'amountMinor'> | undefined): bigint {
  if (!hold) return openMinor;
  const rest = openMinor - hold.amountMinor;
  return rest > 0n ? rest : 0n;
}

/** How many active disputes each account has (the worklist's count), keyed by disputeAccountKey. */
export function disputesPerAccount(holds: Iterable<DisputeHold>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const hold of holds) {
    const key = disputeAccountKey(hold.payerNumber, hold.companyCode);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export const disputeAccountKey = (payerNumber: string, companyCode: string): string =>
  `${normalizeNumber(payerNumber)}|${companyCode}`;
