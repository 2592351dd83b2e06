// npm run bench:imports [-- --database-url postgres://postgres@127.0.0.1:5432/portal_bench_imports] [--rows 1000000]
//   [--small-rows 100000] [--ubl-files 10000] [--feed-rows 100000] [--customers 1000] [--profile-rows 100000]
//   [--profile-files 1000] [--profiles dir] [--no-http]
// Issue 27's imports and payments feed on PostgreSQL, through `importFiles` (the code the API and the CLI run), in
// this process:
// - a documents CSV of 1,000,000 rows (target ≥ 20,000 rows/s) beside PostgreSQL's own COPY of the same rows in the
//   table's format into a second database with the same migrations and customers (the ceiling), the peak RSS growth
//   of that import against a 100,000-row one's (streamed: flat), and the same file again (every row unchanged);
// - 10,000 UBL files (target ≥ 500 documents/s) beside the same documents as one documents CSV (what XML costs);
// - the payments feed: 100,000 unsequenced rows numbered by the first read, then read whole by pages of 1,000,
//   beside a bare keyset SELECT over the same table (no target in the issue: figures and ratios).
// Issue 35 §4, beside the first two (unless --no-http): the same documents files and UBL files posted over a socket,
// as a supplier does, to the built portal (apps/server/dist/server.js, one process, on a third database `_http`) with
// an API key of scope ledger:write; rows/s and documents/s against the in-process figures, and GET /api/health
// polled every 50 ms on another connection meanwhile (target p99 < 100 ms: an import must not starve the customers).
// The three databases are dropped and made anew each run. Ends with CPU profiles (and the statements by wall time) of a
// documents import, the same file again and a UBL import (what the time is spent on), and one JSON line. Not part
// of npm test or CI: machines differ, so these are measurements.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { formatMinorUnits } from '@portal/domain';
import { ledgerImportLimits, type ImportReport, type LedgerImportKind } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../../apps/server/src/app-context';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { readPaymentFeed } from '../../apps/server/src/modules/ledger-feed/read-payment-feed';
import type { ImportFile } from '../../apps/server/src/modules/ledger-imports/import-file';
import { importFiles } from '../../apps/server/src/modules/ledger-imports/run-ledger-import';
import { buildUblInvoice, type BuildUblLine } from '../../apps/server/src/modules/ledger-imports/ubl/build-ubl';
import { round } from '../invoices/http-load';
import { describeProfile, summariseProfile, type ProfileSummary } from '../lib/cpu-profile';
import { recreateDatabase } from '../lib/bench-database';
import { createReport } from '../lib/report';
import { cpuSince, postgresPids } from '../lib/servers';
import {
  builtServer,
  insertBenchApiKey,
  pollHealth,
  postCsv,
  postUblFiles,
  processRss,
  startBuiltPortal,
  type BuiltPortal,
  type HealthFigures,
} from './over-http';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_imports' },
    rows: { type: 'string', default: '1000000' },
    // The smaller documents file whose peak RSS growth the large one's is compared with.
    'small-rows': { type: 'string', default: '100000' },
    'ubl-files': { type: 'string', default: '10000' },
    'feed-rows': { type: 'string', default: '100000' },
    customers: { type: 'string', default: '1000' },
    // After the measured parts: a documents CSV of this many new rows (then the same file again, unchanged) and
    // this many new UBL files imported under the V8 profiler (0: none), summarised, the .cpuprofile files kept in
    // `profiles`.
    'profile-rows': { type: 'string', default: '100000' },
    'profile-files': { type: 'string', default: '1000' },
    profiles: { type: 'string', default: path.join(os.tmpdir(), 'portal-bench-profiles') },
    // Leave out the imports over HTTP (they need `npm run build -w @portal/server` first).
    'no-http': { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
const siblingDatabaseUrl = (suffix: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}${suffix}`;
  return url.toString();
};
const copyDatabaseUrl = siblingDatabaseUrl('_copy');
const httpDatabaseUrl = siblingDatabaseUrl('_http');
const overHttp = !values['no-http'];
const rowCount = Number(values.rows);
const smallRowCount = Number(values['small-rows']);
const ublFileCount = Number(values['ubl-files']);
const feedRowCount = Number(values['feed-rows']);
const customerCount = Number(values.customers);
const profileRows = Number(values['profile-rows']);
const profileFiles = Number(values['profile-files']);
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname)) {
  process.stderr.write('The benchmark runs on a local PostgreSQL only.\n');
  process.exit(2);
}
if (overHttp && !fs.existsSync(builtServer)) {
  process.stderr.write(
    `${path.relative(process.cwd(), builtServer)} is missing: run npm run build -w @portal/server first (or pass --no-http).\n`,
  );
  process.exit(2);
}

// A collection before each starting RSS reading, so that what an earlier step left for the collector does not
// count for the next one.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const { verdicts, report } = createReport(log);
const companyCode = '1000';
const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
const perSecond = (count: number, milliseconds: number) => Math.round(count / (milliseconds / 1000));
const grouped = (value: number) => value.toLocaleString('en-US');

// ---- Deterministic data: the same rows every run, spread like a supplier's ledger. ----

/** A well-mixed 32-bit number from an index and a salt (no Math.random: runs are comparable). */
function mix(index: number, salt: number): number {
  let x = (Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const dayMs = 86_400_000;
const firstDay = Date.UTC(2025, 0, 1);
const isoDayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** The customers' numbers (as a file writes them) and their e-invoicing identifier (a GLN, scheme 0088). */
const customerNumber = (index: number) => String(500_001 + index);
const ledgerCustomerNumber = (index: number) => customerNumber(index).padStart(10, '0');
const glnOf = (index: number) => `40${String(700_000 + index).padStart(11, '0')}`;

type GeneratedDocument = {
  type: 'invoice' | 'credit';
  /** All digits, 10 of them (kept as written). */
  number: string;
  documentDate: string;
  dueDate: string;
  /** Absolute amounts in cents (USD). */
  totalMinor: bigint;
  openMinor: bigint;
  customer: number;
  reference: string;
  purchaseOrder: string;
  /** A credit written with its minus sign (a file may write it either way). */
  signed: boolean;
};

/**
 * Row `index` of a documents file whose numbers start at `firstNumber`: nine invoices in ten, one credit; dates over
 * two years, due in 14 to 60 days; 60 % open, 25 % cleared (open 0), 15 % partly paid; payers spread over the
 * customers; a purchase order on two rows in three.
 */
function documentAt(index: number, firstNumber: number): GeneratedDocument {
  const r = mix(index, firstNumber % 1_000_003);
  const type = index % 10 === 7 ? 'credit' : 'invoice';
  const documentDay = firstDay + (r % 690) * dayMs;
  const dueDays = [14, 30, 30, 45, 60][(r >>> 10) % 5]!;
  const totalMinor = BigInt(1_000 + (mix(index, 1) % 2_500_000));
  const state = (r >>> 14) % 20;
  const openMinor = state < 12 ? totalMinor : state < 17 ? 0n : (totalMinor * BigInt(1 + (r % 9))) / 10n;
  return {
    type,
    number: String(firstNumber + index),
    documentDate: isoDayOf(documentDay),
    dueDate: isoDayOf(documentDay + dueDays * dayMs),
    totalMinor: type === 'credit' ? totalMinor / 10n : totalMinor,
    openMinor: type === 'credit' ? openMinor / 10n : openMinor,
    customer: mix(index, 2) % customerCount,
    reference: `REF-${(r % 900_000) + 100_000}`,
    purchaseOrder: r % 3 === 0 ? '' : `PO-${4_500_000 + (r % 100_000)}`,
    signed: type === 'credit' && r % 2 === 0,
  };
}

const documentsHeader =
  'company_code,type,number,document_date,due_date,currency,total_amount,open_amount,payer_number,soldto_number,reference,purchase_order';

function documentCsvLine(document: GeneratedDocument): string {
  const amount = (minor: bigint) => `${document.signed ? '-' : ''}${formatMinorUnits(minor, 2)}`;
  const customer = customerNumber(document.customer);
  return [
    companyCode,
    document.type,
    document.number,
    document.documentDate,
    document.dueDate,
    'USD',
    amount(document.totalMinor),
    amount(document.openMinor),
    customer,
    customer,
    document.reference,
    document.purchaseOrder,
  ].join(',');
}

/** ledger.documents' columns as the import's INSERT writes them (ledger-imports.ts writeDocumentBatch). */
const documentColumns = [
  'company_code',
  'billing_document_number',
  'billing_document_type',
  'document_number_finance',
  'posting_date',
  'document_date',
  'due_date',
  'clearing_date',
  'currency_key',
  'open_amount',
  'paid_amount',
  'total_amount',
  'billed_quantity',
  'finance_document_type',
  'fiscal_year',
  'line_item',
  'pdf_document_available',
  'payer_number',
  'soldto_number',
  'customer_number',
  'reference_number',
  'document_status',
  'custom_fields',
];

/** The same document as one line of COPY's text format, in the table's own terms (signed minor units, status). */
function documentCopyLine(document: GeneratedDocument, day: string): string {
  const sign = document.type === 'credit' ? -1n : 1n;
  const total = sign * document.totalMinor;
  const open = sign * document.openMinor;
  const customer = ledgerCustomerNumber(document.customer);
  return [
    companyCode,
    document.number,
    document.type === 'credit' ? 'G2' : 'F2',
    document.number,
    document.documentDate,
    document.documentDate,
    document.dueDate,
    open === 0n ? day : '\\N',
    'USD',
    String(open),
    String(total - open),
    String(total),
    '0',
    'RV',
    document.documentDate.slice(0, 4),
    '001',
    't',
    customer,
    customer,
    customer,
    document.reference,
    open === 0n ? '02' : '01',
    JSON.stringify({ customer_purchase_order_nubmer: document.purchaseOrder }),
  ].join('\t');
}

/** Writes `count` lines to `file` as a stream (a chunk of lines at a time, waiting when the disk is behind). */
async function writeLines(file: string, header: string | null, count: number, line: (index: number) => string) {
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  if (header !== null) await write(`${header}\n`);
  for (let start = 0; start < count; start += 1000) {
    const lines: string[] = [];
    for (let index = start; index < Math.min(count, start + 1000); index++) lines.push(line(index));
    await write(`${lines.join('\n')}\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

// ---- Importing and measuring. ----

/** User + system CPU of a process so far, in ms (/proc/<pid>/stat; USER_HZ is 100 on Linux). */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The CPU PostgreSQL's processes spend from now on, read every second: unlike bench/lib's cpuSince, a backend that
 * starts during the import counts (the pool closes connections idle for 10 s and opens new ones), and one that ends
 * counts up to its last reading.
 */
function postgresCpuSince(): { sample: () => void; spent: () => number } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  for (const pid of postgresPids()) {
    const cpu = processCpuMs(pid);
    if (cpu !== undefined) first.set(pid, cpu);
  }
  const sample = () => {
    for (const pid of postgresPids()) {
      const cpu = processCpuMs(pid);
      if (cpu !== undefined) last.set(pid, cpu);
    }
  };
  return {
    sample,
    spent: () => {
      sample();
      let spent = 0;
      for (const [pid, cpu] of last) spent += cpu - (first.get(pid) ?? 0);
      return spent;
    },
  };
}

type Measured = {
  report: ImportReport;
  milliseconds: number;
  /** Peak RSS above the RSS at the start (after a collection), sampled every 200 ms. */
  peakRssGrowth: number;
  /** The largest backend of the database right after the import (its pool's connections are still open). */
  largestBackend: number;
  /** The heap after a collection at the end, above the one at the start: what the import kept. */
  heapRetained: number;
  nodeCpuMs: number;
  postgresCpuMs: number;
};

const asFile = (file: string): ImportFile => ({ name: path.basename(file), open: () => fs.createReadStream(file) });

async function runImport(
  db: Db,
  kind: LedgerImportKind,
  files: string[],
  expected?: Partial<ImportReport['counts']>,
): Promise<Measured> {
  collectGarbage();
  const startHeap = process.memoryUsage().heapUsed;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 200);
  const cpu = { node: cpuSince([process.pid]), postgres: postgresCpuSince() };
  const postgresSampler = setInterval(cpu.postgres.sample, 1000);
  const started = performance.now();
  let result: ImportReport;
  try {
    result = await importFiles(
      { db, now: () => new Date() },
      {
        kind,
        origin: 'cli',
        companyCode,
        files: files.map(asFile),
        attachments: new Map(),
        caller: { login: 'bench', userId: null, apiKeyId: null },
      },
      'en',
    );
  } finally {
    clearInterval(sampler);
    clearInterval(postgresSampler);
  }
  const milliseconds = performance.now() - started;
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  const nodeCpuMs = cpu.node();
  const postgresCpuMs = cpu.postgres.spent();
  const backend = await largestBackend(db);
  collectGarbage();
  const measured = {
    report: result,
    milliseconds,
    peakRssGrowth: peakRss - startRss,
    heapRetained: process.memoryUsage().heapUsed - startHeap,
    largestBackend: backend,
    nodeCpuMs,
    postgresCpuMs,
  };
  checkCounts(`${kind} import of ${files.length === 1 ? path.basename(files[0]!) : `${files.length} files`}`, result, {
    rejected: 0,
    ...expected,
  });
  return measured;
}

/**
 * The private memory of the largest PostgreSQL backend serving this database (/proc/<pid>/smaps_rollup): what a
 * pooled connection keeps between statements (its prepared statements among it).
 */
async function largestBackend(db: Db): Promise<number> {
  const result = await db.execute(
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  let largest = 0;
  for (const { pid } of (result as unknown as { rows: { pid: number }[] }).rows) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kilobytes = /Private_Dirty:\s+(\d+) kB/.exec(rollup)?.[1];
      largest = Math.max(largest, Number(kilobytes ?? 0) * 1024);
    } catch {
      // ended in between, or not readable: not counted
    }
  }
  return largest;
}

/** Counts that are not what the data says: printed (with the first rejections) and kept for the final verdict. */
const miscounted: string[] = [];
function checkCounts(what: string, result: ImportReport, expected: Partial<ImportReport['counts']>): void {
  const wrong = Object.entries(expected).filter(
    ([key, value]) => result.counts[key as keyof ImportReport['counts']] !== value,
  );
  if (result.status === 'completed' && wrong.length === 0) return;
  const line = `${what}: status ${result.status}${result.failure ? ` (${result.failure})` : ''}, counts ${JSON.stringify(
    result.counts,
  )}, expected ${JSON.stringify(expected)}`;
  miscounted.push(line);
  log(`  !! ${line}`);
  for (const rejection of result.rejected.slice(0, 5))
    log(`     ${rejection.source} ${rejection.document} ${rejection.field}: ${rejection.message}`);
}

function describeImport(rows: number, measured: Measured): string {
  const { created, updated, unchanged, rejected } = measured.report.counts;
  return (
    `${grouped(rows)} in ${round(measured.milliseconds / 1000, 1)} s (${grouped(perSecond(rows, measured.milliseconds))}/s); ` +
    `created ${created}, updated ${updated}, unchanged ${unchanged}, rejected ${rejected}; CPU per 1,000: Node ` +
    `${round((measured.nodeCpuMs / rows) * 1000, 1)} ms, PostgreSQL ${round((measured.postgresCpuMs / rows) * 1000, 1)} ms; ` +
    `peak RSS +${mib(measured.peakRssGrowth)} MiB, heap kept after a collection ${mib(measured.heapRetained)} MiB; ` +
    `largest PostgreSQL backend after it ${mib(measured.largestBackend)} MiB`
  );
}

type HttpMeasured = {
  report: ImportReport;
  /** From sending the request to the last byte of the answer (201 with the report). */
  milliseconds: number;
  /** The portal process's peak RSS above its RSS at the start, sampled every 200 ms. */
  portalPeakRssGrowth: number;
  portalCpuMs: number;
  /** This process's: sending the files, polling the health route. */
  clientCpuMs: number;
  postgresCpuMs: number;
  /** GET /api/health every 50 ms on another connection while the import ran. */
  health: HealthFigures;
};

/** An import posted to the built portal (`post`), measured like runImport from outside the portal's process. */
async function runHttpImport(
  portal: BuiltPortal,
  what: string,
  post: () => Promise<ImportReport>,
  expected: Partial<ImportReport['counts']>,
): Promise<HttpMeasured> {
  const health = pollHealth(portal.origin);
  await health.ready;
  const startRss = processRss(portal.pid);
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, processRss(portal.pid));
  }, 200);
  const cpu = { portal: cpuSince([portal.pid]), client: cpuSince([process.pid]), postgres: postgresCpuSince() };
  const postgresSampler = setInterval(cpu.postgres.sample, 1000);
  const started = performance.now();
  let result: ImportReport;
  try {
    result = await post();
  } catch (error) {
    await health.stop();
    throw error;
  } finally {
    clearInterval(sampler);
    clearInterval(postgresSampler);
  }
  const milliseconds = performance.now() - started;
  const measured = {
    report: result,
    milliseconds,
    portalPeakRssGrowth: Math.max(peakRss, processRss(portal.pid)) - startRss,
    portalCpuMs: cpu.portal(),
    clientCpuMs: cpu.client(),
    postgresCpuMs: cpu.postgres.spent(),
    health: await health.stop(),
  };
  checkCounts(what, result, { rejected: 0, ...expected });
  return measured;
}

const describeHealth = (health: HealthFigures) =>
  `${health.polls} polls, p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms, ${health.errors} errors` +
  `${health.firstError ? ` (first: ${health.firstError})` : ''} (the bench's own event loop delay p99 ` +
  `${health.clientLoopDelayP99} ms)`;

function describeHttpImport(rows: number, measured: HttpMeasured, inProcess: Measured): string {
  const { created, updated, unchanged, rejected } = measured.report.counts;
  const rate = perSecond(rows, measured.milliseconds);
  const perThousand = (ms: number) => round((ms / rows) * 1000, 1);
  return (
    `${grouped(rows)} in ${round(measured.milliseconds / 1000, 1)} s (${grouped(rate)}/s, × ` +
    `${round(rate / perSecond(rows, inProcess.milliseconds), 2)} of in process); created ${created}, updated ` +
    `${updated}, unchanged ${unchanged}, rejected ${rejected}; CPU per 1,000: portal ${perThousand(measured.portalCpuMs)} ` +
    `ms, bench (sending) ${perThousand(measured.clientCpuMs)} ms, PostgreSQL ${perThousand(measured.postgresCpuMs)} ms; ` +
    `portal peak RSS +${mib(measured.portalPeakRssGrowth)} MiB\n    GET /api/health every 50 ms meanwhile: ` +
    describeHealth(measured.health)
  );
}

/** The health polls during an HTTP import against target and against the idle portal's (issue 35 §4). */
function reportHealth(what: string, health: HealthFigures, idle: { idleHealth: HealthFigures }): void {
  report(
    `/api/health during ${what}: p50 / p99 / max`,
    `${health.p50} / ${health.p99} / ${health.max} ms`,
    'p99 < 100 ms',
    health.p99 < 100 && health.errors === 0,
    { baseline: `idle p99 ${idle.idleHealth.p99} ms`, ratio: round(health.p99 / idle.idleHealth.p99, 1) },
  );
}

/** The company code and the customers, through the import like a supplier's first files (the set-up, not timed). */
async function importMasterData(db: Db, folder: string): Promise<number> {
  const started = performance.now();
  const companyFile = path.join(folder, 'company-codes.csv');
  fs.writeFileSync(
    companyFile,
    'company_code,name,country,currency_key,enable_echeck,party_ids\n' +
      `${companyCode},Atelier Lumière Inc.,US,USD,true,0009:73282932000074\n`,
  );
  await runImport(db, 'company_codes', [companyFile], { created: 1 });
  const customersFile = path.join(folder, 'customers.csv');
  const cities = ['Chicago', 'Boston', 'Denver', 'Austin', 'Seattle', 'Atlanta', 'Portland', 'Phoenix'];
  await writeLines(
    customersFile,
    'customer_number,name,street,city,region,postal_code,country,phone,company_code,sales_organization,' +
      'distribution_channel,division,currency_key,payer_number,party_ids',
    customerCount,
    (index) =>
      [
        customerNumber(index),
        `"Customer ${index + 1}, Inc."`,
        `${100 + (index % 900)} Main Street`,
        cities[index % cities.length],
        'IL',
        String(60_601 + (index % 90)),
        'US',
        `+1 312 555 ${String(index % 10_000).padStart(4, '0')}`,
        companyCode,
        '1000',
        '10',
        '00',
        'USD',
        '',
        `0088:${glnOf(index)}`,
      ].join(','),
  );
  await runImport(db, 'customers', [customersFile], { created: customerCount });
  return performance.now() - started;
}

/** Rows and a checksum of every imported column (not the id): equal when two loads wrote the same rows. */
async function documentsChecksum(db: Db): Promise<{ rows: number; sum: string }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS rows, coalesce(sum(hashtextextended(concat_ws('|', ${sql.raw(
      documentColumns.map((column) => (column === 'custom_fields' ? 'custom_fields::text' : column)).join(', '),
    )}), 0)::numeric), 0)::text AS sum
    FROM ledger.documents`);
  const row = (result as unknown as { rows: { rows: number; sum: string }[] }).rows[0]!;
  return { rows: Number(row.rows), sum: row.sum };
}

/** COPY of a file in the table's format, read by the server from local disk (the loading floor of PostgreSQL). */
async function copyDocuments(url: string, file: string): Promise<{ milliseconds: number; postgresCpuMs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cpu = postgresCpuSince();
    const sampler = setInterval(cpu.sample, 1000);
    const started = performance.now();
    try {
      await client.query(
        `COPY ledger.documents (${documentColumns.join(', ')}) FROM '${file.replace(/'/g, "''")}' (FORMAT text)`,
      );
    } finally {
      clearInterval(sampler);
    }
    return { milliseconds: performance.now() - started, postgresCpuMs: cpu.spent() };
  } finally {
    await client.end();
  }
}

// ---- UBL. ----

type UblSpec = {
  kind: 'invoice' | 'credit';
  number: string;
  issueDate: string;
  dueDate: string;
  customer: number;
  buyerReference: string;
  orderReference: string;
  billingReference?: string;
  lines: BuildUblLine[];
};

const products = ['Pallet wrap', 'Freight', 'Carton 40x30', 'Label roll', 'Forklift hire', 'Packing tape', 'Crate'];

function ublSpecAt(index: number, prefix: string): UblSpec {
  const r = mix(index, 77);
  const credit = index % 10 === 9;
  const issueDay = firstDay + (r % 690) * dayMs;
  const lineCount = 1 + (mix(index, 78) % 5);
  const lines: BuildUblLine[] = Array.from({ length: lineCount }, (_, line) => {
    const l = mix(index * 8 + line, 79);
    return {
      name: products[l % products.length]!,
      sellersItemId: `SKU-${1000 + (l % 9000)}`,
      quantity: String(1 + (l % 20)),
      unitPrice: formatMinorUnits(BigInt(100 + (l % 99_900)), 2),
      taxPercent: ['20', '20', '10', '5.5', '0'][(l >>> 8) % 5]!,
    };
  });
  return {
    kind: credit ? 'credit' : 'invoice',
    number: `${prefix}${credit ? 'CN' : 'INV'}-${String(index + 1).padStart(6, '0')}`,
    issueDate: isoDayOf(issueDay),
    dueDate: isoDayOf(issueDay + 30 * dayMs),
    customer: mix(index, 80) % customerCount,
    buyerReference: `BR-${100_000 + (r % 900_000)}`,
    orderReference: r % 3 === 0 ? '' : `PO-${4_500_000 + (r % 100_000)}`,
    ...(credit ? { billingReference: `${prefix}INV-${String(index).padStart(6, '0')}` } : {}),
    lines,
  };
}

function ublXml(spec: UblSpec): string {
  return buildUblInvoice({
    kind: spec.kind,
    number: spec.number,
    issueDate: spec.issueDate,
    dueDate: spec.dueDate,
    currency: 'USD',
    buyer: {
      name: `Customer ${spec.customer + 1}, Inc.`,
      endpoint: { scheme: '0088', value: glnOf(spec.customer) },
      street: '1 Main Street',
      city: 'Chicago',
      postalCode: '60601',
      country: 'US',
    },
    buyerReference: spec.buyerReference,
    ...(spec.orderReference ? { orderReference: spec.orderReference } : {}),
    ...(spec.billingReference ? { billingReference: spec.billingReference } : {}),
    paymentTerms: 'Net 30 days',
    lines: spec.lines,
  });
}

/** The same document as a documents CSV row (another number, so that both imports create): what UBL costs more. */
function ublAsCsvLine(spec: UblSpec, xml: string, csvPrefix: string): string {
  const payable = /<cbc:PayableAmount currencyID="USD">([^<]+)</.exec(xml)?.[1];
  if (!payable) throw new Error(`no PayableAmount in ${spec.number}`);
  const customer = customerNumber(spec.customer);
  return [
    companyCode,
    spec.kind,
    `${csvPrefix}${spec.number}`,
    spec.issueDate,
    spec.dueDate,
    'USD',
    payable,
    payable,
    customer,
    customer,
    spec.kind === 'credit' ? `${csvPrefix}${spec.billingReference}` : spec.buyerReference,
    spec.orderReference,
  ].join(',');
}

/** Writes `count` UBL files (and their CSV twin when asked); answers the files' paths. */
async function writeUblFiles(folder: string, count: number, prefix: string, csvFile?: string): Promise<string[]> {
  fs.mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  const csvLines: string[] = [];
  for (let index = 0; index < count; index++) {
    const spec = ublSpecAt(index, prefix);
    const xml = ublXml(spec);
    const file = path.join(folder, `${spec.number}.xml`);
    await fs.promises.writeFile(file, xml);
    files.push(file);
    if (csvFile) csvLines.push(ublAsCsvLine(spec, xml, 'C'));
  }
  if (csvFile) await writeLines(csvFile, documentsHeader, csvLines.length, (index) => csvLines[index]!);
  return files;
}

// ---- The payments feed. ----

/** Rows as postings leave them: committed, not yet numbered (seq NULL), one to three documents each. */
async function insertFeedRows(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO portal.payment_feed (id, kind, posted_at, company_code, payer_number, soldto_number, currency_key,
      currency_decimals, amount_minor, method, gateway_reference, order_number, payment_document_number, login,
      documents)
    SELECT gen_random_uuid(), k.kind, now() - make_interval(secs => (${count} - g) * 2.5), ${companyCode},
      lpad((500001 + g % ${customerCount})::text, 10, '0'), lpad((500001 + g % ${customerCount})::text, 10, '0'),
      'USD', 2, 1000 + (g::bigint * 7919) % 2500000, (ARRAY['VISA','MC','AMEX','EC'])[1 + g % 4],
      'AUTH' || lpad(g::text, 10, '0'), 'ORD' || g, lpad((1400000000 + g)::text, 10, '0'),
      'payer' || (g % ${customerCount}) || '@example.com',
      CASE WHEN k.kind = 'deposit' THEN '[]'::jsonb ELSE (
        SELECT jsonb_agg(jsonb_build_object('billing_document_number', lpad((9000000000 + g * 3 + d)::text, 10, '0'),
          'document_number_finance', lpad((9000000000 + g * 3 + d)::text, 10, '0'),
          'amount', ((100 + (g * 31 + d) % 99900) / 100.0)::numeric(12, 2)::text, 'reason_code', '', 'comment', ''))
        FROM generate_series(1, 1 + g % 3) d) END
    FROM generate_series(1, ${count}) g,
      LATERAL (SELECT (ARRAY['invoice','invoice','invoice','deposit','guest'])[1 + g % 5] AS kind) k`);
}

/** The whole feed by pages of 1,000 through readPaymentFeed, following `next`. */
async function readWholeFeed(ctx: AppContext): Promise<{ items: number; milliseconds: number }> {
  const started = performance.now();
  let items = 0;
  let after: string | undefined;
  for (;;) {
    const page = await readPaymentFeed(ctx, { ...(after ? { after } : {}), limit: 1000 });
    if (page.items.length === 0) break;
    items += page.items.length;
    after = page.next;
  }
  return { items, milliseconds: performance.now() - started };
}

/** The baseline: a bare keyset loop over the same table, rows as pg gives them. */
async function selectWholeFeed(url: string): Promise<{ items: number; milliseconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    let items = 0;
    let after = 0;
    for (;;) {
      const { rows } = await client.query<{ seq: string }>(
        'SELECT * FROM portal.payment_feed WHERE seq > $1 ORDER BY seq LIMIT 1000',
        [after],
      );
      if (rows.length === 0) break;
      items += rows.length;
      after = Number(rows.at(-1)!.seq);
    }
    return { items, milliseconds: performance.now() - started };
  } finally {
    await client.end();
  }
}

// ---- Profiles. ----

type StatementTime = { statement: string; calls: number; texts: number; milliseconds: number; percent: number };

/**
 * The wall time of each statement `work` sends through node-postgres (call to answer, queueing on its connection
 * included), by its first words: what the import waits for PostgreSQL on. Only around the profiled imports, after
 * the measured ones.
 */
async function timeStatements(work: () => Promise<unknown>): Promise<StatementTime[]> {
  type Callback = (error: Error | null, result: unknown) => void;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const totals = new Map<string, { calls: number; milliseconds: number; texts: Set<string> }>();
  const tally = (text: string, milliseconds: number) => {
    const statement = text.replace(/\s+/g, ' ').trim().slice(0, 100);
    const total = totals.get(statement) ?? { calls: 0, milliseconds: 0, texts: new Set<string>() };
    total.calls += 1;
    total.milliseconds += milliseconds;
    // Statements rendered per shape (db/prepared.ts): how many different texts PostgreSQL had to parse.
    total.texts.add(`${text.length}:${text.slice(-200)}`);
    totals.set(statement, total);
  };
  prototype.query = function (this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    const started = performance.now();
    const done = () => tally(text, performance.now() - started);
    // pg-pool's query passes a callback; drizzle's own calls await a promise.
    if (typeof values === 'function') {
      return original.call(this, config, (error: Error | null, result: unknown) => {
        done();
        (values as Callback)(error, result);
      });
    }
    if (typeof callback === 'function') {
      return original.call(this, config, values, (error: Error | null, result: unknown) => {
        done();
        (callback as Callback)(error, result);
      });
    }
    const answer = original.call(this, config, values);
    if (answer instanceof Promise) answer.then(done, done);
    return answer;
  };
  const started = performance.now();
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  const wall = performance.now() - started;
  return [...totals]
    .map(([statement, total]) => ({
      statement,
      calls: total.calls,
      texts: total.texts.size,
      milliseconds: Math.round(total.milliseconds),
      percent: round((total.milliseconds / wall) * 100, 1),
    }))
    .sort((a, b) => b.milliseconds - a.milliseconds);
}

async function profiled(
  name: string,
  work: () => Promise<unknown>,
): Promise<{ summary: ProfileSummary; statements: StatementTime[] }> {
  fs.mkdirSync(values.profiles, { recursive: true });
  let statements: StatementTime[] = [];
  const file = path.join(values.profiles, `${name}.cpuprofile`);
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    statements = await timeStatements(work);
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
  } finally {
    session.disconnect();
  }
  const summary = summariseProfile(file, 10);
  log(describeProfile(summary, '    '));
  log("    statements by wall time (share of the import's wall time, calls, different texts)");
  for (const statement of statements.slice(0, 8))
    log(
      `      ${String(statement.percent).padStart(5)}%  ${String(statement.calls).padStart(6)}×  ` +
        `${String(statement.texts).padStart(4)}  ${statement.statement}`,
    );
  return { summary, statements: statements.slice(0, 12) };
}

// ---- The run. ----

async function main(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-imports-'));
  // The COPY baseline's files are read by the PostgreSQL server's own user.
  fs.chmodSync(folder, 0o755);
  const result: Record<string, unknown> = { rows: rowCount, smallRows: smallRowCount, ublFiles: ublFileCount };
  const httpResult: Record<string, unknown> = {};
  if (overHttp) result.http = httpResult;
  let portal: Database | undefined;
  let copy: Database | undefined;
  // The HTTP part's database (migrated here, before the built portal starts on it) and the portal itself.
  let httpDatabase: Database | undefined;
  let builtPortal: BuiltPortal | undefined;
  try {
    log(`Preparing ${databaseUrl}, ${copyDatabaseUrl}${overHttp ? ` and ${httpDatabaseUrl}` : ''} (fresh, migrated)…`);
    await recreateDatabase(databaseUrl);
    await recreateDatabase(copyDatabaseUrl);
    portal = await openDatabase({ kind: 'postgres', url: databaseUrl });
    copy = await openDatabase({ kind: 'postgres', url: copyDatabaseUrl });
    const db = portal.db;
    let apiKey = '';
    if (overHttp) {
      await recreateDatabase(httpDatabaseUrl);
      httpDatabase = await openDatabase({ kind: 'postgres', url: httpDatabaseUrl });
      apiKey = await insertBenchApiKey(httpDatabase.db);
    }

    // 1. The company code and the customers (not timed against a target).
    const setUp = await importMasterData(db, folder);
    await importMasterData(copy.db, folder);
    log(
      `Set-up: company code ${companyCode} and ${grouped(customerCount)} customers imported in ${round(setUp / 1000, 2)} s`,
    );

    // 2. Documents CSV: the files first (not timed), then the imports.
    const day = new Date().toISOString().slice(0, 10);
    const smallFirst = 8_000_000_000;
    const largeFirst = 9_000_000_000;
    const smallFile = path.join(folder, `documents-${smallRowCount}.csv`);
    const largeFile = path.join(folder, `documents-${rowCount}.csv`);
    const smallCopyFile = path.join(folder, `documents-${smallRowCount}.copy`);
    const largeCopyFile = path.join(folder, `documents-${rowCount}.copy`);
    let started = performance.now();
    await writeLines(smallFile, documentsHeader, smallRowCount, (i) => documentCsvLine(documentAt(i, smallFirst)));
    await writeLines(largeFile, documentsHeader, rowCount, (i) => documentCsvLine(documentAt(i, largeFirst)));
    await writeLines(smallCopyFile, null, smallRowCount, (i) => documentCopyLine(documentAt(i, smallFirst), day));
    await writeLines(largeCopyFile, null, rowCount, (i) => documentCopyLine(documentAt(i, largeFirst), day));
    for (const file of [smallCopyFile, largeCopyFile]) fs.chmodSync(file, 0o644);
    log(
      `Documents files written in ${round((performance.now() - started) / 1000, 1)} s: ` +
        `${path.basename(largeFile)} ${mib(fs.statSync(largeFile).size)} MiB, ${path.basename(smallFile)} ` +
        `${mib(fs.statSync(smallFile).size)} MiB`,
    );

    log(`\nDocuments CSV through importFiles (batches of 1,000 rows, the next read while one is written), PostgreSQL`);
    const small = await runImport(db, 'documents', [smallFile], { created: smallRowCount });
    log(`  ${grouped(smallRowCount)} rows: ${describeImport(smallRowCount, small)}`);
    const large = await runImport(db, 'documents', [largeFile], { created: rowCount });
    log(`  ${grouped(rowCount)} rows: ${describeImport(rowCount, large)}`);

    // The baseline: the same rows in the table's format, COPY into the second database (which holds the small
    // file's rows too, so that both tables start the same size).
    await copyDocuments(copyDatabaseUrl, smallCopyFile);
    const copied = await copyDocuments(copyDatabaseUrl, largeCopyFile);
    log(
      `  COPY of the same ${grouped(rowCount)} rows (table format, read by the server from local disk, same indexes): ` +
        `${round(copied.milliseconds / 1000, 1)} s (${grouped(perSecond(rowCount, copied.milliseconds))}/s); PostgreSQL CPU ` +
        `per 1,000: ${round((copied.postgresCpuMs / rowCount) * 1000, 1)} ms`,
    );
    const [portalSum, copySum] = await Promise.all([documentsChecksum(db), documentsChecksum(copy.db)]);
    const sameRows = portalSum.rows === copySum.rows && portalSum.sum === copySum.sum;
    log(
      `  rows written: import ${grouped(portalSum.rows)}, COPY ${grouped(copySum.rows)}; every column's checksum ` +
        `${sameRows ? 'equal' : `DIFFERS (${portalSum.sum} vs ${copySum.sum})`}`,
    );

    // The same two files over HTTP into the third database (where they create rows, as they did in process): the
    // built portal in its own process, the set-up posted first as a supplier's first files.
    let httpDocuments:
      { idleHealth: HealthFigures; small: HttpMeasured; large: HttpMeasured; sameRows: boolean } | undefined;
    if (httpDatabase) {
      log(
        `\nDocuments CSV over HTTP: POST /api/ledger/imports?kind=documents, text/csv streamed from disk, API key ` +
          `(ledger:write), to the built portal (one process) on ${httpDatabaseUrl}`,
      );
      const portalProcess = await startBuiltPortal(httpDatabaseUrl);
      builtPortal = portalProcess;
      const setUpFiles = [
        ['company_codes', 'company-codes.csv', 1],
        ['customers', 'customers.csv', customerCount],
      ] as const;
      for (const [kind, name, created] of setUpFiles)
        checkCounts(`${kind} over HTTP`, await postCsv(portalProcess, apiKey, kind, path.join(folder, name)), {
          created,
          rejected: 0,
        });
      const idle = pollHealth(portalProcess.origin);
      await idle.ready;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const idleHealth = await idle.stop();
      log(
        `  set-up posted (company code, customers); GET /api/health every 50 ms on the idle portal for 3 s: ` +
          describeHealth(idleHealth),
      );
      const post = (file: string) => () => postCsv(portalProcess, apiKey, 'documents', file);
      const smallHttp = await runHttpImport(
        portalProcess,
        `documents over HTTP, ${path.basename(smallFile)}`,
        post(smallFile),
        { created: smallRowCount },
      );
      log(`  ${grouped(smallRowCount)} rows: ${describeHttpImport(smallRowCount, smallHttp, small)}`);
      const largeHttp = await runHttpImport(
        portalProcess,
        `documents over HTTP, ${path.basename(largeFile)}`,
        post(largeFile),
        { created: rowCount },
      );
      log(`  ${grouped(rowCount)} rows: ${describeHttpImport(rowCount, largeHttp, large)}`);
      const httpSum = await documentsChecksum(httpDatabase.db);
      const sameAsInProcess = httpSum.rows === portalSum.rows && httpSum.sum === portalSum.sum;
      log(
        `  rows written: over HTTP ${grouped(httpSum.rows)}, in process ${grouped(portalSum.rows)}; every column's ` +
          `checksum ${sameAsInProcess ? 'equal' : `DIFFERS (${httpSum.sum} vs ${portalSum.sum})`}`,
      );
      httpDocuments = { idleHealth, small: smallHttp, large: largeHttp, sameRows: sameAsInProcess };
    }

    const largeRate = perSecond(rowCount, large.milliseconds);
    const copyRate = perSecond(rowCount, copied.milliseconds);
    report(
      `documents CSV, ${grouped(rowCount)} rows: rows per second`,
      `${grouped(largeRate)}/s`,
      '≥ 20,000/s',
      largeRate >= 20_000,
      {
        baseline: `COPY ${grouped(copyRate)}/s`,
        ratio: round(largeRate / copyRate, 2),
      },
    );
    if (httpDocuments) {
      const httpRate = perSecond(rowCount, httpDocuments.large.milliseconds);
      report(
        `documents CSV over HTTP, ${grouped(rowCount)} rows: rows per second`,
        `${grouped(httpRate)}/s`,
        '≥ 20,000/s',
        httpRate >= 20_000,
        { baseline: `in process ${grouped(largeRate)}/s`, ratio: round(httpRate / largeRate, 2) },
      );
      reportHealth(`HTTP ${grouped(smallRowCount)} rows`, httpDocuments.small.health, httpDocuments);
      reportHealth(`HTTP ${grouped(rowCount)} rows`, httpDocuments.large.health, httpDocuments);
      report(
        'documents over HTTP: same rows as in process (checksum)',
        httpDocuments.sameRows ? 'yes' : 'no',
        'equal',
        httpDocuments.sameRows,
      );
    }
    report(
      'documents CSV: CPU per 1,000 rows, Node / PostgreSQL',
      `${round((large.nodeCpuMs / rowCount) * 1000, 1)} / ${round((large.postgresCpuMs / rowCount) * 1000, 1)} ms`,
      '—',
      null,
      {
        baseline: `COPY: PostgreSQL ${round((copied.postgresCpuMs / rowCount) * 1000, 1)} ms`,
        ratio: round(large.postgresCpuMs / copied.postgresCpuMs, 2),
      },
    );
    report('documents CSV: the same rows as COPY wrote (count, checksum)', sameRows ? 'yes' : 'no', 'equal', sameRows);
    report(
      `documents CSV, ${grouped(smallRowCount)} rows: peak RSS growth`,
      `${mib(small.peakRssGrowth)} MiB`,
      '—',
      null,
    );
    // Flat memory: ten times the rows, at most twice the growth. RSS moves by tens of MiB on its own (V8's spaces, the
    // allocator), so the smaller run's growth counts as at least 32 MiB: a 0 there would make any growth infinite.
    const rssNoise = 32 * 1024 * 1024;
    const memoryRatio = round(large.peakRssGrowth / Math.max(rssNoise, small.peakRssGrowth), 2);
    report(
      `documents CSV, ${grouped(rowCount)} rows: peak RSS growth`,
      `${mib(large.peakRssGrowth)} MiB`,
      `≤ 2 × the ${grouped(smallRowCount)}'s (at least 32 MiB)`,
      memoryRatio <= 2,
      { baseline: `${grouped(smallRowCount)} rows: ${mib(small.peakRssGrowth)} MiB`, ratio: memoryRatio },
    );

    if (httpDocuments) {
      const { small: smallHttp, large: largeHttp } = httpDocuments;
      report(
        `documents over HTTP, ${grouped(rowCount)} rows: portal peak RSS growth`,
        `${mib(largeHttp.portalPeakRssGrowth)} MiB`,
        '—',
        null,
        {
          baseline: `${grouped(smallRowCount)} rows: ${mib(smallHttp.portalPeakRssGrowth)} MiB`,
          ratio: round(largeHttp.portalPeakRssGrowth / Math.max(rssNoise, smallHttp.portalPeakRssGrowth), 2),
        },
      );
    }
    report(
      `documents CSV, ${grouped(rowCount)} rows: heap kept after it (after a collection)`,
      `${mib(large.heapRetained)} MiB`,
      '—',
      null,
      {
        baseline: `${grouped(smallRowCount)} rows: ${mib(small.heapRetained)} MiB`,
        ratio: round(large.heapRetained / Math.max(1, small.heapRetained), 2),
      },
    );
    report(
      'documents CSV: largest PostgreSQL backend after the imports',
      `${mib(large.largestBackend)} MiB`,
      '—',
      null,
      {
        baseline: `after ${grouped(smallRowCount)} rows: ${mib(small.largestBackend)} MiB`,
        ratio: round(large.largestBackend / Math.max(1, small.largestBackend), 2),
      },
    );

    const again = await runImport(db, 'documents', [largeFile], { unchanged: rowCount });
    log(`  the same ${grouped(rowCount)} rows again: ${describeImport(rowCount, again)}`);
    const againRate = perSecond(rowCount, again.milliseconds);
    report(
      `documents CSV again, ${grouped(rowCount)} rows unchanged: rows/s`,
      `${grouped(againRate)}/s`,
      '≥ 20,000/s',
      againRate >= 20_000,
    );
    result.documents = {
      small: { ...small, report: small.report.counts },
      large: { ...large, report: large.report.counts, rowsPerSecond: largeRate },
      again: { ...again, report: again.report.counts, rowsPerSecond: againRate },
      copy: { ...copied, rowsPerSecond: copyRate },
      sameRows,
    };
    if (httpDocuments) {
      const { small: smallHttp, large: largeHttp } = httpDocuments;
      const httpRate = perSecond(rowCount, largeHttp.milliseconds);
      httpResult.idleHealth = httpDocuments.idleHealth;
      httpResult.documents = {
        small: { ...smallHttp, report: smallHttp.report.counts },
        large: {
          ...largeHttp,
          report: largeHttp.report.counts,
          rowsPerSecond: httpRate,
          ratioToInProcess: round(httpRate / largeRate, 2),
        },
        sameRows: httpDocuments.sameRows,
      };
    }
    await copy.close();
    copy = undefined;

    // 3. UBL files, and the same documents as one documents CSV.
    started = performance.now();
    const ublCsvFile = path.join(folder, 'ubl-as-documents.csv');
    const ublFiles = await writeUblFiles(path.join(folder, 'ubl'), ublFileCount, '', ublCsvFile);
    const ublBytes = ublFiles.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    log(
      `\nUBL: ${grouped(ublFileCount)} files (1-5 lines, one in ten a credit note; ${mib(ublBytes)} MiB) written in ` +
        `${round((performance.now() - started) / 1000, 1)} s`,
    );
    const ubl = await runImport(db, 'ubl', ublFiles, { created: ublFileCount });
    log(`  UBL files: ${describeImport(ublFileCount, ubl)}`);
    const ublAsCsv = await runImport(db, 'documents', [ublCsvFile], { created: ublFileCount });
    log(`  the same documents as one documents CSV: ${describeImport(ublFileCount, ublAsCsv)}`);
    let ublHttp: HttpMeasured | undefined;
    if (builtPortal && httpDocuments) {
      const portalProcess = builtPortal;
      ublHttp = await runHttpImport(
        portalProcess,
        `UBL over HTTP, ${ublFileCount} files`,
        () => postUblFiles(portalProcess, apiKey, ublFiles, companyCode),
        { created: ublFileCount },
      );
      log(
        `  the same files over HTTP (multipart/form-data, ${Math.ceil(ublFileCount / ledgerImportLimits.maxFiles)} ` +
          `request(s), ?company_code=${companyCode}): ${describeHttpImport(ublFileCount, ublHttp, ubl)}`,
      );
      await portalProcess.stop();
      builtPortal = undefined;
    }
    const ublRate = perSecond(ublFileCount, ubl.milliseconds);
    const ublCsvRate = perSecond(ublFileCount, ublAsCsv.milliseconds);
    report(
      `UBL, ${grouped(ublFileCount)} files: documents per second`,
      `${grouped(ublRate)}/s`,
      '≥ 500/s',
      ublRate >= 500,
      {
        baseline: `same as CSV ${grouped(ublCsvRate)}/s`,
        ratio: round(ublRate / ublCsvRate, 2),
      },
    );
    result.ubl = {
      files: { ...ubl, report: ubl.report.counts, documentsPerSecond: ublRate },
      asCsv: { ...ublAsCsv, report: ublAsCsv.report.counts, rowsPerSecond: ublCsvRate },
    };
    if (ublHttp && httpDocuments) {
      const ublHttpRate = perSecond(ublFileCount, ublHttp.milliseconds);
      report(
        `UBL over HTTP, ${grouped(ublFileCount)} files: documents per second`,
        `${grouped(ublHttpRate)}/s`,
        '≥ 500/s',
        ublHttpRate >= 500,
        { baseline: `in process ${grouped(ublRate)}/s`, ratio: round(ublHttpRate / ublRate, 2) },
      );
      reportHealth(`HTTP UBL ${grouped(ublFileCount)} files`, ublHttp.health, httpDocuments);
      httpResult.ubl = {
        ...ublHttp,
        report: ublHttp.report.counts,
        documentsPerSecond: ublHttpRate,
        ratioToInProcess: round(ublHttpRate / ublRate, 2),
      };
    }

    // 4. The payments feed.
    log(`\nPayments feed: ${grouped(feedRowCount)} rows as postings leave them (not yet numbered)`);
    await insertFeedRows(db, feedRowCount);
    const ctx = { db, now: () => new Date() } as AppContext;
    started = performance.now();
    const first = await readPaymentFeed(ctx, { limit: 1000 });
    const sequencingMs = performance.now() - started;
    log(
      `  first read (numbers ${grouped(feedRowCount)} rows, answers ${first.items.length}): ${round(sequencingMs, 0)} ms`,
    );
    // Each read twice, alternated; the faster of each counts (the first pass also warms the cache).
    const reads = [] as { items: number; milliseconds: number }[];
    const selects = [] as { items: number; milliseconds: number }[];
    for (let pass = 0; pass < 2; pass++) {
      reads.push(await readWholeFeed(ctx));
      selects.push(await selectWholeFeed(databaseUrl));
    }
    const read = reads.sort((a, b) => a.milliseconds - b.milliseconds)[0]!;
    const select = selects.sort((a, b) => a.milliseconds - b.milliseconds)[0]!;
    if (read.items !== feedRowCount || select.items !== feedRowCount)
      miscounted.push(`feed: read ${read.items}, selected ${select.items}, inserted ${feedRowCount}`);
    const readRate = perSecond(read.items, read.milliseconds);
    const selectRate = perSecond(select.items, select.milliseconds);
    log(
      `  whole feed by pages of 1,000: readPaymentFeed ${round(read.milliseconds, 0)} ms (${grouped(readRate)} items/s), ` +
        `bare SELECT keyset loop ${round(select.milliseconds, 0)} ms (${grouped(selectRate)} items/s)`,
    );
    report(`feed: first read, numbering ${grouped(feedRowCount)} rows`, `${round(sequencingMs, 0)} ms`, '—', null);
    report('feed: whole feed by pages of 1,000: items per second', `${grouped(readRate)}/s`, '—', null, {
      baseline: `SELECT ${grouped(selectRate)}/s`,
      ratio: round(readRate / selectRate, 2),
    });
    result.feed = { rows: feedRowCount, sequencingMs: round(sequencingMs, 1), read, select };

    const accounted = miscounted.length === 0;
    report(
      'every row and file accounted for (counts as expected, none rejected)',
      accounted ? 'yes' : 'no',
      'yes',
      accounted,
    );

    // 5. Where the time goes: a documents import and a UBL import under the profiler (after the measured parts).
    const profiles: Record<string, ProfileSummary> = {};
    const statements: Record<string, StatementTime[]> = {};
    if (profileRows > 0) {
      const file = path.join(folder, `documents-profile-${profileRows}.csv`);
      await writeLines(file, documentsHeader, profileRows, (i) => documentCsvLine(documentAt(i, 7_000_000_000)));
      log(`\nCPU profile of a documents import of ${grouped(profileRows)} new rows:`);
      const profile = await profiled('imports-documents', () =>
        runImport(db, 'documents', [file], { created: profileRows }),
      );
      profiles.documents = profile.summary;
      statements.documents = profile.statements;
      log(`\nCPU profile of the same ${grouped(profileRows)} rows again (every row unchanged):`);
      const again = await profiled('imports-documents-unchanged', () =>
        runImport(db, 'documents', [file], { unchanged: profileRows }),
      );
      profiles.documentsUnchanged = again.summary;
      statements.documentsUnchanged = again.statements;
    }
    if (profileFiles > 0) {
      const files = await writeUblFiles(path.join(folder, 'ubl-profile'), profileFiles, 'P');
      log(`\nCPU profile of a UBL import of ${grouped(profileFiles)} new files:`);
      const profile = await profiled('imports-ubl', () => runImport(db, 'ubl', files, { created: profileFiles }));
      profiles.ubl = profile.summary;
      statements.ubl = profile.statements;
    }
    result.profiles = profiles;
    result.statements = statements;
    if (miscounted.length > 0) result.miscounted = miscounted;
    log(JSON.stringify({ bench: 'imports', ...result, verdicts }));
  } finally {
    await builtPortal?.stop();
    await httpDatabase?.close();
    await copy?.close();
    await portal?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
