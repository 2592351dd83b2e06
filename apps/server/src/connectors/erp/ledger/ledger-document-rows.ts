// Bulk reads of documents for the invoice list and the exports, without drizzle's per-row mapping: the columns are
// selected under their drizzle names with text casts (dates, amounts) and turned into DocumentRow here, so a page of
// 100 and an export of 100,000 rows pay one small function per row. Customers (addresses on every row) come from a
// short-lived per-process cache filled by key, instead of a join over the whole customers table.
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { executeShaped, type Bind, type ShapeOptions } from '../../../db/prepared';
import { customers, documents, reasonCodes } from './ledger.schema';
import type { CustomerRow, DocumentRow } from './ledger-wire';

type RawDocument = {
  id: string;
  companyCode: string;
  billingDocumentNumber: string;
  billingDocumentType: string;
  documentNumberFinance: string;
  postingDate: string;
  documentDate: string;
  dueDate: string;
  clearingDate: string | null;
  clearingDocumentNumberFinance: string;
  currencyKey: string;
  openAmount: string;
  paidAmount: string;
  totalAmount: string;
  billedQuantity: string;
  financeDocumentType: string;
  financeDocumentOnly: boolean;
  fiscalYear: string;
  lineItem: string;
  itemIsAPayment: boolean;
  pdfDocumentAvailable: boolean;
  payerNumber: string;
  soldtoNumber: string;
  customerNumber: string;
  referenceNumber: string;
  department: string;
  readOnly: boolean;
  reasonCode: string;
  reasonMessage: string;
  documentStatus: string;
  customFields: Record<string, string> | string;
};

// Text casts: the drivers differ in how they parse date, int8 and numeric (node-postgres: Date objects, strings).
const textColumns = new Set(['id', 'postingDate', 'documentDate', 'dueDate', 'clearingDate', 'billedQuantity']);
const amountColumns = new Set(['openAmount', 'paidAmount', 'totalAmount']);

/** The select list of a full document row under its drizzle property names. */
export const documentColumns: SQL = sql.raw(
  [
    ...Object.entries(getTableColumns(documents)).map(([key, column]) => {
      const cast = textColumns.has(key) || amountColumns.has(key) ? '::text' : '';
      return `"documents"."${column.name}"${cast} AS "${key}"`;
    }),
  ].join(', '),
);

export function toDocumentRow(raw: RawDocument): DocumentRow {
  return {
    id: Number(raw.id),
    companyCode: raw.companyCode,
    billingDocumentNumber: raw.billingDocumentNumber,
    billingDocumentType: raw.billingDocumentType,
    documentNumberFinance: raw.documentNumberFinance,
    postingDate: raw.postingDate,
    documentDate: raw.documentDate,
    dueDate: raw.dueDate,
    clearingDate: raw.clearingDate,
    clearingDocumentNumberFinance: raw.clearingDocumentNumberFinance,
    currencyKey: raw.currencyKey,
    openAmount: BigInt(raw.openAmount),
    paidAmount: BigInt(raw.paidAmount),
    totalAmount: BigInt(raw.totalAmount),
    billedQuantity: raw.billedQuantity,
    financeDocumentType: raw.financeDocumentType,
    financeDocumentOnly: raw.financeDocumentOnly,
    fiscalYear: raw.fiscalYear,
    lineItem: raw.lineItem,
    itemIsAPayment: raw.itemIsAPayment,
    pdfDocumentAvailable: raw.pdfDocumentAvailable,
    payerNumber: raw.payerNumber,
    soldtoNumber: raw.soldtoNumber,
    customerNumber: raw.customerNumber,
    referenceNumber: raw.referenceNumber,
    department: raw.department,
    readOnly: raw.readOnly,
    reasonCode: raw.reasonCode,
    reasonMessage: raw.reasonMessage,
    documentStatus: raw.documentStatus,
    customFields:
      typeof raw.customFields === 'string'
        ? (JSON.parse(raw.customFields) as Record<string, string>)
        : (raw.customFields ?? {}),
  };
}

/** Runs a SELECT of documentColumns (a statement of this shape, executeShaped) and maps its rows. */
export async function selectDocuments(
  db: Db | Tx,
  shape: string,
  build: (bind: Bind) => SQL,
  values: Record<string, unknown>,
  options: ShapeOptions = {},
): Promise<DocumentRow[]> {
  const rows = await executeShaped<RawDocument>(db, shape, build, values, options);
  return rows.map(toDocumentRow);
}

/**
 * Descriptions of the invoice-payment reason codes (payment type O) by company code and code, cached like the
 * customers: a tiny configuration table that every document with a reason names.
 */
export function createReasonCache(db: Db, ttlMs = 30_000) {
  let loaded: { at: number; byKey: Map<string, string> } | undefined;
  return async function reasonDescriptions(): Promise<Map<string, string>> {
    if (loaded && Date.now() - loaded.at < ttlMs) return loaded.byKey;
    const rows = await db
      .select({
        companyCode: reasonCodes.companyCode,
        reasonCode: reasonCodes.reasonCode,
        description: reasonCodes.description,
      })
      .from(reasonCodes)
      .where(eq(reasonCodes.paymentType, 'O'));
    loaded = {
      at: Date.now(),
      byKey: new Map(rows.map((row) => [reasonKey(row.companyCode, row.reasonCode), row.description])),
    };
    return loaded.byKey;
  };
}

export function reasonKey(companyCode: string, reasonCode: string): string {
  return `${companyCode}|${reasonCode}`;
}

const customerColumns: SQL = sql.raw(
  Object.entries(getTableColumns(customers))
    .map(([key, column]) => `"${column.name}" AS "${key}"`)
    .join(', '),
);

/**
 * Customers by number, cached per process for `ttlMs`: a list page names a handful of sold-tos and payers that the
 * next page names again. Master data changes rarely; an address edit shows after at most `ttlMs`.
 */
export function createCustomerCache(db: Db, ttlMs = 30_000, maxEntries = 20_000) {
  const entries = new Map<string, { row: CustomerRow; at: number }>();

  return async function customersByNumber(numbers: Iterable<string>): Promise<Map<string, CustomerRow>> {
    const now = Date.now();
    const found = new Map<string, CustomerRow>();
    const missing: string[] = [];
    for (const number of new Set(numbers)) {
      const entry = entries.get(number);
      if (entry && now - entry.at < ttlMs) found.set(number, entry.row);
      else missing.push(number);
    }
    if (missing.length === 0) return found;
    const result = (await db.execute(
      sql`SELECT ${customerColumns} FROM ${customers} WHERE ${customers.customerNumber} = ANY(${sql.param(missing)}::text[])`,
    )) as unknown as { rows: CustomerRow[] };
    if (entries.size + result.rows.length > maxEntries) entries.clear();
    for (const row of result.rows) {
      entries.set(row.customerNumber, { row, at: now });
      found.set(row.customerNumber, row);
    }
    return found;
  };
}
