// The ledger's invoice calls: search with server-side sorts and keyset paging, the capped found count, the
// export stream, the totals cards and the aging from the maintained balances and the invoice detail.
//
// Paging: every sort has an index (payer, [sold-to,] key, id) in ledger.schema.ts. A descending sort orders by
// key DESC, id (the index forwards), an ascending one by key ASC, id DESC (the index backwards), so the planner
// reads a page straight from the index without sorting the account's documents. A payer-all group is read one
// payer at a time (each an ordered index read of at most one page) and merged here: an IN list on the leading
// index column would make PostgreSQL sort the whole set.
import {
  foundCountCap as defaultFoundCountCap,
  InvoiceDetailRequest,
  InvoiceSearchRequest,
  InvoiceTotalsRequest,
  type InvoiceDetailResponse,
  type InvoiceSearchResponse,
  type InvoiceSort,
  type InvoiceTotalsResponse,
  type InvoiceAgingResponse,
  type LedgerDocument,
  type PayerData,
} from '@portal/contracts';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { executeShaped, preparedStatement, type Bind } from '../../../db/prepared';
import { formatMinorUnits, fromErpDate, isoDay, toErpDate, toFlag, toLedgerNumber } from './ledger-format';
import { accountBalances, customers, documents, invoiceItems, payerAllMembers, payerSoldTos } from './ledger.schema';
import {
  createCustomerCache,
  createReasonCache,
  documentColumns,
  reasonKey,
  selectDocuments,
} from './ledger-document-rows';
import { addressBlock, errorStatus, escapeLike, success, toWireDocument, type DocumentRow } from './ledger-wire';
import { foundCount, type FoundCount } from './ledger-found-count';
import { changeFeedOf } from '../../../db/change-feed';
import { refreshAccountBalances } from './refresh-account-balances';

// Small batches keep the export's memory flat: rows and documents that die within a young-generation collection
// are never promoted, so the old space does not fill with dead rows over a 100k-row export (bench/README.md:
// 2,000-row readers and 1,000-document batches grew RSS by ~140 MiB; 200 / 250 by < 10 MiB, no slower).
const streamBatchSize = 250;
const readerBatchSize = 200;

export type InvoiceQueryOptions = {
  now: () => Date;
  decimalsOf: (currencyKeys: Iterable<string>) => Promise<Map<string, number>>;
  /** The found count is exact up to this many documents (tests lower it). */
  foundCountCap?: number;
};

/** Which documents a customer number stands for: the payers to read and, for a sold-to, that sold-to only. */
export type CustomerScope = { payers: string[]; soldTos: string[] | null };

type SortSpec = {
  column: typeof documents.dueDate | typeof documents.documentDate | typeof documents.openAmount;
  /** The sort key's property in a DocumentRow. */
  field: 'dueDate' | 'documentDate' | 'openAmount';
  descending: boolean;
  amount: boolean;
};

const sortSpecs: Record<InvoiceSort, SortSpec> = {
  due_date_desc: { column: documents.dueDate, field: 'dueDate', descending: true, amount: false },
  due_date_asc: { column: documents.dueDate, field: 'dueDate', descending: false, amount: false },
  document_date_desc: { column: documents.documentDate, field: 'documentDate', descending: true, amount: false },
  document_date_asc: { column: documents.documentDate, field: 'documentDate', descending: false, amount: false },
  amount_desc: { column: documents.openAmount, field: 'openAmount', descending: true, amount: true },
  amount_asc: { column: documents.openAmount, field: 'openAmount', descending: false, amount: true },
};

type Cursor = { sort: InvoiceSort; key: string; id: number };
type SortKey = string | bigint;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.sort}|${cursor.key}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string, sort: InvoiceSort): Cursor | undefined {
  const match = /^([a-z_]+)\|(\d{4}-\d{2}-\d{2}|-?\d{1,19})\|(\d{1,15})$/.exec(
    Buffer.from(value, 'base64url').toString(),
  );
  // A cursor belongs to the sort it was issued for.
  if (!match || match[1] !== sort) return undefined;
  const isDate = match[2]!.includes('-', 1);
  if (isDate === sortSpecs[sort].amount) return undefined;
  return { sort, key: match[2]!, id: Number(match[3]) };
}

function compareKeys(a: SortKey, b: SortKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when row a comes before row b in the sort. */
function compareRows(spec: SortSpec, a: DocumentRow, b: DocumentRow): number {
  const direction = spec.descending ? -1 : 1;
  return direction * compareKeys(a[spec.field], b[spec.field]) || -direction * (a.id - b.id);
}

function cursorAfter(spec: SortSpec, sort: InvoiceSort, row: DocumentRow): Cursor {
  return { sort, key: String(row[spec.field]), id: row.id };
}

function orderOf(spec: SortSpec): SQL[] {
  return spec.descending ? [desc(spec.column), asc(documents.id)] : [asc(spec.column), desc(documents.id)];
}

/** Rows strictly after the cursor in the sort; the redundant bound on the key lets the index start there. */
function afterCursor(spec: SortSpec, bind: Bind): SQL | undefined {
  const key = bind('cursorKey');
  const id = bind('cursorId');
  return spec.descending
    ? and(lte(spec.column, key), or(lt(spec.column, key), and(eq(spec.column, key), gt(documents.id, id))))
    : and(gte(spec.column, key), or(gt(spec.column, key), and(eq(spec.column, key), lt(documents.id, id))));
}

/** The cursor's values for afterCursor (an amount key travels as its decimal text). */
function cursorValues(cursor: Cursor | undefined): Record<string, unknown> {
  return cursor ? { cursorKey: cursor.key, cursorId: cursor.id } : {};
}

type ParsedSearch = ReturnType<typeof InvoiceSearchRequest.parse>;
type Prepared = {
  payers: string[];
  /**
   * Which filters the search has, in order (not their values): the text of its statements depends on this, the
   * sort and whether a cursor is given, so each shape is rendered once (executeShaped).
   */
  shape: string;
  /** The filters' values, by the names their conditions bind. */
  values: Record<string, unknown>;
  /** The filters' conditions (the payer's and the cursor's apart). */
  conditions: (bind: Bind) => (SQL | undefined)[];
  sort: InvoiceSort;
  spec: SortSpec;
  cursor?: Cursor;
  empty: boolean;
};

/** The sold-tos to read: the requested ones, within a sold-to customer's own; [] means all; null means none. */
export function effectiveSoldTos(scope: CustomerScope, requested: string[]): string[] | null {
  const wanted = [...new Set(requested.map(toLedgerNumber))];
  if (!scope.soldTos) return wanted;
  if (wanted.length === 0) return scope.soldTos;
  const within = wanted.filter((number) => scope.soldTos!.includes(number));
  return within.length > 0 ? within : null;
}

/** How long master data (customers, payer groups, reason codes) is kept per process: an edit shows after this. */
const masterDataTtlMs = 30_000;

export function createInvoiceQueries(db: Db, options: InvoiceQueryOptions) {
  const { now, decimalsOf } = options;
  const cap = options.foundCountCap ?? defaultFoundCountCap;
  let balancesDay: string | undefined;
  const customersByNumber = createCustomerCache(db, masterDataTtlMs);
  const reasonDescriptions = createReasonCache(db, masterDataTtlMs);
  const scopes = new Map<string, { scope: CustomerScope; at: number }>();
  // A customers import (issue 27) changes who pays for whom: every instance drops what it keeps when it commits.
  changeFeedOf(db)?.subscribe((change) => {
    if (change === 'ledger:customers' || change === 'reset') scopes.clear();
  });

  /** What a customer number stands for, kept for masterDataTtlMs: every list page of the account asks again. */
  async function resolveCustomer(customerNumber: string): Promise<CustomerScope> {
    const number = toLedgerNumber(customerNumber);
    const cached = scopes.get(number);
    if (cached && Date.now() - cached.at < masterDataTtlMs) return cached.scope;
    const scope = await readCustomerScope(number);
    if (scopes.size >= 10_000) scopes.clear();
    scopes.set(number, { scope, at: Date.now() });
    return scope;
  }

  async function readCustomerScope(number: string): Promise<CustomerScope> {
    // A payer-all group number stands for every payer in the group.
    const members = await db
      .select({ payerNumber: payerAllMembers.payerNumber })
      .from(payerAllMembers)
      .where(eq(payerAllMembers.groupNumber, number));
    if (members.length > 0) return { payers: members.map((m) => m.payerNumber), soldTos: null };
    const [asPayer] = await db
      .select({ payerNumber: payerSoldTos.payerNumber })
      .from(payerSoldTos)
      .where(eq(payerSoldTos.payerNumber, number))
      .limit(1);
    if (asPayer) return { payers: [number], soldTos: null };
    // Only a sold-to: its documents, whoever pays them.
    const payersOfSoldTo = await db
      .select({ payerNumber: payerSoldTos.payerNumber })
      .from(payerSoldTos)
      .where(eq(payerSoldTos.soldtoNumber, number));
    if (payersOfSoldTo.length > 0) return { payers: payersOfSoldTo.map((p) => p.payerNumber), soldTos: [number] };
    return { payers: [number], soldTos: null };
  }

  async function prepare(request: ParsedSearch): Promise<Prepared | { error: string }> {
    const { payer_data: payerData, soldto_data: soldtoData, search_parameters: parameters } = request;
    const spec = sortSpecs[parameters.sort];
    const scope = await resolveCustomer(payerData.customer_number);
    const soldTos = effectiveSoldTos(scope, [...soldtoData, ...(parameters.SoldTo_SearchParams ?? [])]);
    const shape: string[] = [];
    const values: Record<string, unknown> = {};
    const builders: ((bind: Bind) => SQL | undefined)[] = [];
    /** A filter named `part` in the shape; its value (if any) is bound under a name of its own. */
    const where = (part: string, value: unknown, condition: (value: SQLWrapper) => SQL | undefined) => {
      const name = `v${builders.length}`;
      shape.push(part);
      if (value !== undefined) values[name] = value;
      builders.push((bind) => condition(bind(name)));
    };
    if (payerData.company_code) where('company', payerData.company_code, (v) => eq(documents.companyCode, v));
    if (soldTos && soldTos.length > 0) {
      where('soldtos', soldTos, (v) => sql`${documents.soldtoNumber} = ANY(${v}::text[])`);
    }
    if (parameters.document_type === '01' || parameters.document_type === 'Invoice') {
      where('invoices', undefined, () => eq(documents.itemIsAPayment, false));
    } else if (parameters.document_type === '02' || parameters.document_type === 'Payment') {
      where('payments', undefined, () => eq(documents.itemIsAPayment, true));
    }
    // spec §4: status 01 open, 02 complete, 03 (OpenOrComplete) both.
    if (parameters.status === '01' || parameters.status === '02') {
      where('status', parameters.status, (v) => eq(documents.documentStatus, v));
    }
    const dateRanges = [
      ['date_from', parameters.date_from, documents.documentDate, gte],
      ['date_to', parameters.date_to, documents.documentDate, lte],
      ['due_from', parameters.due_date_from, documents.dueDate, gte],
      ['due_to', parameters.due_date_to, documents.dueDate, lte],
    ] as const;
    for (const [part, value, column, compare] of dateRanges) {
      if (value === undefined) continue;
      const day = fromErpDate(value);
      if (!day) return { error: `Invalid date ${value}` };
      where(part, day, (v) => compare(column, v));
    }
    if (parameters.currency_key) where('currency', parameters.currency_key, (v) => eq(documents.currencyKey, v));
    for (const filter of parameters.filter) {
      const value = filter.value.trim();
      if (!value) continue;
      switch (filter.filter_type) {
        case '01':
          where('number', toLedgerNumber(value), (v) =>
            or(eq(documents.billingDocumentNumber, v), eq(documents.documentNumberFinance, v)),
          );
          break;
        case '90':
          where('material', `${escapeLike(value.toUpperCase())}%`, (v) =>
            itemExists(like(invoiceItems.materialNumber, v)),
          );
          break;
        case '91':
          where('description', `%${escapeLike(value)}%`, (v) => itemExists(ilike(invoiceItems.description, v)));
          break;
        // 92/93: invoices only / credits only, by the sign of the document total (a cleared credit stays a credit),
        // whatever the billing type: a finance-only debit (no billing document) is an invoice (ADR 0029).
        case '92':
          if (value === 'X') {
            where('invoices_only', undefined, () =>
              and(eq(documents.itemIsAPayment, false), gte(documents.totalAmount, 0n)),
            );
          }
          break;
        case '93':
          if (value === 'X') {
            where('credits_only', undefined, () =>
              and(eq(documents.itemIsAPayment, false), lt(documents.totalAmount, 0n)),
            );
          }
          break;
        // Issue 39: only these documents (the disputed invoices), by finance number; the contract checked the list.
        case '94':
          where(
            'finance_numbers',
            [...new Set(value.split(',').map(toLedgerNumber))],
            (v) => sql`${documents.documentNumberFinance} = ANY(${v}::text[])`,
          );
          break;
      }
    }
    if (parameters.GridViewDocIds && parameters.GridViewDocIds.length > 0) {
      where(
        'grid',
        parameters.GridViewDocIds.map(toLedgerNumber),
        (v) =>
          sql`(${documents.billingDocumentNumber} = ANY(${v}::text[]) OR ${documents.documentNumberFinance} = ANY(${v}::text[]))`,
      );
    }
    let cursor: Cursor | undefined;
    if (parameters.cursor) {
      cursor = decodeCursor(parameters.cursor, parameters.sort);
      if (!cursor) return { error: 'Invalid cursor' };
    }
    return {
      payers: scope.payers,
      shape: shape.join(','),
      values,
      conditions: (bind) => builders.map((build) => build(bind)),
      sort: parameters.sort,
      spec,
      cursor,
      empty: soldTos === null,
    };
  }

  function itemExists(condition: SQL): SQL {
    return exists(
      db
        .select({ one: sql`1` })
        .from(invoiceItems)
        .where(and(eq(invoiceItems.documentId, documents.id), condition)),
    );
  }

  /**
   * The page query of one payer: whole document rows in index order, from the cursor on. One statement gives the
   * page (no second read by id); the rows skip drizzle's mapping (ledger-document-rows.ts).
   */
  function pageQuery(prepared: Prepared, withCursor: boolean, bind: Bind): SQL {
    const { spec } = prepared;
    const where = and(
      eq(documents.payerNumber, bind('payer')),
      ...prepared.conditions(bind),
      withCursor ? afterCursor(spec, bind) : undefined,
    );
    return sql`SELECT ${documentColumns} FROM ${documents} WHERE ${where}
      ORDER BY ${sql.join(orderOf(spec), sql`, `)} LIMIT ${bind('limit')}`;
  }

  /** One payer's rows after `cursor` (from the start without one), at most `limit`. */
  function readPage(prepared: Prepared, payer: string, limit: number, cursor = prepared.cursor) {
    return selectDocuments(
      db,
      `page|${prepared.sort}|${cursor ? 'after' : 'start'}|${prepared.shape}`,
      (bind) => pageQuery(prepared, cursor !== undefined, bind),
      { ...prepared.values, ...cursorValues(cursor), payer, limit },
      // A payer of ten documents and one of a million are best read by different plans.
      { planEachCall: true },
    );
  }

  async function pageRows(prepared: Prepared, limit: number): Promise<DocumentRow[]> {
    const perPayer = await Promise.all(prepared.payers.map((payer) => readPage(prepared, payer, limit)));
    if (perPayer.length === 1) return perPayer[0]!;
    return perPayer
      .flat()
      .sort((a, b) => compareRows(prepared.spec, a, b))
      .slice(0, limit);
  }

  /** Document rows → wire documents, with the addresses of their sold-tos and payers (cached, by key). */
  async function toWire(rows: DocumentRow[]): Promise<LedgerDocument[]> {
    if (rows.length === 0) return [];
    const [addresses, reasons, decimals] = await Promise.all([
      customersByNumber(rows.flatMap((row) => [row.soldtoNumber, row.payerNumber])),
      reasonDescriptions(),
      decimalsOf(new Set(rows.map((row) => row.currencyKey))),
    ]);
    const today = isoDay(now());
    return rows.flatMap((row) => {
      const soldto = addresses.get(row.soldtoNumber);
      const payer = addresses.get(row.payerNumber);
      if (!soldto || !payer) return [];
      const reason = row.reasonCode ? (reasons.get(reasonKey(row.companyCode, row.reasonCode)) ?? null) : null;
      return [toWireDocument(row, soldto, payer, reason, decimals, today)];
    });
  }

  /** The found count (ADR 0006): counting stops at cap + 1 rows. */
  async function countMatching(prepared: Prepared): Promise<FoundCount> {
    const [row] = await executeShaped<{ count: number | string }>(
      db,
      `count|${prepared.shape}`,
      (bind) => sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM ${documents}
        WHERE ${and(sql`${documents.payerNumber} = ANY(${bind('payers')}::text[])`, ...prepared.conditions(bind))}
        LIMIT ${bind('limit')}) AS matching`,
      { ...prepared.values, payers: prepared.payers, limit: cap + 1 },
      { planEachCall: true },
    );
    return foundCount(Number(row?.count ?? 0), cap);
  }

  async function page(prepared: Prepared, pageSize: number) {
    const rows = await pageRows(prepared, pageSize + 1);
    const shown = rows.slice(0, pageSize);
    const last = shown[shown.length - 1];
    const nextCursor =
      rows.length > pageSize && last ? encodeCursor(cursorAfter(prepared.spec, prepared.sort, last)) : null;
    return { documents: await toWire(shown), nextCursor };
  }

  async function searchInvoices(input: unknown): Promise<InvoiceSearchResponse> {
    const empty = { document_list: [], next_cursor: null, found_count: 0, found_count_capped: false };
    const parsed = InvoiceSearchRequest.safeParse(input);
    if (!parsed.success) return { status: errorStatus('Invalid search request'), ...empty };
    const prepared = await prepare(parsed.data);
    if ('error' in prepared) return { status: errorStatus(prepared.error), ...empty };
    if (prepared.empty) return { status: success, ...empty };
    const [result, found] = await Promise.all([
      page(prepared, parsed.data.search_parameters.page_size),
      countMatching(prepared),
    ]);
    return { status: success, document_list: result.documents, next_cursor: result.nextCursor, ...found };
  }

  async function* streamInvoices(input: unknown): AsyncIterable<LedgerDocument[]> {
    const parsed = InvoiceSearchRequest.parse(input);
    const prepared = await prepare({
      ...parsed,
      search_parameters: { ...parsed.search_parameters, cursor: undefined },
    });
    if ('error' in prepared) throw new Error(prepared.error);
    if (prepared.empty) return;
    // One keyset reader per payer, merged in the sort's order: each row is read once (a payer-all group's page
    // query per batch would re-read every other payer's rows), and each reader fetches its next batch as soon as
    // it has taken the last one, so the database works while the rows are formatted and written.
    const readers = prepared.payers.map((payer) => createReader(prepared, payer));
    let out: DocumentRow[] = [];
    for (;;) {
      let next: { reader: Reader; row: DocumentRow } | undefined;
      for (const reader of readers) {
        const row = await reader.peek();
        if (row && (!next || compareRows(prepared.spec, row, next.row) < 0)) next = { reader, row };
      }
      if (!next) break;
      next.reader.take();
      out.push(next.row);
      if (out.length === streamBatchSize) {
        yield await toWire(out);
        out = [];
      }
    }
    if (out.length > 0) yield await toWire(out);
  }

  type Reader = { peek: () => Promise<DocumentRow | undefined>; take: () => void };

  function createReader(prepared: Prepared, payer: string): Reader {
    let rows: DocumentRow[] = [];
    let position = 0;
    let pending: Promise<DocumentRow[]> | undefined = readPage(prepared, payer, readerBatchSize);
    // A read that fails before it is awaited must not be an unhandled rejection; peek() rethrows it.
    pending.catch(() => undefined);
    const prefetch = (last: DocumentRow) =>
      readPage(prepared, payer, readerBatchSize, cursorAfter(prepared.spec, prepared.sort, last));
    return {
      async peek() {
        if (position < rows.length) return rows[position];
        if (!pending) return undefined;
        rows = await pending;
        position = 0;
        const last = rows[rows.length - 1];
        pending = rows.length === readerBatchSize && last ? prefetch(last) : undefined;
        pending?.catch(() => undefined);
        return rows[0];
      },
      take() {
        position += 1;
      },
    };
  }

  /** The balances hold due / past due as of one day: rebuild them when that day is not today (once a day). */
  async function ensureBalancesFresh(today: string): Promise<void> {
    if (balancesDay === today) return;
    const [row] = await db.select({ asOf: accountBalances.asOf }).from(accountBalances).limit(1);
    if (row?.asOf !== today) await refreshAccountBalances(db, new Date(`${today}T00:00:00Z`), { onlyIfStale: true });
    balancesDay = today;
  }

  /**
   * The totals cards' and the aging's sums by currency (one statement for both: they must agree to the cent):
   * prepared once; no sold-tos ([]) or no currency ('') means all.
   */
  function balancesStatement() {
    const sum = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;
    return preparedStatement(db, 'invoice_balances', (database) =>
      database
        .select({
          currencyKey: accountBalances.currencyKey,
          invoices: sum(accountBalances.invoicesAmount),
          credits: sum(accountBalances.creditsAmount),
          due: sum(accountBalances.dueAmount),
          pastDue: sum(accountBalances.pastDueAmount),
          balance: sum(accountBalances.balanceAmount),
          invoiceCount: sum(accountBalances.openInvoiceCount),
          creditCount: sum(accountBalances.openCreditCount),
          dueCount: sum(accountBalances.dueCount),
          aging1To30: sum(accountBalances.aging1To30Amount),
          aging1To30Count: sum(accountBalances.aging1To30Count),
          aging31To60: sum(accountBalances.aging31To60Amount),
          aging31To60Count: sum(accountBalances.aging31To60Count),
          aging61To90: sum(accountBalances.aging61To90Amount),
          aging61To90Count: sum(accountBalances.aging61To90Count),
          agingOver90: sum(accountBalances.agingOver90Amount),
          agingOver90Count: sum(accountBalances.agingOver90Count),
        })
        .from(accountBalances)
        .where(
          and(
            sql`${accountBalances.payerNumber} = ANY(${sql.placeholder('payers')}::text[])`,
            sql`(cardinality(${sql.placeholder('soldTos')}::text[]) = 0
              OR ${accountBalances.soldtoNumber} = ANY(${sql.placeholder('soldTos')}::text[]))`,
            sql`(${sql.placeholder('currencyKey')}::text = '' OR ${accountBalances.currencyKey} = ${sql.placeholder('currencyKey')})`,
          ),
        )
        .groupBy(accountBalances.currencyKey)
        .orderBy(asc(accountBalances.currencyKey))
        .prepare('invoice_balances'),
    );
  }

  /** The balance sums of the request's accounts as of today (rebuilt first on a new day), with their day and decimals. */
  async function readBalances(input: unknown) {
    const request = InvoiceTotalsRequest.parse(input);
    const today = isoDay(now());
    await ensureBalancesFresh(today);
    const scope = await resolveCustomer(request.payer_data.customer_number);
    const soldTos = effectiveSoldTos(scope, request.soldto_data);
    const rows =
      soldTos === null
        ? []
        : await balancesStatement().execute({ payers: scope.payers, soldTos, currencyKey: request.currency_key ?? '' });
    const decimals = await decimalsOf(rows.map((row) => row.currencyKey));
    return {
      asOf: toErpDate(today),
      rows: rows.map((row) => {
        const scale = decimals.get(row.currencyKey) ?? 2;
        return { ...row, scale, money: (value: string) => formatMinorUnits(BigInt(value), scale) };
      }),
    };
  }

  async function getInvoiceTotals(input: unknown): Promise<InvoiceTotalsResponse> {
    const { asOf, rows } = await readBalances(input);
    return {
      status: success,
      as_of: asOf,
      totals: rows.map((row) => ({
        currency_key: row.currencyKey,
        currency_decimals: row.scale,
        invoices: row.money(row.invoices),
        credits: row.money(row.credits),
        due: row.money(row.due),
        past_due: row.money(row.pastDue),
        balance: row.money(row.balance),
        invoice_count: Number(row.invoiceCount),
        credit_count: Number(row.creditCount),
      })),
    };
  }

  /** Issue 29: the open invoices by days past due, from the same sums as the totals (current is the due card). */
  async function getInvoiceAging(input: unknown): Promise<InvoiceAgingResponse> {
    const { asOf, rows } = await readBalances(input);
    return {
      status: success,
      as_of: asOf,
      aging: rows.map((row) => ({
        currency_key: row.currencyKey,
        currency_decimals: row.scale,
        buckets: [
          { bucket: 'current', amount: row.money(row.due), count: Number(row.dueCount) },
          { bucket: '1-30', amount: row.money(row.aging1To30), count: Number(row.aging1To30Count) },
          { bucket: '31-60', amount: row.money(row.aging31To60), count: Number(row.aging31To60Count) },
          { bucket: '61-90', amount: row.money(row.aging61To90), count: Number(row.aging61To90Count) },
          { bucket: '90+', amount: row.money(row.agingOver90), count: Number(row.agingOver90Count) },
        ],
      })),
    };
  }

  /** Documents (not payments) of a customer by billing number, newest first; the scope of detail and PDFs. */
  async function findInvoices(payerData: PayerData, soldtoData: string[], numbers: string[]) {
    const scope = await resolveCustomer(payerData.customer_number);
    const soldTos = effectiveSoldTos(scope, soldtoData);
    if (soldTos === null || numbers.length === 0) return [];
    const soldto = alias(customers, 'soldto');
    const payer = alias(customers, 'payer');
    return db
      .select({ document: documents, soldto, payer })
      .from(documents)
      .innerJoin(soldto, eq(soldto.customerNumber, documents.soldtoNumber))
      .innerJoin(payer, eq(payer.customerNumber, documents.payerNumber))
      .where(
        and(
          inArray(documents.billingDocumentNumber, [...new Set(numbers.map(toLedgerNumber))]),
          inArray(documents.payerNumber, scope.payers),
          soldTos.length > 0 ? inArray(documents.soldtoNumber, soldTos) : undefined,
          payerData.company_code ? eq(documents.companyCode, payerData.company_code) : undefined,
          eq(documents.itemIsAPayment, false),
        ),
      )
      .orderBy(desc(documents.fiscalYear), desc(documents.id));
  }

  async function itemsOf(documentIds: number[]) {
    if (documentIds.length === 0) return [];
    return db
      .select()
      .from(invoiceItems)
      .where(inArray(invoiceItems.documentId, documentIds))
      .orderBy(asc(invoiceItems.documentId), asc(invoiceItems.itemNumber));
  }

  async function getInvoiceDetail(input: unknown): Promise<InvoiceDetailResponse> {
    const { document_detail: request } = InvoiceDetailRequest.parse(input);
    const [found] = await findInvoices(
      { customer_number: request.customer_number, company_code: '' },
      [],
      [request.billing_document_number],
    );
    if (!found) {
      return { status: errorStatus(`Document ${request.billing_document_number} not found`), detail: null };
    }
    const { document, soldto, payer } = found;
    const items = await itemsOf([document.id]);
    const decimals = await decimalsOf([document.currencyKey, ...items.map((item) => item.currencyKey)]);
    const money = (value: bigint, currency: string) => formatMinorUnits(value, decimals.get(currency) ?? 2);
    const partner = (partnerFunction: 'WE' | 'RG', customer: typeof soldto) => {
      const address = addressBlock(customer);
      return {
        partner_function: partnerFunction,
        partner_number: customer.customerNumber,
        address_data: {
          name: address.name,
          name_2: address.name_2,
          street: address.street,
          city: address.city,
          region: address.region,
          postal_code_city: [address.postal_code, address.city].filter(Boolean).join(' '),
          country: address.country,
        },
      };
    };
    return {
      status: success,
      detail: {
        header_data: {
          billing_document_number: document.billingDocumentNumber,
          billing_document_type: document.billingDocumentType,
          document_date: toErpDate(document.documentDate),
          due_date: toErpDate(document.dueDate),
          total_amount: money(document.totalAmount, document.currencyKey),
          open_amount: money(document.openAmount, document.currencyKey),
          paid_amount: money(document.paidAmount, document.currencyKey),
          currency_key: document.currencyKey,
          document_status: document.documentStatus === '02' ? '02' : '01',
          payer_number: document.payerNumber,
          soldto_number: document.soldtoNumber,
          company_code: document.companyCode,
          document_number_finance: document.documentNumberFinance,
          fiscal_year_of_the_relevant_invoice: document.fiscalYear,
          line_item_in_the_relevant_invoice: document.lineItem,
          pdf_document_available: toFlag(document.pdfDocumentAvailable),
        },
        partner_data: [partner('WE', soldto), partner('RG', payer)],
        item_data: items.map((item) => ({
          item_number: item.itemNumber,
          billed_quantity: item.billedQuantity,
          material_number: item.materialNumber,
          description: item.description,
          unit_price: money(item.unitPrice, item.currencyKey),
          total_amount: money(item.totalAmount, item.currencyKey),
          currency_key: item.currencyKey,
        })),
        custom_fields: { customer_purchase_order_nubmer: '', ...document.customFields },
      },
    };
  }

  /** The page queries of a search, one per payer (for the EXPLAIN test: index use, no sort over the whole set). */
  async function pageQueries(input: unknown) {
    const parsed = InvoiceSearchRequest.parse(input);
    const prepared = await prepare(parsed);
    if ('error' in prepared) throw new Error(prepared.error);
    return prepared.payers.map((payer) => {
      const values: Record<string, unknown> = {
        ...prepared.values,
        ...cursorValues(prepared.cursor),
        payer,
        limit: parsed.search_parameters.page_size + 1,
      };
      return pageQuery(prepared, prepared.cursor !== undefined, (name) => sql.param(values[name]));
    });
  }

  return {
    resolveCustomer,
    toWire,
    searchInvoices,
    streamInvoices,
    getInvoiceTotals,
    getInvoiceAging,
    readBalances,
    getInvoiceDetail,
    findInvoices,
    itemsOf,
    pageQueries,
  };
}

export type InvoiceQueries = ReturnType<typeof createInvoiceQueries>;
