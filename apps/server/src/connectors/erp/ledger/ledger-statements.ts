// The ledger's account statements (issue 29): the opening balance of a period per currency and the period's
// movements in date order, streamed in keyset batches so that a 12-month statement of a 100k-document account keeps
// memory flat.
//
// The balance is the open balance of the totals cards (ledger.account_balances). The opening balance is counted
// back from it: today's balance minus every movement dated from date_from on. So the closing balance of a statement
// to today is the balance card to the cent, whatever the ledger's history before the period holds.
//
// A movement: an invoice adds its total, a credit its (negative) total, a payment takes its amount. The credit that a
// portal payment leaves of an over-payment or a deposit (finance type DZ, not a payment item) is part of that
// payment, not a movement of its own: the payment already took the whole amount.
import {
  StatementLinesRequest,
  StatementOpeningRequest,
  type StatementMovement,
  type StatementOpeningResponse,
} from '@portal/contracts';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { addIsoDays } from '@portal/domain';
import type { Db } from '../../../db/client';
import { formatMinorUnits, fromErpDate, toErpDate } from './ledger-format';
import { effectiveSoldTos, type InvoiceQueries } from './ledger-invoices';
import { documents } from './ledger.schema';
import { success } from './ledger-wire';

/** Movements per batch handed on: small, so that rows die young (the exports' finding, bench/README.md). */
const batchSize = 500;
/** Days read per query. */
const windowDays = 7;

const minDay = (a: string, b: string) => (a < b ? a : b);

const movementAmount = sql<string>`(CASE WHEN ${documents.itemIsAPayment} THEN -${documents.totalAmount} ELSE ${documents.totalAmount} END)`;
const isMovement = sql`(${documents.itemIsAPayment} OR ${documents.financeDocumentType} <> 'DZ')`;

function trimZeros(number: string): string {
  return number.replace(/^0+(?=\d)/, '');
}

function isoOf(erpDate: string): string {
  const iso = fromErpDate(erpDate);
  if (!iso) throw new Error(`not an ERP date: ${erpDate}`);
  return iso;
}

export function createStatementQueries(
  db: Db,
  invoices: InvoiceQueries,
  options: { decimalsOf: (currencyKeys: Iterable<string>) => Promise<Map<string, number>> },
) {
  /** The accounts' documents condition: the payer (or every payer of a group) and the sold-tos left; null: none. */
  async function accountCondition(request: { payer_data: { customer_number: string }; soldto_data: string[] }) {
    const scope = await invoices.resolveCustomer(request.payer_data.customer_number);
    const soldTos = effectiveSoldTos(scope, request.soldto_data);
    if (soldTos === null || scope.payers.length === 0) return null;
    // One payer: an equality, so that the (payer, document_date, id) index gives the rows in order.
    const payer =
      scope.payers.length === 1
        ? eq(documents.payerNumber, scope.payers[0]!)
        : sql`${documents.payerNumber} = ANY(${sql.param(scope.payers)}::text[])`;
    const soldTo = soldTos.length > 0 ? sql`${documents.soldtoNumber} = ANY(${sql.param(soldTos)}::text[])` : undefined;
    return and(payer, soldTo) as SQL;
  }

  async function getStatementOpening(input: unknown): Promise<StatementOpeningResponse> {
    const request = StatementOpeningRequest.parse(input);
    const from = isoOf(request.date_from);
    const to = isoOf(request.date_to);
    const account = await accountCondition(request);
    if (!account) return { status: success, balances: [] };
    const { rows: balances } = await invoices.readBalances({
      payer_data: request.payer_data,
      soldto_data: request.soldto_data,
    });
    const since = await db
      .select({
        currencyKey: documents.currencyKey,
        moved: sql<string>`coalesce(sum(${movementAmount}), 0)::text`,
        inPeriod: sql<number>`(count(*) FILTER (WHERE ${documents.documentDate} <= ${to}::date))::int`,
      })
      .from(documents)
      .where(and(account, gte(documents.documentDate, from), isMovement))
      .groupBy(documents.currencyKey);
    const currencies = new Set([...balances.map((row) => row.currencyKey), ...since.map((row) => row.currencyKey)]);
    const decimals = await options.decimalsOf(currencies);
    const answer: StatementOpeningResponse['balances'] = [];
    for (const currencyKey of [...currencies].sort()) {
      const now = BigInt(balances.find((row) => row.currencyKey === currencyKey)?.balance ?? '0');
      const moved = since.find((row) => row.currencyKey === currencyKey);
      const opening = now - BigInt(moved?.moved ?? '0');
      if (opening === 0n && !moved?.inPeriod) continue;
      const scale = decimals.get(currencyKey) ?? 2;
      answer.push({
        currency_key: currencyKey,
        currency_decimals: scale,
        opening_balance: formatMinorUnits(opening, scale),
      });
    }
    return { status: success, balances: answer };
  }

  /**
   * The period's movements of one currency by date (ties newest first), read a week at a time: one ordered range read
   * per week, whether the account is one payer (its date index) or a payer-all group of many (an IN over payers
   * cannot walk one index in order, and a keyset page over the whole period would sort it again for every page).
   * Memory stays at a week's rows.
   */
  async function* streamStatementLines(input: unknown): AsyncGenerator<StatementMovement[]> {
    const request = StatementLinesRequest.parse(input);
    const account = await accountCondition(request);
    if (!account) return;
    const scale = (await options.decimalsOf([request.currency_key])).get(request.currency_key) ?? 2;
    const last = isoOf(request.date_to);
    for (let from = isoOf(request.date_from); from <= last; from = addIsoDays(from, windowDays)) {
      const to = minDay(addIsoDays(from, windowDays - 1), last);
      const rows = await db
        .select({
          id: documents.id,
          date: documents.documentDate,
          dueDate: documents.dueDate,
          isPayment: documents.itemIsAPayment,
          billing: documents.billingDocumentNumber,
          finance: documents.documentNumberFinance,
          reference: documents.referenceNumber,
          amount: sql<string>`${movementAmount}::text`,
        })
        .from(documents)
        .where(
          and(
            account,
            eq(documents.currencyKey, request.currency_key),
            gte(documents.documentDate, from),
            lte(documents.documentDate, to),
            isMovement,
          ),
        )
        .orderBy(asc(documents.documentDate), desc(documents.id));
      for (let start = 0; start < rows.length; start += batchSize) {
        yield rows.slice(start, start + batchSize).map((row) => {
          const amount = BigInt(row.amount);
          return {
            date: toErpDate(row.date),
            kind: row.isPayment ? 'payment' : amount < 0n ? 'credit' : 'invoice',
            number: trimZeros(row.billing || row.finance),
            reference: row.reference,
            due_date: row.isPayment ? '' : toErpDate(row.dueDate),
            amount: formatMinorUnits(amount, scale),
          };
        });
      }
    }
  }

  return { getStatementOpening, streamStatementLines };
}
