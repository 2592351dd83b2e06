// Shared by the payment API tests, the reliability tests and the benchmark: a payer with saved methods, open
// invoices read from the ledger, and a pay request built the way the pay page builds it. Provider-neutral: with
// Stripe (TEST_GATEWAY=stripe) a payment may first answer requires_action or processing, which `pay` completes when
// told to, and the charges are read from Stripe's double instead of the sandbox's table.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PayInvoicesRequest, PayInvoicesResponse } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { sandboxCharges } from '../../connectors/gateway/sandbox/sandbox.schema';
import {
  authenticateAtStripe,
  settleBankDebitsAtStripe,
  stripeOfDouble,
} from '../../connectors/gateway/stripe/stripe.test-helpers';
import { refreshAccountBalances } from '../../connectors/erp/ledger/refresh-account-balances';
import type { Db } from '../../db/client';
import { accountBalances, documents, ledgerPaymentReversals, payments } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import {
  bearer,
  manage,
  payerAccount,
  runThreeDsStep,
  savedCard,
  tokenizeBankAccount,
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

/**
 * Saves a US bank account (the spec's e-check) for the payer; returns its token. The sandbox's routing 011000015 and
 * an account ending 0002 (declined) stand for Stripe's test bank and its failing account (stripeTestBankAccount).
 */
export async function saveBankAccount(
  app: FastifyInstance,
  token: string,
  account: { routing: string; account: string },
): Promise<string> {
  const { response } = await tokenizeBankAccount(app, token, account);
  const entered = response.json().paymentcard;
  if (!entered) throw new Error(`bank account entry: ${response.body}`);
  const added = await manage(
    app,
    token,
    '01',
    savedCard(entered.payment_card_token, 'EC', {
      electronic_check_account_type: entered.electronic_check_account_type,
      electronic_check_rdfi_number: entered.electronic_check_rdfi_number,
    }),
  );
  if (added.json().status.message_type !== 'S') throw new Error(`save bank account: ${added.body}`);
  return entered.payment_card_token as string;
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

/**
 * What the payer's browser does with an answer that is not final yet (ADR 0031), when the test says so:
 * `authenticate` — requires_action: the payer passes or fails the issuer's 3-D Secure in Stripe's page;
 * `settle` — processing: the bank confirms the debit (days at Stripe, at once at the double).
 * Then the same request again with the same Idempotency-Key, which settles the payment from a status look-up. The
 * sandbox answers at once: there is nothing to complete.
 */
export type Completion = { authenticate?: 'pass' | 'fail'; settle?: boolean };

type PaymentAnswer = {
  statusCode: number;
  body: { payment?: { state: string; next_action?: { client_secret: string } | null } };
};

/**
 * Sends a payment (invoices, deposit, guest) and completes it as `completion` says; `interim` lists the states
 * answered before the last one (empty with the sandbox, e.g. ['processing'] for a bank debit with Stripe).
 */
export async function completePayment<A extends PaymentAnswer>(
  app: FastifyInstance,
  send: () => Promise<A>,
  completion: Completion,
): Promise<A & { interim: string[] }> {
  const interim: string[] = [];
  let answer = await send();
  // Bounded: a payment still waiting after its completion is the test's to see, not to wait for.
  while (interim.length < 3) {
    const payment = answer.statusCode === 200 ? answer.body.payment : undefined;
    const apiUrl = app.ctx.config.STRIPE_API_URL;
    if (payment?.state === 'requires_action' && completion.authenticate && payment.next_action)
      await authenticateAtStripe(apiUrl, payment.next_action.client_secret, completion.authenticate === 'pass');
    else if (payment?.state === 'processing' && completion.settle)
      await settleBankDebitsAtStripe(apiUrl, app.ctx.config.STRIPE_SECRET_KEY ?? '');
    else break;
    interim.push(payment.state);
    answer = await send();
  }
  return { ...answer, interim };
}

export async function pay(
  app: FastifyInstance,
  token: string,
  request: PayInvoicesRequest,
  key: string = randomUUID(),
  completion: Completion = {},
): Promise<{
  statusCode: number;
  body: PayInvoicesResponse & { error?: string; messageKey?: string };
  headers: Record<string, unknown>;
  interim: string[];
}> {
  return completePayment(
    app,
    async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/invoice/payments',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: request,
      });
      return {
        statusCode: response.statusCode,
        body: response.json() as PayInvoicesResponse & { error?: string; messageKey?: string },
        headers: response.headers as Record<string, unknown>,
      };
    },
    completion,
  );
}

/** A charge the provider was asked for: its order number, amount, and whether the money was taken. */
export type ProviderCharge = { orderNumber: string; amountMinor: bigint; approved: boolean };

/** A test's portal as far as its provider goes: its database (the sandbox's tables) and Stripe's double, if any. */
export type ProviderSource = { database: { db: Db }; stripeDouble: TestApp['stripeDouble'] };

/**
 * Every charge at the provider, whatever its outcome: the sandbox's table, or the PaymentIntents at Stripe's double
 * (each carries the portal's order number in its metadata; succeeded, or authorised for a later capture, is approved).
 */
export async function gatewayCharges(t: ProviderSource): Promise<ProviderCharge[]> {
  if (t.stripeDouble) {
    const intents = await stripeOfDouble(t.stripeDouble.port)
      .paymentIntents.list({ limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    return intents.map((intent) => ({
      orderNumber: intent.metadata.order_number ?? '',
      amountMinor: BigInt(intent.amount),
      approved: intent.status === 'succeeded' || intent.status === 'requires_capture',
    }));
  }
  const rows = await t.database.db.select().from(sandboxCharges);
  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    amountMinor: row.amountMinor,
    approved: row.status === 'approved',
  }));
}

/** How many charges the provider holds for one order (1 after a payment, whatever its retries). */
export async function chargesFor(t: ProviderSource, orderNumber: string): Promise<number> {
  return (await gatewayCharges(t)).filter((charge) => charge.orderNumber === orderNumber).length;
}

/**
 * The payer's open items (invoices, credits and debits, payments excluded), the payments posted (S), and what the
 * ledger's reversals gave back (issue 37: refunds, returns, chargebacks).
 */
export async function ledgerSums(db: Db): Promise<{ open: bigint; posted: bigint; reversed: bigint }> {
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
  const [reversed] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerPaymentReversals.amount}), 0)::text` })
    .from(ledgerPaymentReversals)
    .innerJoin(payments, eq(payments.id, ledgerPaymentReversals.paymentId))
    .where(eq(payments.payerNumber, '0000100001'));
  return { open: BigInt(open!.total), posted: BigInt(posted!.total), reversed: BigInt(reversed!.total) };
}

/** The payer's open items moved by exactly minus what was posted plus what was reversed since `baseline`. */
export async function expectOpenItemsMoved(db: Db, baseline: { open: bigint; posted: bigint; reversed?: bigint }) {
  const now = await ledgerSums(db);
  expect(now.open).toBe(baseline.open - (now.posted - baseline.posted) + (now.reversed - (baseline.reversed ?? 0n)));
}

/**
 * The ledger invariants of issue 5: no lost payment, no double posting (approved gateway charges and S postings match
 * one to one), the payer's open items moved by exactly minus what was posted since `baseline`, no open amount on the
 * wrong side of zero, and the maintained balances equal a rebuild from the documents.
 */
export async function expectLedgerConsistent(
  source: Db | ProviderSource,
  baseline: { open: bigint; posted: bigint; reversed?: bigint },
): Promise<void> {
  // Given the test app, the charges are read from its provider; given a database, from the sandbox's table.
  const app: ProviderSource = 'stripeDouble' in source ? source : { database: { db: source }, stripeDouble: null };
  const db = app.database.db;
  // 0 lost payments, 0 double postings: approved charges and S postings match one to one by order number.
  const charges = (await gatewayCharges(app)).filter((charge) => charge.approved);
  const posted = await db.select().from(payments).where(eq(payments.messageType, 'S'));
  expect(posted.map((payment) => payment.orderNumber).sort()).toEqual(
    charges.map((charge) => charge.orderNumber).sort(),
  );
  for (const charge of charges) {
    const payment = posted.find((row) => row.orderNumber === charge.orderNumber)!;
    expect(payment.amount).toBe(charge.amountMinor);
  }
  await expectOpenItemsMoved(db, baseline);
  await expectOpenItemsTrue(db);
}

/** No open amount on the wrong side of zero, and the maintained balances equal a rebuild from the documents. */
export async function expectOpenItemsTrue(db: Db): Promise<void> {
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
