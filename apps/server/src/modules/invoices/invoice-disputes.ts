// Issue 39: what the invoice list and the invoice detail say of disputes (ADR 0034 "What a dispute changes"): the
// badge of each invoice of a page with a dispute open or in review, the "disputed only" filter (the portal's own
// record: the account's disputed invoices' numbers are passed to the ERP's search as filter 94), and the invoice
// detail's dispute. A customer user sees the disputes of the invoices it sees (dispute-access.ts), nothing else.
import {
  activeInvoiceDisputeStatuses,
  maxDocumentListFilterNumbers,
  paymentDocumentKey,
  type DocumentDisputed,
  type InvoiceDetailResponse,
  type InvoiceHeaderData,
  type LedgerDocument,
} from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invoiceDisputes } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { normalizeNumber } from '../customers/account-access';
import { disputeReader, sees } from '../disputes/dispute-access';
import { activeDisputeHolds, disputeReference, type DisputeHoldFilter } from '../disputes/dispute-holds';
import type { InvoiceScope } from './invoice-scope';

/** The documents of a page with a dispute open or in review that the user sees. */
export async function documentsDisputed(
  ctx: AppContext,
  actor: Actor,
  documents: readonly LedgerDocument[],
): Promise<DocumentDisputed[]> {
  const holds = await activeDisputeHolds(ctx.db, { documentKeys: documents.map(paymentDocumentKey) });
  if (holds.size === 0) return [];
  const reader = await disputeReader(ctx, actor);
  return [...holds.entries()]
    .filter(([, hold]) => sees(reader, hold))
    .map(([documentKey, hold]) => ({
      document_key: documentKey,
      id: hold.id,
      reference: hold.reference,
      status: hold.status,
      amount: formatMinorUnits(hold.amountMinor, hold.currencyDecimals),
    }));
}

/**
 * Filter 95, disputed only: the finance numbers of the account's invoices with a dispute open or in review that the
 * user sees, of the sold-tos searched; the newest disputes first, at most as many as filter 94 takes (an account with
 * more open disputes than that sees the newest ones: the disputes page lists them all).
 */
export async function disputedFinanceNumbers(ctx: AppContext, actor: Actor, scope: InvoiceScope): Promise<string[]> {
  const item = scope.item;
  // A payer's account by its payer; a sold-to's, or a payer-all group's (no payer of any invoice), by its sold-tos.
  const filter: DisputeHoldFilter =
    item.AccountType === 'Payer'
      ? { companyCode: item.CompanyCode, payerNumber: item.PrimaryAcct }
      : {
          companyCode: item.CompanyCode,
          soldtoNumbers:
            item.AccountType === 'SoldTo' ? [item.PrimaryAcct] : item.DropDownItems.map((s) => s.PrimaryAcct),
        };
  const holds = await activeDisputeHolds(ctx.db, filter);
  if (holds.size === 0) return [];
  const reader = await disputeReader(ctx, actor);
  const searched = new Set(scope.soldTos.map(normalizeNumber));
  const numbers = [...holds.values()]
    .filter((hold) => sees(reader, hold) && (searched.size === 0 || searched.has(normalizeNumber(hold.soldtoNumber))))
    .map((hold) => hold.documentNumberFinance);
  return [...new Set(numbers)].slice(0, maxDocumentListFilterNumbers);
}

/**
 * The invoice detail's dispute: the one open or in review, else the latest resolved or withdrawn one. The caller has
 * found the invoice among the user's (belongsTo): whoever sees the invoice sees its disputes.
 */
export async function invoiceDisputeOf(
  db: Db,
  header: Pick<
    InvoiceHeaderData,
    | 'company_code'
    | 'payer_number'
    | 'document_number_finance'
    | 'fiscal_year_of_the_relevant_invoice'
    | 'line_item_in_the_relevant_invoice'
  >,
): Promise<NonNullable<InvoiceDetailResponse['dispute']> | null> {
  const bare = normalizeNumber(header.payer_number);
  const [row] = await db
    .select({
      id: invoiceDisputes.id,
      reference: invoiceDisputes.reference,
      status: invoiceDisputes.status,
      amountMinor: invoiceDisputes.amountMinor,
      currencyDecimals: invoiceDisputes.currencyDecimals,
      reasonCode: invoiceDisputes.reasonCode,
    })
    .from(invoiceDisputes)
    .where(
      and(
        // The account index first, then the invoice.
        inArray(invoiceDisputes.payerNumber, [...new Set([header.payer_number, bare, bare.padStart(10, '0')])]),
        eq(invoiceDisputes.companyCode, header.company_code),
        eq(invoiceDisputes.documentKey, paymentDocumentKey(header)),
      ),
    )
    .orderBy(
      desc(sql`${inArray(invoiceDisputes.status, [...activeInvoiceDisputeStatuses])}`),
      desc(invoiceDisputes.createdAt),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    reference: disputeReference(row.reference),
    status: row.status,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    reason_code: row.reasonCode,
  };
}
