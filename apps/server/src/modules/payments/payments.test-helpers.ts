// Shared by the payment API tests, the reliability tests and the benchmark: a payer with saved methods, open
// invoices read from the ledger, and a pay request built the way the pay page builds it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PayInvoicesRequest, PayInvoicesResponse } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { sandboxCharges } from '../../connectors/gateway/sandbox/sandbox.schema';
import { refreshAccountBalances } from '../../connectors/erp/ledger/refresh-account-balances';
import type { Db } from '../../db/client';
import { accountBalances, documents, payments } from '../../db/schema';
import {
  bearer,
  manage,
  payerAccount,
  runThreeDsStep,
  savedCard,
  tokenizeCard,
} from '../payment-methods/payment-methods.test-helpers';

export { bearer, payerAccount };

export type OpenInvoice = typeof documents.$inferSelect;

/** Open invoices (positive open amount) of the demo payer 100001 in company code 1000 (USD), oldest id first. */
export function openInvoices(db: Db, count: number, offset = 0): Promise<OpenInvoice[]> {
  return openItems(db, gt(documents.openAmount, 0n), count, offset);
}

/** Open credits (negative open amount) of the same payer. */
export function openCredits(db: Db, count: number): Promise<OpenInvoice[]> {
  return openItems(db, lt(documents.openAmount, 0n), count, 0);
}

function openItems(db: Db, sign: SQL | undefined, count: number, offset: number): Promise<OpenInvoice[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        eq(documents.currencyKey, 'USD'),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        sign,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(count)
    .offset(offset);
}

export async function reloadDocument(db: Db, id: number): Promise<OpenInvoice> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row!;
}

/** Saves a card for the payer through the frame (and 3-D Secure where it applies); returns its token. */
export async function saveCard(
  app: FastifyInstance,
  token: string,
  card: { number: string; cvv: string; type: 'VISA' | 'MC' | 'AMEX' },
): Promise<string> {
  const threeDs = card.type !== 'AMEX';
  const { response } = await tokenizeCard(app, token, card, payerAccount, { authenticate: threeDs });
  const cardToken = response.json().paymentcard.payment_card_token as string;
  const added = await manage(app, token, '01', savedCard(cardToken, card.type));
  if (added.json().status.message_type !== 'S') throw new Error(`save card: ${added.body}`);
  return cardToken;
}

/** The 3-D Secure step of a payment (spec §4): the TO access token the return address carries as ?id=. */
export async function threeDsForPayment(
  app: FastifyInstance,
  token: string,
  cardToken: string,
): Promise<string | undefined> {
  // Stripe asks inside the charge (requires_action, then the same request again): no step before it.
  if (app.ctx.gateway.provider === 'stripe') return undefined;
  const step = await runThreeDsStep(app, token, cardToken, payerAccount, '/invoices/processing-payment');
  return step.accessToken;
}

export type PayOptions = {
  cardToken: string;
  cardType?: 'VISA' | 'MC' | 'AMEX' | 'EC';
  cvv?: string;
  /** Amounts to pay per invoice (minor units); default the open amounts. */
  amounts?: bigint[];
  reasons?: string[];
  comments?: string[];
  threeDsAccessToken?: string;
};

export function payRequest(invoices: OpenInvoice[], options: PayOptions): PayInvoicesRequest {
  const amounts = options.amounts ?? invoices.map((invoice) => invoice.openAmount);
  return {
    payer_data: payerAccount,
    soldto: { account_number: '' },
    payment_detail: {
      payment_card_token: options.cardToken,
      payment_card_type: options.cardType ?? 'AMEX',
      ...(options.cvv === undefined ? { card_validation_code: '1234' } : { card_validation_code: options.cvv }),
      ...(options.threeDsAccessToken ? { three_ds_access_token: options.threeDsAccessToken } : {}),
    },
    documents: invoices.map((invoice, index) => ({
      document_number_finance: invoice.documentNumberFinance,
      line_item_in_the_relevant_invoice: invoice.lineItem,
      fiscal_year_of_the_relevant_invoice: invoice.fiscalYear,
      open_amount: formatMinorUnits(invoice.openAmount, 2),
      amount_to_process: formatMinorUnits(amounts[index]!, 2),
      currency_key: 'USD',
      reason_code: options.reasons?.[index] ?? '',
      comment: options.comments?.[index] ?? '',
      reference_number: invoice.referenceNumber,
      billing_document_number: invoice.billingDocumentNumber,
    })),
    currency_key: 'USD',
    currency_decimals: 2,
    log: { id: 'POST_INVOICE' },
  };
}

export async function pay(
  app: FastifyInstance,
  token: string,
  request: PayInvoicesRequest,
  key: string = randomUUID(),
): Promise<{
  statusCode: number;
  body: PayInvoicesResponse & { error?: string; messageKey?: string };
  headers: Record<string, unknown>;
}> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/invoice/payments',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: request,
  });
  return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
}

/** The payer's open items (invoices and credits, payments excluded) and the payments posted (S). */
export async function ledgerSums(db: Db): Promise<{ open: bigint; posted: bigint }> {
  const [open] = await db
    .select({ total: sql<string>`coalesce(sum(${documents.openAmount}), 0)::text` })
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
      ),
    );
  const [posted] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.payerNumber, '0000100001'), eq(payments.messageType, 'S')));
  return { open: BigInt(open!.total), posted: BigInt(posted!.total) };
}

/**
 * The ledger invariants of issue 5: no lost payment, no double posting (approved gateway charges and S postings match
 * one to one), the payer's open items moved by exactly minus what was posted since `baseline`, no open amount on the
 * wrong side of zero, and the maintained balances equal a rebuild from the documents.
 */
export async function expectLedgerConsistent(db: Db, baseline: { open: bigint; posted: bigint }): Promise<void> {
  // 0 lost payments, 0 double postings: approved charges and S postings match one to one by order number.
  const charges = await db.select().from(sandboxCharges).where(eq(sandboxCharges.status, 'approved'));
  const posted = await db.select().from(payments).where(eq(payments.messageType, 'S'));
  expect(posted.map((payment) => payment.orderNumber).sort()).toEqual(
    charges.map((charge) => charge.orderNumber).sort(),
  );
  for (const charge of charges) {
    const payment = posted.find((row) => row.orderNumber === charge.orderNumber)!;
    expect(payment.amount).toBe(charge.amountMinor);
  }
  // The payer's open items moved by exactly minus what was posted.
  const now = await ledgerSums(db);
  expect(now.open).toBe(baseline.open - (now.posted - baseline.posted));
  // No open amount passes zero from the wrong side.
  const [wrongSide] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(
      sql`(${documents.totalAmount} > 0 and ${documents.openAmount} < 0) or (${documents.totalAmount} < 0 and ${documents.openAmount} > 0)`,
    );
  expect(Number(wrongSide!.count)).toBe(0);
  // The maintained balances equal a rebuild from the documents.
  const maintained = await db.select().from(accountBalances);
  await refreshAccountBalances(db, new Date(`${maintained[0]!.asOf}T12:00:00Z`));
  const rebuilt = await db.select().from(accountBalances);
  const key = (row: typeof accountBalances.$inferSelect) => `${row.payerNumber}|${row.soldtoNumber}|${row.currencyKey}`;
  // A maintained row may fall to all zeros where the rebuild has none; a row with any amount or count left is kept,
  // so that a count gone to zero with an amount left over still shows as a difference.
  const isEmpty = (row: typeof accountBalances.$inferSelect) =>
    row.openInvoiceCount === 0 &&
    row.openCreditCount === 0 &&
    row.dueCount + row.aging1To30Count + row.aging31To60Count + row.aging61To90Count + row.agingOver90Count === 0 &&
    [
      row.invoicesAmount,
      row.creditsAmount,
      row.dueAmount,
      row.pastDueAmount,
      row.balanceAmount,
      row.aging1To30Amount,
      row.aging31To60Amount,
      row.aging61To90Amount,
      row.agingOver90Amount,
    ].every((amount) => amount === 0n);
  const sorted = (rows: (typeof accountBalances.$inferSelect)[]) =>
    rows.filter((row) => !isEmpty(row)).sort((a, b) => key(a).localeCompare(key(b)));
  expect(sorted(maintained)).toEqual(sorted(rebuilt));
}
