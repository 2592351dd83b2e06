// One import into the built-in ledger, from its files to its report (issue 27 §2): read each file as a stream, check
// each record, write the good ones a batch at a time through the ledger's own code, keep the reason of each bad one,
// count, and tell the supplier's systems when it is done (webhook import.completed). Used by the API (synchronously,
// or in the background after `Prefer: respond-async`) and by the CLI.
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { ImportReport, LedgerImportKind } from '@portal/contracts';
import { companyCodeCsvColumns, customerCsvColumns, documentCsvColumns, ledgerImportLimits } from '@portal/contracts';
import type { Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { ensureBaseConfiguration } from '../../connectors/erp/ledger/base-configuration';
import {
  createLedgerImports,
  type CompanyCodeRecord,
  type CustomerRecord,
  type DocumentRecord,
  type ImportRefusal,
  type ImportResult,
  type LedgerImports,
  type LedgerReferenceData,
} from '../../connectors/erp/ledger/ledger-imports';
import { isoDay } from '../../connectors/erp/ledger/ledger-format';
import { isEmbedded } from '../../db/client';
import { recordAuditEvent } from '../audit/audit.repository';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import {
  checkCompanyCodeRow,
  checkCustomerRow,
  checkDocumentRow,
  requiredDocumentColumns,
  type DocumentRow,
} from './check-csv-rows';
import { CsvHeaderError, readCsvRecords } from './csv-records';
import type { ImportFile } from './import-file';
import { toImportReport } from './import-report';
import {
  finishImport,
  findImport,
  insertImport,
  recordProgress,
  setImportTotal,
  type NewRejection,
} from './ledger-imports.repository';
import { placeUblDocuments, readUblDocument, type UblUnplaced } from './ubl-documents';
import { isPdf } from './ubl/is-pdf';

export type ImportCaller = {
  login: string;
  userId: number | null;
  apiKeyId: number | null;
  ip?: string;
  requestId?: string;
};

export type ImportInput = {
  kind: LedgerImportKind;
  origin: 'browser' | 'api' | 'cli';
  companyCode: string;
  /** The CSV or UBL files, in the order given. */
  files: ImportFile[];
  /** PDFs sent beside a documents CSV, by file name. */
  attachments: Map<string, ImportFile>;
  caller: ImportCaller;
};

// Rows of a documents CSV per write: small enough that a batch dies young (it is garbage before V8 promotes it to the
// old space, which only a full collection frees), large enough that each statement carries many rows. On the
// embedded database a batch's statements run on the event loop itself: 1,000 rows held every other request for a
// second or more (issue 35, ledger-imports.socket.test.ts), 100 rows for a tenth of that.
const documentBatchSize = 1000;
const embeddedDocumentBatchSize = 100;
// Customers are written one by one in savepoints: a smaller batch lets other requests in between on PGlite, which runs one
// transaction at a time (the browser polls the report while an import runs).
const customerBatchSize = 100;
const ublBatchSize = 200;

/** Writes the import's row (status running) and answers its id; `runImport` does the work. */
export async function openImport(ctx: ImportContext, input: ImportInput): Promise<string> {
  const id = randomUUID();
  await insertImport(ctx.db, {
    id,
    kind: input.kind,
    status: 'running',
    origin: input.origin,
    companyCode: input.companyCode,
    files: input.files.map((file) => file.name),
    actor: input.caller.login,
    userId: input.caller.userId,
    apiKeyId: input.caller.apiKeyId,
    total: input.kind === 'ubl' ? input.files.length : null,
    startedAt: ctx.now(),
  });
  return id;
}

export async function runImport(
  ctx: ImportContext,
  id: string,
  input: ImportInput,
  language: Language,
): Promise<ImportReport> {
  const ledger = createLedgerImports(ctx.db);
  // A supplier's first file: the ledger's currencies and payment types come with its company codes.
  if (input.kind === 'company_codes') await ensureBaseConfiguration(ctx.db);
  const run = new ImportRun(ctx, id, ledger, await ledger.readReferenceData());
  let failure: string | undefined;
  try {
    if (input.kind === 'company_codes') await run.companyCodes(input.files);
    else if (input.kind === 'customers') await run.customers(input.files);
    else if (input.kind === 'documents') await run.documents(input.files, input.attachments);
    else await run.ubl(input.files, input.companyCode);
  } catch (error) {
    if (!(error instanceof CsvHeaderError)) throw error;
    failure = JSON.stringify({ key: error.messageKey, values: { ...error.values, file: run.currentFile } });
  }
  const row = await finishImport(ctx.db, id, { status: failure ? 'failed' : 'completed', failure, at: ctx.now() });
  const report = await toImportReport(ctx, row, language);
  await ctx.db.transaction(async (tx) => {
    const { rejected: _rejected, rejected_truncated: _truncated, ...summary } = report;
    await enqueueWebhookEvent(tx as never, {
      type: 'import.completed',
      messageId: `msg_import_${id}`,
      timestamp: ctx.now(),
      data: summary,
    });
    await recordAuditEvent(tx as never, {
      at: ctx.now(),
      event: 'ledger_import',
      userId: input.caller.userId,
      subject: input.caller.login,
      ip: input.caller.ip,
      requestId: input.caller.requestId,
      details: {
        import_id: id,
        kind: input.kind,
        files: input.files.length,
        status: report.status,
        counts: report.counts,
      },
    });
  });
  return report;
}

/** Runs and reports in one go (the synchronous API call, the CLI). */
export async function importFiles(ctx: ImportContext, input: ImportInput, language: Language): Promise<ImportReport> {
  const id = await openImport(ctx, input);
  try {
    return await runImport(ctx, id, input, language);
  } catch (error) {
    await finishImport(ctx.db, id, {
      status: 'failed',
      failure: JSON.stringify({ key: 'imports.errors.not_written', values: {} }),
      at: ctx.now(),
    });
    throw error;
  }
}

export async function readImportReport(
  ctx: ImportContext,
  id: string,
  language: Language,
): Promise<ImportReport | undefined> {
  const row = await findImport(ctx.db, id);
  return row ? toImportReport(ctx, row, language) : undefined;
}

/** What an import needs of the app: its database and clock (the CLI has no app). */
export type ImportContext = Pick<AppContext, 'db' | 'now'>;

type Pending<T> = { record: T; source: string; key: string; order: number };
type Refused = NewRejection & { order: number };

class ImportRun {
  currentFile = '';
  private rejected = 0;
  /** Each record's place in the import, so that the report lists rejections in the files' order. */
  private order = 0;
  private readonly day: string;

  constructor(
    private readonly ctx: ImportContext,
    private readonly id: string,
    private readonly ledger: LedgerImports,
    private readonly reference: LedgerReferenceData,
  ) {
    this.day = isoDay(ctx.now());
  }

  async companyCodes(files: ImportFile[]): Promise<void> {
    for (const file of files) {
      this.currentFile = file.name;
      const batch: Pending<CompanyCodeRecord>[] = [];
      const refusals: Refused[] = [];
      const columns = { allowed: companyCodeCsvColumns, required: ['company_code', 'name', 'country', 'currency_key'] };
      for await (const line of readCsvRecords(file.open(), columns)) {
        const source = `${file.name}:${line.line}`;
        const order = ++this.order;
        if ('error' in line) {
          refusals.push(rejection(source, '', { field: '', messageKey: `imports.errors.${line.error}` }, order));
          continue;
        }
        const checked = checkCompanyCodeRow(line.values, this.reference);
        if ('refusal' in checked) refusals.push(rejection(source, checked.key, checked.refusal, order));
        else batch.push({ record: checked.record, source, key: checked.key, order });
      }
      // A supplier has a handful of company codes: one batch per file.
      await this.flush(batch, refusals, (records) => this.ledger.writeCompanyCodes(records));
    }
  }

  async customers(files: ImportFile[]): Promise<void> {
    for (const file of files) {
      this.currentFile = file.name;
      let batch: Pending<CustomerRecord>[] = [];
      const refusals: Refused[] = [];
      for await (const line of readCsvRecords(file.open(), {
        allowed: customerCsvColumns,
        required: ['customer_number'],
      })) {
        const source = `${file.name}:${line.line}`;
        const order = ++this.order;
        if ('error' in line) {
          refusals.push(rejection(source, '', { field: '', messageKey: `imports.errors.${line.error}` }, order));
          continue;
        }
        const checked = checkCustomerRow(line.values, this.reference);
        if ('refusal' in checked) refusals.push(rejection(source, checked.key, checked.refusal, order));
        else batch.push({ record: checked.record, source, key: checked.key, order });
        if (batch.length + refusals.length >= customerBatchSize) {
          await this.flush(batch, refusals.splice(0), (records) => this.ledger.writeCustomers(records));
          batch = [];
        }
      }
      await this.flush(batch, refusals, (records) => this.ledger.writeCustomers(records));
    }
  }

  async documents(files: ImportFile[], attachments: Map<string, ImportFile>): Promise<void> {
    for (const file of files) {
      this.currentFile = file.name;
      let batch: Pending<DocumentRow>[] = [];
      let keys = new Set<string>();
      let refusals: Refused[] = [];
      // The next batch is read and checked while PostgreSQL writes this one (two cores at work instead of one in
      // turn); never more than one batch in the ledger's hands, and the batches written in the file's order.
      const writing = new SerialWrites();
      const batchSize = isEmbedded(this.ctx.db) ? embeddedDocumentBatchSize : documentBatchSize;
      const flush = async () => {
        const [written, refused] = [batch, refusals];
        batch = [];
        keys = new Set();
        refusals = [];
        await writing.next(() => this.flushDocuments(written, refused, attachments));
      };
      for await (const line of readCsvRecords(file.open(), {
        allowed: documentCsvColumns,
        required: requiredDocumentColumns,
      })) {
        const source = `${file.name}:${line.line}`;
        const order = ++this.order;
        if ('error' in line) {
          refusals.push(rejection(source, '', { field: '', messageKey: `imports.errors.${line.error}` }, order));
          continue;
        }
        const checked = checkDocumentRow(line.values, this.reference);
        if ('refusal' in checked) {
          refusals.push(rejection(source, checked.key, checked.refusal, order));
        } else {
          // The same document twice in one file: the later line wins, written in a batch after the earlier one's.
          const key = `${checked.record.companyCode}|${checked.record.type}|${checked.record.number}`;
          if (keys.has(key)) await flush();
          keys.add(key);
          batch.push({ record: checked.record, source, key: checked.key, order });
        }
        if (batch.length + refusals.length >= batchSize) await flush();
      }
      await flush();
      await writing.done();
    }
  }

  async ubl(files: ImportFile[], companyCode: string): Promise<void> {
    let batch: Pending<UblUnplaced>[] = [];
    let keys = new Set<string>();
    let refusals: Refused[] = [];
    const writing = new SerialWrites();
    const flush = async () => {
      const [read, refused] = [batch, refusals];
      batch = [];
      keys = new Set();
      refusals = [];
      await writing.next(() => this.flushUbl(read, refused));
    };
    // A supplier's files name a handful of sellers: each one's company code looked up once.
    const companyCodes = new Map<string, Promise<string | undefined>>();
    const ledger = {
      companyCodeByPartyIds: (ids: { scheme: string; value: string }[]) => {
        const seller = ids.map((id) => `${id.scheme}:${id.value}`).join('|');
        if (!companyCodes.has(seller)) companyCodes.set(seller, this.ledger.companyCodeByPartyIds(ids));
        return companyCodes.get(seller)!;
      },
    };
    for (const file of files) {
      this.currentFile = file.name;
      const read = await readUblDocument(ledger, this.reference, file, companyCode);
      const order = ++this.order;
      if ('refusal' in read) {
        refusals.push(rejection(file.name, read.key, read.refusal, order));
      } else {
        const { record } = read.unplaced;
        const key = `${record.companyCode}|${record.type}|${record.number}`;
        if (keys.has(key)) await flush();
        keys.add(key);
        batch.push({ record: read.unplaced, source: file.name, key: read.unplaced.key, order });
      }
      if (batch.length + refusals.length >= ublBatchSize) await flush();
    }
    await flush();
    await writing.done();
  }

  /** The batch's customers found (two look-ups for all its files), then the write. */
  private async flushUbl(batch: Pending<UblUnplaced>[], refusals: Refused[]): Promise<void> {
    const placed = await placeUblDocuments(
      this.ledger,
      batch.map((entry) => entry.record),
    );
    const resolved: Pending<DocumentRecord>[] = [];
    placed.forEach((document, index) => {
      const entry = batch[index]!;
      if ('refusal' in document) refusals.push(rejection(entry.source, document.key, document.refusal, entry.order));
      else resolved.push({ ...entry, record: document.record });
    });
    await this.flushResolved(resolved, refusals);
  }

  /** The checks of a documents batch that need the ledger (customers, payer of the sold-to, PDFs), then the write. */
  private async flushDocuments(
    batch: Pending<DocumentRow>[],
    refusals: Refused[],
    attachments: Map<string, ImportFile>,
  ): Promise<void> {
    const resolved: Pending<DocumentRecord>[] = [];
    const numbers = batch.flatMap((entry) => [entry.record.payerNumber, entry.record.soldtoNumber]);
    const [known, payers] = await Promise.all([
      this.ledger.existingCustomers(numbers),
      this.ledger.payersOfSoldTo(batch.map((entry) => entry.record.soldtoNumber)),
    ]);
    for (const entry of batch) {
      const { pdfFile, ...record } = entry.record;
      const refusal = accountRefusal(record, known, payers) ?? null;
      if (refusal) {
        refusals.push(rejection(entry.source, entry.key, refusal, entry.order));
        continue;
      }
      if (pdfFile) {
        const pdf = await readAttachment(attachments.get(pdfFile));
        if ('refusal' in pdf) {
          refusals.push(rejection(entry.source, entry.key, { ...pdf.refusal, values: { file: pdfFile } }, entry.order));
          continue;
        }
        resolved.push({ ...entry, record: { ...record, pdf: pdf.bytes } });
      } else {
        resolved.push({ ...entry, record });
      }
    }
    await this.flushResolved(resolved, refusals);
  }

  private async flushResolved(batch: Pending<DocumentRecord>[], refusals: Refused[]): Promise<void> {
    await this.flush(batch, refusals, (records) => this.ledger.writeDocuments(records, this.day));
  }

  private async flush<T>(
    batch: Pending<T>[],
    refusals: Refused[],
    write: (records: T[]) => Promise<ImportResult[]>,
  ): Promise<void> {
    if (batch.length === 0 && refusals.length === 0) return;
    // Every batch gives the event loop a turn first (issue 35). Lines already received and statements the embedded
    // database answers at once resolve as promises only: without a turn, the timers and the I/O of every other
    // request waited for seconds while a CSV streamed in.
    await setImmediate();
    const read = batch.length + refusals.length;
    const results = batch.length > 0 ? await write(batch.map((entry) => entry.record)) : [];
    const counts = { created: 0, updated: 0, unchanged: 0 };
    results.forEach((result, index) => {
      if (typeof result === 'string') counts[result] += 1;
      else refusals.push(rejection(batch[index]!.source, batch[index]!.key, result.refused, batch[index]!.order));
    });
    refusals.sort((a, b) => a.order - b.order);
    await recordProgress(this.ctx.db, this.id, {
      processed: read,
      ...counts,
      rejections: refusals.map(({ order: _order, ...refusal }) => refusal),
      rejectedBefore: this.rejected,
    });
    this.rejected += refusals.length;
  }
}

/** Writes run one after another; `next` waits for the one before and starts the new one without waiting for it. */
class SerialWrites {
  private last: Promise<void> = Promise.resolve();

  async next(write: () => Promise<void>): Promise<void> {
    await this.last;
    const started = write();
    // Its failure is thrown by the next call or by done(), not as an unhandled rejection meanwhile.
    started.catch(() => undefined);
    this.last = started;
  }

  done(): Promise<void> {
    return this.last;
  }
}

function rejection(source: string, document: string, refusal: ImportRefusal, order: number): Refused {
  return {
    source,
    document,
    field: refusal.field,
    messageKey: refusal.messageKey,
    values: refusal.values ?? {},
    order,
  };
}

/** The payer and sold-to must be customers of the ledger, the sold-to one of the payer's (or the payer itself). */
export function accountRefusal(
  record: Pick<DocumentRecord, 'payerNumber' | 'soldtoNumber'>,
  known: Set<string>,
  payers: Map<string, string[]>,
): ImportRefusal | undefined {
  const shown = (number: string) => number.replace(/^0+(?=\d)/, '');
  if (!known.has(record.payerNumber)) {
    return {
      field: 'payer_number',
      messageKey: 'imports.errors.unknown_customer',
      values: { number: shown(record.payerNumber) },
    };
  }
  if (!known.has(record.soldtoNumber)) {
    return {
      field: 'soldto_number',
      messageKey: 'imports.errors.unknown_customer',
      values: { number: shown(record.soldtoNumber) },
    };
  }
  if (
    record.soldtoNumber !== record.payerNumber &&
    !(payers.get(record.soldtoNumber) ?? []).includes(record.payerNumber)
  ) {
    return {
      field: 'soldto_number',
      messageKey: 'imports.errors.soldto_of_other_payer',
      values: { soldto: shown(record.soldtoNumber), payer: shown(record.payerNumber) },
    };
  }
  return undefined;
}

async function readAttachment(file: ImportFile | undefined): Promise<{ bytes: Buffer } | { refusal: ImportRefusal }> {
  if (!file) return { refusal: { field: 'pdf_file', messageKey: 'imports.errors.pdf_missing' } };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.open()) {
    size += (chunk as Buffer).length;
    if (size > ledgerImportLimits.maxPdfBytes)
      return { refusal: { field: 'pdf_file', messageKey: 'imports.errors.pdf_too_large' } };
    chunks.push(chunk as Buffer);
  }
  const bytes = Buffer.concat(chunks);
  if (!isPdf(bytes)) return { refusal: { field: 'pdf_file', messageKey: 'imports.errors.not_a_pdf' } };
  return { bytes };
}

export { setImportTotal };
