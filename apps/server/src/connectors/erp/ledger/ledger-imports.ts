// Writes imported customers and documents into the built-in ledger (issue 27): the supplier's systems keep it up to
// date. The callers (modules/ledger-imports) read and check the files; this file knows the tables.
//
// - Documents are keyed by company code, type (F2 invoice, G2 credit) and number (unique index documents_import_key):
//   a second import updates the row it finds, or leaves it unchanged, never adds one. A batch of documents is written
//   with a handful of statements (unnest arrays), so that a million-row file goes in at tens of thousands of rows a
//   second; when a batch fails as a whole, its documents are written one by one so that only the bad one is rejected.
// - The open amount the ERP sends does not yet know the payments taken in the portal that its ERP has not
//   acknowledged in the payments feed: those are taken off again, so that a payment made here is not undone by a file
//   exported before it reached the ERP ("payments made in the portal stay on it").
// - The maintained totals (account_balances) move by each document's change, as a posting moves them.
// - Customers are written one by one (each with its payer link and identifiers, all or nothing) inside a batch's
//   transaction, each in a savepoint.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { announceChange, changeChannel } from '../../../db/change-feed';
import type { BalanceDelta } from './ledger-payments';
import { reasonsD, reasonsO } from './seed-master-data';
import { moveBalances } from './refresh-account-balances';
import {
  apparv,
  companyCodePartyIds,
  companyCodes,
  currencies,
  customerPartyIds,
  customers,
  documentEInvoices,
  documentPdfs,
  documents,
  invoiceItems,
  payerSoldTos,
  reasonCodes,
} from './ledger.schema';

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

/** Why one record was not written: a message key of the imports area with its values, and the field at fault. */
export type ImportRefusal = { field: string; messageKey: string; values?: Record<string, string> };

export type ImportResult = ImportOutcome | { refused: ImportRefusal };

export type DocumentItemRecord = {
  itemNumber: string;
  materialNumber: string;
  description: string;
  /** Decimal string, at most 3 decimals. */
  quantity: string;
  unitPriceMinor: bigint;
  totalMinor: bigint;
};

/** One document as the files describe it, amounts in minor units with their sign (credits negative). */
export type DocumentRecord = {
  companyCode: string;
  type: 'invoice' | 'credit';
  number: string;
  documentDate: string;
  dueDate: string;
  currencyKey: string;
  totalMinor: bigint;
  openMinor: bigint;
  payerNumber: string;
  soldtoNumber: string;
  reference: string;
  purchaseOrder: string;
  /** UBL documents bring their lines; a CSV row leaves the lines as they are (undefined). */
  items?: DocumentItemRecord[];
  /** The e-invoice's parties, lines, tax and totals for the detail view and the rendered PDF. */
  eInvoice?: Record<string, unknown>;
  /** The document's own PDF (checked by its bytes); undefined leaves the stored one as it is. */
  pdf?: Buffer;
};

export type CustomerFields = {
  name: string;
  name2: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  companyCode: string;
  salesOrganization: string;
  distributionChannel: string;
  division: string;
  currencyKey: string;
};

export const requiredCustomerFields = [
  'name',
  'country',
  'companyCode',
  'salesOrganization',
  'distributionChannel',
  'division',
  'currencyKey',
] as const satisfies readonly (keyof CustomerFields)[];

/** One customer row: only the columns the file has (a column left out of the header is left unchanged). */
export type CustomerRecord = {
  customerNumber: string;
  fields: Partial<CustomerFields>;
  /** The payer of this sold-to; '' for a payer; undefined: column absent. */
  payerNumber?: string;
  /** Identifiers to add; undefined: column absent. */
  partyIds?: { scheme: string; value: string }[];
};

/** One company code row: the supplier's legal entity, its currency, its switches and its e-invoicing identifiers. */
export type CompanyCodeRecord = {
  companyCode: string;
  name: string;
  country: string;
  currencyKey: string;
  enableDeposits: boolean;
  enableEcheck: boolean;
  disablePayments: boolean;
  disable3ds: boolean;
  /** The supplier's identifiers: a UBL file without ?company_code= goes to the company code holding its seller's. */
  partyIds: { scheme: string; value: string }[];
};

/** What a whole import checks records against, read once per import. */
export type LedgerReferenceData = {
  companyCodes: Set<string>;
  /** Currency key to its decimals. */
  currencies: Map<string, number>;
};

const billingType = { invoice: 'F2', credit: 'G2' } as const;

export function createLedgerImports(db: Db) {
  async function readReferenceData(): Promise<LedgerReferenceData> {
    const [codes, known] = await Promise.all([
      db.select({ code: companyCodes.companyCode }).from(companyCodes),
      db.select({ key: currencies.currencyKey, decimals: currencies.decimals }).from(currencies),
    ]);
    return {
      companyCodes: new Set(codes.map((row) => row.code)),
      currencies: new Map(known.map((row) => [row.key, row.decimals])),
    };
  }

  /** Which of these customer numbers exist. */
  async function existingCustomers(numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = rowsOf<{ customer_number: string }>(
      await db.execute(
        sql`SELECT customer_number FROM ${customers} WHERE customer_number = ANY(${sql.param([...new Set(numbers)])}::text[])`,
      ),
    );
    return new Set(rows.map((row) => row.customer_number));
  }

  /** The customers holding any of these identifiers (a UBL buyer or delivery party), by identifier. */
  async function customersByPartyIds(ids: { scheme: string; value: string }[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<{ scheme: string; value: string; customer_number: string }>(
      await db.execute(sql`
      SELECT p.scheme, p.value, p.customer_number FROM ${customerPartyIds} p
      JOIN unnest(${sql.param(ids.map((id) => id.scheme))}::text[], ${sql.param(ids.map((id) => id.value))}::text[])
        AS i(scheme, value) ON p.scheme = i.scheme AND p.value = i.value`),
    );
    return new Map(rows.map((row) => [`${row.scheme}:${row.value}`, row.customer_number]));
  }

  /** The company code whose supplier identifiers hold one of these (UBL without ?company_code=). */
  async function companyCodeByPartyIds(ids: { scheme: string; value: string }[]): Promise<string | undefined> {
    if (ids.length === 0) return undefined;
    const rows = rowsOf<{ company_code: string }>(
      await db.execute(sql`
      SELECT c.company_code FROM ledger.company_code_party_ids c
      JOIN unnest(${sql.param(ids.map((id) => id.scheme))}::text[], ${sql.param(ids.map((id) => id.value))}::text[])
        AS i(scheme, value) ON c.scheme = i.scheme AND c.value = i.value
      LIMIT 1`),
    );
    return rows[0]?.company_code;
  }

  /** The payers a customer number belongs to as a sold-to (empty: it is no one's sold-to). */
  async function payersOfSoldTo(numbers: string[]): Promise<Map<string, string[]>> {
    if (numbers.length === 0) return new Map();
    const rows = rowsOf<{ payer_number: string; soldto_number: string }>(
      await db.execute(sql`
      SELECT payer_number, soldto_number FROM ${payerSoldTos}
      WHERE soldto_number = ANY(${sql.param([...new Set(numbers)])}::text[]) ORDER BY payer_number`),
    );
    const byNumber = new Map<string, string[]>();
    for (const row of rows)
      byNumber.set(row.soldto_number, [...(byNumber.get(row.soldto_number) ?? []), row.payer_number]);
    return byNumber;
  }

  async function writeDocuments(records: DocumentRecord[], day: string): Promise<ImportResult[]> {
    try {
      return await db.transaction(async (tx) => writeDocumentBatch(tx as unknown as Db, records, day));
    } catch {
      // One bad document must not take the batch with it: each again on its own.
      const results: ImportResult[] = [];
      for (const record of records) {
        try {
          const [result] = await db.transaction(async (tx) => writeDocumentBatch(tx as unknown as Db, [record], day));
          results.push(result!);
        } catch (error) {
          results.push({ refused: databaseRefusal(error) });
        }
      }
      return results;
    }
  }

  async function writeCustomers(records: CustomerRecord[]): Promise<ImportResult[]> {
    return db.transaction(async (tx) => {
      const results: ImportResult[] = [];
      for (const record of records) {
        try {
          results.push(await tx.transaction(async (savepoint) => writeCustomer(savepoint as unknown as Db, record)));
        } catch (error) {
          results.push(
            error instanceof RecordRefused ? { refused: error.refusal } : { refused: databaseRefusal(error) },
          );
        }
      }
      // Every instance drops the customer scopes it keeps (ledger-invoices.ts) when this commits; this one at once.
      await tx.execute(sql`SELECT pg_notify(${changeChannel}, 'ledger:customers')`);
      announceChange(db, 'ledger:customers');
      return results;
    });
  }

  /**
   * Company codes, each with its standard reason codes (when new), its named parameters (apparv, as the ERP's backend
   * configuration reads them) and its supplier identifiers.
   */
  async function writeCompanyCodes(records: CompanyCodeRecord[]): Promise<ImportResult[]> {
    return db.transaction(async (tx) => {
      const results: ImportResult[] = [];
      for (const record of records) {
        try {
          results.push(await tx.transaction(async (savepoint) => writeCompanyCode(savepoint as unknown as Db, record)));
        } catch (error) {
          results.push(
            error instanceof RecordRefused ? { refused: error.refusal } : { refused: databaseRefusal(error) },
          );
        }
      }
      return results;
    });
  }

  return {
    writeCompanyCodes,
    readReferenceData,
    existingCustomers,
    customersByPartyIds,
    companyCodeByPartyIds,
    payersOfSoldTo,
    writeDocuments,
    writeCustomers,
  };
}

export type LedgerImports = ReturnType<typeof createLedgerImports>;

class RecordRefused extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.messageKey);
  }
}

function databaseRefusal(error: unknown): ImportRefusal {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: { message?: string } } | null)?.cause?.message ?? '';
  const text = `${message} ${cause}`;
  if (/documents_import_key|duplicate key/i.test(text))
    return { field: 'number', messageKey: 'imports.errors.duplicate' };
  if (/foreign key/i.test(text)) return { field: '', messageKey: 'imports.errors.unknown_reference' };
  return { field: '', messageKey: 'imports.errors.not_written' };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

type ExistingDocument = {
  id: number;
  company_code: string;
  billing_document_type: string;
  billing_document_number: string;
  document_number_finance: string;
  document_date: string;
  due_date: string;
  currency_key: string;
  total_amount: string;
  open_amount: string;
  payer_number: string;
  soldto_number: string;
  reference_number: string;
  purchase_order: string;
  document_status: string;
  items_hash: string | null;
  e_invoice_hash: string | null;
  pdf_sha256: string | null;
  unacknowledged: string;
  /** Issue 37: what refunds, returns and chargebacks gave back to the document and the ERP has not applied yet. */
  given_back: string;
};

function keyOf(companyCode: string, type: string, number: string): string {
  return `${companyCode}\u0000${type}\u0000${number}`;
}

function hashJson(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');
}

// A record's hashes are asked for up to three times in a write (the unchanged check, the custom fields, the detail
// rows): each computed once, kept with the object it hashes.
const hashes = new WeakMap<object, string>();

function hashOnce(value: object, hash: (value: object) => string): string {
  let known = hashes.get(value);
  if (known === undefined) hashes.set(value, (known = hash(value)));
  return known;
}

function eInvoiceHashOf(eInvoice: Record<string, unknown>): string {
  return hashOnce(eInvoice, hashJson);
}

function pdfHashOf(pdf: Buffer): string {
  return hashOnce(pdf, (bytes) =>
    createHash('sha256')
      .update(bytes as Buffer)
      .digest('hex'),
  );
}

function itemsHashOf(items: DocumentItemRecord[]): string {
  return hashOnce(items, () => itemsHash(items));
}

function itemsHash(items: DocumentItemRecord[]): string {
  return hashJson(
    items.map((item) => [
      item.itemNumber,
      item.materialNumber,
      item.description,
      normaliseQuantity(item.quantity),
      item.unitPriceMinor,
      item.totalMinor,
    ]),
  );
}

function normaliseQuantity(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.replace(/^\+/, '').split('.');
  return `${BigInt(whole)}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}

/**
 * One batch in one transaction: the existing rows locked (FOR UPDATE, the order payments lock them in), then the
 * new rows inserted, the changed ones updated, their lines, e-invoice data and PDFs replaced, and the totals moved.
 */
async function writeDocumentBatch(tx: Db, records: DocumentRecord[], day: string): Promise<ImportResult[]> {
  const types = records.map((record) => billingType[record.type]);
  const existingRows = rowsOf<ExistingDocument>(
    await tx.execute(sql`
      SELECT d.id, d.company_code, d.billing_document_type, d.billing_document_number, d.document_number_finance,
        d.document_date::text, d.due_date::text, d.currency_key, d.total_amount::text, d.open_amount::text,
        d.payer_number, d.soldto_number, d.reference_number,
        coalesce(d.custom_fields->>'customer_purchase_order_nubmer', '') AS purchase_order, d.document_status,
        d.custom_fields->>'import_items_hash' AS items_hash, d.custom_fields->>'import_e_invoice_hash' AS e_invoice_hash,
        (SELECT sha256 FROM ${documentPdfs} WHERE document_id = d.id) AS pdf_sha256,
        coalesce((SELECT sum(pi.amount) FROM ledger.payment_items pi
          JOIN ledger.payments p ON p.id = pi.payment_id
          -- The feed's key is the intent's uuid; the ledger's own older postings (the demo's) have other references.
          JOIN portal.payment_feed f ON f.id = (CASE WHEN p.posting_reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            THEN p.posting_reference::uuid END)
          WHERE pi.document_id = d.id AND f.acknowledged_at IS NULL), 0)::text AS unacknowledged,
        coalesce((SELECT sum(ri.open_after - ri.open_before) FROM ledger.payment_reversal_items ri
          JOIN ledger.payment_reversals r ON r.id = ri.reversal_id
          JOIN portal.payment_feed f ON f.id = (CASE WHEN r.reversal_reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            THEN r.reversal_reference::uuid END)
          WHERE ri.document_id = d.id AND f.acknowledged_at IS NULL), 0)::text AS given_back
      FROM ${documents} d
      JOIN unnest(${sql.param(records.map((r) => r.companyCode))}::text[], ${sql.param(types)}::text[],
        ${sql.param(records.map((r) => r.number))}::text[]) AS k(company_code, billing_document_type, number)
        ON d.company_code = k.company_code AND d.billing_document_type = k.billing_document_type
        AND d.billing_document_number = k.number AND d.billing_document_number <> ''
      ORDER BY d.id
      FOR UPDATE OF d`),
  );
  const existing = new Map(
    existingRows.map((row) => [keyOf(row.company_code, row.billing_document_type, row.billing_document_number), row]),
  );

  const results: ImportResult[] = [];
  const inserts: { record: DocumentRecord; open: bigint; index: number }[] = [];
  const updates: { record: DocumentRecord; row: ExistingDocument; open: bigint }[] = [];
  const deltas: BalanceDelta[] = [];
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    const key = keyOf(record.companyCode, billingType[record.type], record.number);
    if (seen.has(key)) throw new Error('duplicate key in one batch'); // the caller never sends one
    seen.add(key);
    const row = existing.get(key);
    // What the portal took and the ERP has not applied yet stays taken off the open amount (never past zero).
    const unacknowledged = row ? BigInt(row.unacknowledged) : 0n;
    // And what a refund, a return or a chargeback gave back (the feed's reversal items not acknowledged) stays open.
    const givenBack = row ? BigInt(row.given_back) : 0n;
    const open = adjustOpen(record.openMinor, unacknowledged) + givenBack;
    if (!row) {
      inserts.push({ record, open, index });
      deltas.push(
        ...contributionOf(record.payerNumber, record.soldtoNumber, record.currencyKey, record.dueDate, open, 1n),
      );
      results.push('created');
      continue;
    }
    if (isUnchanged(row, record, open)) {
      results.push('unchanged');
      continue;
    }
    updates.push({ record, row, open });
    const wasOpen = row.document_status === '01';
    deltas.push(
      ...contributionOf(
        row.payer_number,
        row.soldto_number,
        row.currency_key,
        row.due_date,
        wasOpen ? BigInt(row.open_amount) : 0n,
        -1n,
      ),
      ...contributionOf(record.payerNumber, record.soldtoNumber, record.currencyKey, record.dueDate, open, 1n),
    );
    results.push('updated');
  }

  const ids = new Map<number, number>();
  if (inserts.length > 0) {
    const column = <T>(pick: (entry: (typeof inserts)[number]) => T) => sql.param(inserts.map(pick));
    const inserted = rowsOf<{
      id: number | string;
      company_code: string;
      billing_document_type: string;
      billing_document_number: string;
    }>(
      await tx.execute(sql`
        INSERT INTO ${documents} (company_code, billing_document_number, billing_document_type,
          document_number_finance, posting_date, document_date, due_date, clearing_date, currency_key, open_amount,
          paid_amount, total_amount, billed_quantity, finance_document_type, fiscal_year, line_item,
          pdf_document_available, payer_number, soldto_number, customer_number, reference_number, document_status,
          custom_fields)
        SELECT v.company_code, v.number, v.type, v.number, v.document_date, v.document_date, v.due_date,
          CASE WHEN v.open = 0 THEN ${day}::date END, v.currency_key, v.open, v.total - v.open, v.total,
          v.quantity, 'RV', to_char(v.document_date, 'YYYY'), '001', true, v.payer, v.soldto, v.soldto, v.reference,
          CASE WHEN v.open = 0 THEN '02' ELSE '01' END, v.custom_fields
        FROM unnest(${column((e) => e.record.companyCode)}::text[], ${column((e) => e.record.number)}::text[],
          ${column((e) => billingType[e.record.type])}::text[], ${column((e) => e.record.documentDate)}::date[],
          ${column((e) => e.record.dueDate)}::date[], ${column((e) => e.record.currencyKey)}::text[],
          ${column((e) => String(e.open))}::bigint[], ${column((e) => String(e.record.totalMinor))}::bigint[],
          ${column((e) => quantityOf(e.record))}::numeric[], ${column((e) => e.record.payerNumber)}::text[],
          ${column((e) => e.record.soldtoNumber)}::text[], ${column((e) => e.record.reference)}::text[],
          ${column((e) => JSON.stringify(customFieldsOf(e.record)))}::jsonb[])
          AS v(company_code, number, type, document_date, due_date, currency_key, open, total, quantity, payer, soldto,
            reference, custom_fields)
        RETURNING id, company_code, billing_document_type, billing_document_number`),
    );
    const byKey = new Map(
      inserted.map((row) => [
        keyOf(row.company_code, row.billing_document_type, row.billing_document_number),
        Number(row.id),
      ]),
    );
    for (const entry of inserts) {
      ids.set(
        entry.index,
        byKey.get(keyOf(entry.record.companyCode, billingType[entry.record.type], entry.record.number))!,
      );
    }
  }
  if (updates.length > 0) {
    const column = <T>(pick: (entry: (typeof updates)[number]) => T) => sql.param(updates.map(pick));
    await tx.execute(sql`
      UPDATE ${documents} AS d SET
        document_date = v.document_date, due_date = v.due_date, currency_key = v.currency_key, open_amount = v.open,
        total_amount = v.total, paid_amount = v.total - v.open, payer_number = v.payer, soldto_number = v.soldto,
        customer_number = v.soldto, reference_number = v.reference,
        custom_fields = d.custom_fields || v.custom_fields,
        billed_quantity = coalesce(v.quantity, d.billed_quantity),
        document_status = CASE WHEN v.open = 0 THEN '02' ELSE '01' END,
        clearing_date = CASE WHEN v.open = 0 THEN coalesce(d.clearing_date, ${day}::date) END,
        pdf_document_available = true
      FROM unnest(${column((e) => e.row.id)}::bigint[], ${column((e) => e.record.documentDate)}::date[],
        ${column((e) => e.record.dueDate)}::date[], ${column((e) => e.record.currencyKey)}::text[],
        ${column((e) => String(e.open))}::bigint[], ${column((e) => String(e.record.totalMinor))}::bigint[],
        ${column((e) => e.record.payerNumber)}::text[], ${column((e) => e.record.soldtoNumber)}::text[],
        ${column((e) => e.record.reference)}::text[], ${column((e) => JSON.stringify(customFieldsOf(e.record)))}::jsonb[],
        ${column((e) => (e.record.items ? quantityOf(e.record) : null))}::numeric[])
        AS v(id, document_date, due_date, currency_key, open, total, payer, soldto, reference, custom_fields, quantity)
      WHERE d.id = v.id`);
  }

  // Lines, e-invoice data and PDFs of the documents that bring them (UBL files, CSV rows naming a PDF).
  const written = [
    ...inserts.map((entry) => ({ record: entry.record, id: ids.get(entry.index)!, row: undefined })),
    ...updates.map((entry) => ({ record: entry.record, id: entry.row.id, row: entry.row })),
  ];
  const withItems = written.filter(
    (entry) => entry.record.items && entry.row?.items_hash !== itemsHashOf(entry.record.items),
  );
  if (withItems.length > 0) {
    await tx.execute(
      sql`DELETE FROM ${invoiceItems} WHERE document_id = ANY(${sql.param(withItems.map((entry) => entry.id))}::bigint[])`,
    );
    const items = withItems.flatMap((entry) =>
      entry.record.items!.map((item) => ({ ...item, documentId: entry.id, currencyKey: entry.record.currencyKey })),
    );
    if (items.length > 0) {
      const column = <T>(pick: (item: (typeof items)[number]) => T) => sql.param(items.map(pick));
      await tx.execute(sql`
        INSERT INTO ${invoiceItems} (document_id, item_number, material_number, description, billed_quantity,
          unit_price, total_amount, currency_key)
        SELECT * FROM unnest(${column((i) => i.documentId)}::bigint[], ${column((i) => i.itemNumber)}::text[],
          ${column((i) => i.materialNumber)}::text[], ${column((i) => i.description)}::text[],
          ${column((i) => i.quantity)}::numeric[], ${column((i) => String(i.unitPriceMinor))}::bigint[],
          ${column((i) => String(i.totalMinor))}::bigint[], ${column((i) => i.currencyKey)}::text[])`);
    }
  }
  const withEInvoice = written.filter(
    (entry) => entry.record.eInvoice && entry.row?.e_invoice_hash !== eInvoiceHashOf(entry.record.eInvoice),
  );
  if (withEInvoice.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${documentEInvoices} (document_id, detail)
      SELECT * FROM unnest(${sql.param(withEInvoice.map((e) => e.id))}::bigint[],
        ${sql.param(withEInvoice.map((e) => JSON.stringify(e.record.eInvoice)))}::jsonb[])
      ON CONFLICT (document_id) DO UPDATE SET detail = excluded.detail`);
  }
  for (const entry of written) {
    if (!entry.record.pdf) continue;
    const sha256 = pdfHashOf(entry.record.pdf);
    if (entry.row?.pdf_sha256 === sha256) continue;
    await tx
      .insert(documentPdfs)
      .values({ documentId: entry.id, bytes: entry.record.pdf, sha256 })
      .onConflictDoUpdate({ target: documentPdfs.documentId, set: { bytes: entry.record.pdf, sha256 } });
  }
  await applyImportedBalances(tx, deltas);
  return results;
}

/**
 * The batch's totals changes in one statement whose text is the same for every batch (arrays, not one row of values
 * per change: a statement per count of changes would be prepared and kept by every connection, ADR 0022). Same sums
 * as applyBalanceDeltas, which a posting's few changes use.
 */
async function applyImportedBalances(tx: Db, deltas: BalanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const column = <T>(pick: (delta: BalanceDelta) => T) => sql.param(deltas.map(pick));
  await tx.execute(
    moveBalances(sql`unnest(${column((d) => d.payerNumber)}::text[], ${column((d) => d.soldtoNumber)}::text[],
      ${column((d) => d.currencyKey)}::text[], ${column((d) => d.dueDate)}::date[], ${column((d) => d.invoices)}::bigint[],
      ${column((d) => d.credits)}::bigint[], ${column((d) => d.invoiceCount)}::int[], ${column((d) => d.creditCount)}::int[])
      AS v(payer_number, soldto_number, currency_key, due_date, invoices, credits, invoice_count, credit_count)`),
  );
}

function adjustOpen(open: bigint, unacknowledged: bigint): bigint {
  if (unacknowledged === 0n || open === 0n) return open;
  if (open > 0n) return open > unacknowledged ? open - unacknowledged : 0n;
  // A credit used in a portal payment (a negative application) likewise.
  return open < unacknowledged ? open - unacknowledged : 0n;
}

function quantityOf(record: DocumentRecord): string {
  if (!record.items) return '0';
  let thousandths = 0n;
  for (const item of record.items) {
    const [whole = '0', fraction = ''] = item.quantity.replace(/^[+-]/, '').split('.');
    thousandths += BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
  }
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

function customFieldsOf(record: DocumentRecord): Record<string, string> {
  return {
    customer_purchase_order_nubmer: record.purchaseOrder,
    ...(record.items ? { import_items_hash: itemsHashOf(record.items) } : {}),
    ...(record.eInvoice ? { import_e_invoice_hash: eInvoiceHashOf(record.eInvoice) } : {}),
  };
}

function isUnchanged(row: ExistingDocument, record: DocumentRecord, open: bigint): boolean {
  return (
    row.document_date === record.documentDate &&
    row.due_date === record.dueDate &&
    row.currency_key === record.currencyKey &&
    BigInt(row.total_amount) === record.totalMinor &&
    BigInt(row.open_amount) === open &&
    row.payer_number === record.payerNumber &&
    row.soldto_number === record.soldtoNumber &&
    row.reference_number === record.reference &&
    row.purchase_order === record.purchaseOrder &&
    (!record.items || row.items_hash === itemsHashOf(record.items)) &&
    (!record.eInvoice || row.e_invoice_hash === eInvoiceHashOf(record.eInvoice)) &&
    (!record.pdf || row.pdf_sha256 === pdfHashOf(record.pdf))
  );
}

/** What an open item adds to (sign 1) or takes from (sign -1) its account's totals. */
function contributionOf(
  payerNumber: string,
  soldtoNumber: string,
  currencyKey: string,
  dueDate: string,
  open: bigint,
  sign: 1n | -1n,
): BalanceDelta[] {
  if (open === 0n) return [];
  return [
    {
      payerNumber,
      soldtoNumber,
      currencyKey,
      dueDate,
      invoices: String(open > 0n ? sign * open : 0n),
      credits: String(open < 0n ? sign * open : 0n),
      invoiceCount: open > 0n ? Number(sign) : 0,
      creditCount: open < 0n ? Number(sign) : 0,
    },
  ];
}

async function writeCustomer(tx: Db, record: CustomerRecord): Promise<ImportOutcome> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(sql`${customers.customerNumber} = ${record.customerNumber}`)
    .for('update');
  let outcome: ImportOutcome;
  if (!row) {
    for (const field of requiredCustomerFields) {
      if (!record.fields[field])
        throw new RecordRefused({ field: columnOf(field), messageKey: 'imports.errors.required' });
    }
    await tx.insert(customers).values({ customerNumber: record.customerNumber, ...(record.fields as CustomerFields) });
    outcome = 'created';
  } else {
    const changed = Object.fromEntries(
      Object.entries(record.fields).filter(([field, value]) => row[field as keyof CustomerFields] !== value),
    );
    for (const field of requiredCustomerFields) {
      if (field in changed && !changed[field])
        throw new RecordRefused({ field: columnOf(field), messageKey: 'imports.errors.required' });
    }
    if (Object.keys(changed).length > 0)
      await tx
        .update(customers)
        .set(changed)
        .where(sql`${customers.customerNumber} = ${record.customerNumber}`);
    outcome = Object.keys(changed).length > 0 ? 'updated' : 'unchanged';
  }

  if (record.payerNumber !== undefined) {
    const payer = record.payerNumber || record.customerNumber;
    const links = await tx
      .select()
      .from(payerSoldTos)
      .where(sql`${payerSoldTos.soldtoNumber} = ${record.customerNumber}`);
    if (!links.some((link) => link.payerNumber === payer)) {
      if (payer !== record.customerNumber) {
        const [exists] = await tx
          .select({ n: customers.customerNumber })
          .from(customers)
          .where(sql`${customers.customerNumber} = ${payer}`);
        if (!exists)
          throw new RecordRefused({
            field: 'payer_number',
            messageKey: 'imports.errors.unknown_customer',
            values: { number: payer.replace(/^0+(?=\d)/, '') },
          });
      }
      // A payer is its own sold-to (its own documents show under it); a sold-to has one payer: the file's.
      await tx
        .delete(payerSoldTos)
        .where(
          sql`${payerSoldTos.soldtoNumber} = ${record.customerNumber} AND ${payerSoldTos.payerNumber} <> ${record.customerNumber}`,
        );
      await tx
        .insert(payerSoldTos)
        .values({ payerNumber: payer, soldtoNumber: record.customerNumber })
        .onConflictDoNothing();
      if (outcome === 'unchanged') outcome = 'updated';
    }
  } else if (!row) {
    await tx
      .insert(payerSoldTos)
      .values({ payerNumber: record.customerNumber, soldtoNumber: record.customerNumber })
      .onConflictDoNothing();
  }

  if (record.partyIds && record.partyIds.length > 0) {
    const held = rowsOf<{ scheme: string; value: string; customer_number: string }>(
      await tx.execute(sql`
        SELECT scheme, value, customer_number FROM ${customerPartyIds}
        WHERE (scheme, value) IN (SELECT * FROM unnest(${sql.param(record.partyIds.map((id) => id.scheme))}::text[],
          ${sql.param(record.partyIds.map((id) => id.value))}::text[]))`),
    );
    const other = held.find((id) => id.customer_number !== record.customerNumber);
    if (other) {
      throw new RecordRefused({
        field: 'party_ids',
        messageKey: 'imports.errors.party_id_taken',
        values: { id: `${other.scheme}:${other.value}`, number: other.customer_number.replace(/^0+(?=\d)/, '') },
      });
    }
    const missing = record.partyIds.filter((id) => !held.some((h) => h.scheme === id.scheme && h.value === id.value));
    if (missing.length > 0) {
      await tx.insert(customerPartyIds).values(missing.map((id) => ({ ...id, customerNumber: record.customerNumber })));
      if (outcome === 'unchanged') outcome = 'updated';
    }
  }
  return outcome;
}

function columnOf(field: keyof CustomerFields): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace('name2', 'name_2');
}

async function writeCompanyCode(tx: Db, record: CompanyCodeRecord): Promise<ImportOutcome> {
  const fields = {
    name: record.name,
    country: record.country,
    currencyKey: record.currencyKey,
    enableDeposits: record.enableDeposits,
    enableEcheck: record.enableEcheck,
    disablePayments: record.disablePayments,
    disable3ds: record.disable3ds,
  };
  const [row] = await tx
    .select()
    .from(companyCodes)
    .where(sql`${companyCodes.companyCode} = ${record.companyCode}`)
    .for('update');
  let outcome: ImportOutcome = 'unchanged';
  if (!row) {
    await tx.insert(companyCodes).values({ companyCode: record.companyCode, ...fields });
    await tx
      .insert(reasonCodes)
      .values([
        ...reasonsO.map((reason) => ({ ...reason, companyCode: record.companyCode, paymentType: 'O' })),
        ...reasonsD.map((reason) => ({ ...reason, companyCode: record.companyCode, paymentType: 'D' })),
      ])
      .onConflictDoNothing();
    outcome = 'created';
  } else if (Object.entries(fields).some(([key, value]) => row[key as keyof typeof fields] !== value)) {
    await tx
      .update(companyCodes)
      .set(fields)
      .where(sql`${companyCodes.companyCode} = ${record.companyCode}`);
    outcome = 'updated';
  }
  const parameters = [
    { parnam: 'ZENABLEDEP', parval: record.enableDeposits ? 'X' : '' },
    { parnam: 'ZDISABLEPY', parval: record.disablePayments ? 'X' : '' },
    { parnam: 'ZENABLEEC', parval: record.enableEcheck ? 'X' : '' },
  ];
  for (const parameter of parameters) {
    await tx
      .insert(apparv)
      .values({ ...parameter, companyCode: record.companyCode })
      .onConflictDoUpdate({ target: [apparv.parnam, apparv.companyCode], set: { parval: parameter.parval } });
  }
  if (record.partyIds.length > 0) {
    const held = rowsOf<{ scheme: string; value: string; company_code: string }>(
      await tx.execute(sql`
        SELECT scheme, value, company_code FROM ${companyCodePartyIds}
        WHERE (scheme, value) IN (SELECT * FROM unnest(${sql.param(record.partyIds.map((id) => id.scheme))}::text[],
          ${sql.param(record.partyIds.map((id) => id.value))}::text[]))`),
    );
    const other = held.find((id) => id.company_code !== record.companyCode);
    if (other) {
      throw new RecordRefused({
        field: 'party_ids',
        messageKey: 'imports.errors.party_id_taken_company',
        values: { id: `${other.scheme}:${other.value}`, company_code: other.company_code },
      });
    }
    const missing = record.partyIds.filter((id) => !held.some((h) => h.scheme === id.scheme && h.value === id.value));
    if (missing.length > 0) {
      await tx.insert(companyCodePartyIds).values(missing.map((id) => ({ ...id, companyCode: record.companyCode })));
      if (outcome === 'unchanged') outcome = 'updated';
    }
  }
  return outcome;
}
