// npm run bench:invoices [-- --database-url postgres://...] [--documents 1000000] [--rebuild] [--seconds 10]
//   [--only list,totals,aging,statement,csv,pdf,explain] [--cpu-prof dir]
// The invoice performance targets of issue 3 on the large ledger, on PostgreSQL, through real HTTP on loopback:
// the portal (buildApp) runs in a child process; this process is the load. Each figure is printed beside its
// target, then one JSON line with everything. The ledger is built once (a few minutes) and reused while its size
// is right; --rebuild builds it again. Not part of npm test or CI: machines differ, so these are measurements.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { HeaderAccountsResponse, InvoiceSearchRequest, InvoiceSearchResponse } from '@portal/contracts';
import { describeProfile, summariseProfile, type ProfileSummary } from '../lib/cpu-profile';
import { createReport } from '../lib/report';
import {
  baselineEntry,
  cpuSince,
  portalEntry,
  postgresPids,
  startProcess,
  type BenchProcess,
  type RecordedRoutes,
} from '../lib/servers';
import { measureAging, measureStatement } from './aging-and-statements';
import { explainListQueries, type StatementPlan } from './explain-list-queries';
import { httpClient, percentile, round, runLoad, type HttpCall, type LoadResult } from './http-load';
import { benchPassword, benchUsers, prepareBenchData, type BenchAccount } from './prepare-bench-data';

const usage =
  'Usage: npm run bench:invoices [-- --database-url postgres://postgres@127.0.0.1:5432/portal_bench] ' +
  '[--documents 1000000] [--rebuild] [--seconds 10] [--only overhead,cores,list,totals,aging,statement,csv,pdf,explain] ' +
  '[--workers N] [--profiles dir] [--cpu-prof dir]\n';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench' },
    documents: { type: 'string', default: '1000000' },
    rebuild: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'overhead,cores,list,totals,aging,statement,csv,pdf,explain' },
    // The "every core" figures: the portal and the baseline as this many cluster workers (default: one per core).
    workers: { type: 'string', default: String(os.availableParallelism()) },
    // Where the per-route CPU profiles of the overhead section are written (summarised in the output).
    profiles: { type: 'string', default: path.join(os.tmpdir(), 'portal-bench-profiles') },
    // A V8 CPU profile of the portal process (open the .cpuprofile in Chrome DevTools or speedscope).
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const databaseUrl = values['database-url'];
const documentCount = Number(values.documents);
const loadSeconds = Number(values.seconds);
if (!Number.isInteger(documentCount) || documentCount < 1 || !(loadSeconds > 0)) {
  process.stderr.write(usage);
  process.exit(2);
}
// Loopback only: the bench sends load to nothing but the server it starts, and reads only this database.
const databaseHost = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(databaseHost)) {
  process.stderr.write(`The benchmark runs on a local PostgreSQL only (got ${databaseHost}).\n`);
  process.exit(2);
}

const only = new Set(values.only.split(',').map((part) => part.trim()));
const log = (line: string) => process.stdout.write(`${line}\n`);
const figures: Record<string, unknown> = {};

const { verdicts, report } = createReport(log);

// --- the portal process ----------------------------------------------------------------------------------------

type Memory = { rss: number; heapUsed: number };
type PortalProcess = BenchProcess & { memory: (gc: boolean) => Promise<Memory> };

async function startServer(workers = 1, url = databaseUrl): Promise<PortalProcess> {
  const execArgv = [
    '--expose-gc',
    ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : []),
  ];
  const server = await startProcess(portalEntry, [url, String(workers)], execArgv);
  const memory = (gc: boolean) => server.ask<Memory>({ type: 'memory', gc }, 'memory');
  return { ...server, memory };
}

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

const mib = (bytes: number) => Math.round(bytes / 1_048_576);

// --- the calls, as the web app makes them -------------------------------------------------------------------

type Session = { token: string; account: BenchAccount; soldTos: string[]; label: string };

async function signIn(port: number, login: string, account: BenchAccount, label: string): Promise<Session> {
  const client = httpClient(port, 1);
  try {
    const answer = await client.send({
      method: 'POST',
      path: '/api/token/login',
      body: { login, password: benchPassword },
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${login}: ${answer.status} ${answer.body.toString()}`);
    const { token } = JSON.parse(answer.body.toString()) as { token: string };
    const header = await client.send({ method: 'POST', path: '/api/customer/header-accounts', body: {}, token });
    const items = (JSON.parse(header.body.toString()) as HeaderAccountsResponse).HeaderItems;
    const bare = (number: string) => number.replace(/^0+/, '');
    const item = items.find((candidate) => bare(candidate.PrimaryAcct) === bare(account.primaryAccount));
    if (!item) throw new Error(`${login} does not see ${account.primaryAccount}: ${header.body.toString()}`);
    return { token, account, soldTos: item.DropDownItems.map((sub) => sub.PrimaryAcct), label };
  } finally {
    client.close();
  }
}

/** The invoice list's request (apps/web build-search-request.ts): open items, USD, due date descending, 100 rows. */
function listRequest(session: Session, cursor?: string, sort = 'due_date_desc'): InvoiceSearchRequest {
  return {
    payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
    soldto_data: session.soldTos,
    search_parameters: {
      document_type: '01',
      status: '01',
      date_from: '01-01-1900',
      date_to: '01-01-9999',
      due_date_from: '01-01-1900',
      due_date_to: '01-01-9999',
      currency_key: 'USD',
      filter: [],
      sort: sort as InvoiceSearchRequest['search_parameters']['sort'],
      page_size: 100,
      ...(cursor ? { cursor } : {}),
    },
  };
}

const listCall = (session: Session, cursor?: string): HttpCall => ({
  method: 'POST',
  path: '/api/Invoice',
  body: listRequest(session, cursor),
  token: session.token,
});

async function search(port: number, call: HttpCall): Promise<InvoiceSearchResponse> {
  const client = httpClient(port, 1);
  try {
    const answer = await client.send(call);
    if (answer.status !== 200) throw new Error(`${call.path}: ${answer.status} ${answer.body.toString()}`);
    return JSON.parse(answer.body.toString()) as InvoiceSearchResponse;
  } finally {
    client.close();
  }
}

/** The cursor of page `page` (1-based), walked page by page like a user pressing "next". */
async function cursorOfPage(port: number, session: Session, page: number): Promise<string> {
  let cursor: string | undefined;
  for (let current = 1; current < page; current++) {
    const answer = await search(port, listCall(session, cursor));
    if (!answer.next_cursor) throw new Error(`${session.label}: only ${current} pages`);
    cursor = answer.next_cursor;
  }
  return cursor!;
}

function describeLoad(result: LoadResult): string {
  return (
    `${result.requests} requests in ${result.seconds} s (${result.perSecond}/s), p50 ${result.p50} ms, ` +
    `p99 ${result.p99} ms, max ${result.max} ms${result.errors ? `, ${result.errors} errors: ${result.firstError}` : ''}`
  );
}

const load = (port: number, connections: number, call: (sequence: number) => HttpCall) =>
  runLoad({ port, connections, call, warmupSeconds: 2, maxRequests: 50_000, maxSeconds: loadSeconds });

// --- the measurements ---------------------------------------------------------------------------------------

async function measureList(port: number, sessions: Session[]): Promise<void> {
  log('\nInvoice list (POST /api/Invoice: open items, USD, due date descending, 100 rows), 50 connections');
  for (const session of sessions) {
    // One connection: the time one request costs when nothing queues (the floor under the 50-connection figure).
    const alone = await runLoad({
      port,
      connections: 1,
      call: () => listCall(session),
      warmupSeconds: 1,
      maxRequests: 200,
      maxSeconds: 5,
    });
    log(`    ${session.label} first page, 1 connection: ${describeLoad(alone)}`);
    const first = await load(port, 50, () => listCall(session));
    log(`    ${session.label} first page: ${describeLoad(first)}`);
    report(`first page p95, ${session.label}`, `${first.p95} ms`, '≤ 50 ms', first.p95 <= 50 && first.errors === 0);
    const deepCursor = await cursorOfPage(port, session, 50);
    const deep = await load(port, 50, () => listCall(session, deepCursor));
    log(`    ${session.label} page 50: ${describeLoad(deep)}`);
    const ratio = round(deep.p95 / first.p95, 2);
    report(`page 50 p95, ${session.label}`, `${deep.p95} ms`, '≤ 1.5 × first', ratio <= 1.5 && deep.errors === 0);
    log(`    (page 50 / first page = ${ratio})`);
    figures[`list_${session.account.accountType}`] = { alone, first, page50: deep, ratio, cursor: deepCursor };
  }
}

async function measureTotals(port: number, session: Session): Promise<void> {
  log(`\nTotals cards (POST /api/invoice/totals, every sold-to and currency), ${session.label}, 10 connections`);
  const call: HttpCall = {
    method: 'POST',
    path: '/api/invoice/totals',
    body: {
      payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
      soldto_data: [],
    },
    token: session.token,
  };
  const totals = await load(port, 10, () => call);
  log(`    ${describeLoad(totals)}`);
  report(`totals p95, ${session.label}`, `${totals.p95} ms`, '≤ 50 ms', totals.p95 <= 50 && totals.errors === 0);
  figures.totals = totals;
}

type CsvRun = {
  seconds: number;
  rows: number;
  mebibytes: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  heapBeforeMiB: number;
  heapAfterMiB: number;
};

/** One CSV export of every document of the session's account, with the server's memory around it. */
async function exportCsv(port: number, server: PortalProcess, session: Session): Promise<CsvRun> {
  const body = {
    payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
    soldto_data: session.soldTos,
    search_parameters: { status: '03', filter: [] },
  };
  const before = await server.memory(true);
  let peak = residentBytes(server.child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(server.child.pid!))), 10);
  const client = httpClient(port, 1);
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  const answer = await client.send(
    { method: 'POST', path: '/api/invoice/invoice-csv', body, token: session.token },
    (chunk) => {
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    },
  );
  const seconds = round((performance.now() - started) / 1000, 2);
  clearInterval(sampler);
  client.close();
  if (answer.status !== 200) throw new Error(`CSV export: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  const after = await server.memory(true);
  return {
    seconds,
    rows: lines - 1,
    mebibytes: round(bytes / 1_048_576, 1),
    rssBeforeMiB: mib(before.rss),
    rssPeakMiB: mib(peak),
    rssGrowthMiB: mib(peak - before.rss),
    heapBeforeMiB: mib(before.heapUsed),
    heapAfterMiB: mib(after.heapUsed),
  };
}

const describeCsv = (run: CsvRun) =>
  `${run.rows} rows, ${run.mebibytes} MiB in ${run.seconds} s; server RSS ${run.rssBeforeMiB} → peak ` +
  `${run.rssPeakMiB} MiB (+${run.rssGrowthMiB}); heap after GC ${run.heapBeforeMiB} → ${run.heapAfterMiB} MiB`;

async function measureCsvExport(port: number, server: PortalProcess, session: Session): Promise<void> {
  log(`\nCSV export (POST /api/invoice/invoice-csv, every document of ${session.label}), one at a time`);
  const runs: CsvRun[] = [];
  for (let run = 1; run <= 3; run++) {
    const result = await exportCsv(port, server, session);
    runs.push(result);
    log(`    run ${run}: ${describeCsv(result)}`);
  }
  const times = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const median = times[1]!;
  const growth = Math.max(...runs.map((run) => run.rssGrowthMiB));
  const heapGrowth = Math.max(...runs.map((run) => run.heapAfterMiB - run.heapBeforeMiB));
  report(`CSV export of ${runs[0]!.rows} rows, median of 3`, `${median} s`, '≤ 3 s', median <= 3);
  // Flat: the rows are streamed, so the peak grows by a bounded buffer, not by the file (≈ 20 MiB for 100k rows).
  report('CSV export, server RSS growth at peak (max of 3)', `${growth} MiB`, '≤ 64 MiB, flat', growth <= 64);
  report('CSV export, heap after GC vs before (max of 3)', `${heapGrowth} MiB`, '≤ 8 MiB', heapGrowth <= 8);
  figures.csvExport = runs;
}

/**
 * A million rows: a ledger of its own (database <name>_csv1m, built once, ~2 minutes) whose payer-all group holds
 * all but the 19 named demo documents (999,981), exported once by a fresh portal process; its peak memory is set
 * beside the 100k export's.
 */
async function measureMillionCsv(): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}_csv1m`;
  log(`\nCSV export of a million rows (${url.pathname.slice(1)}: a payer-all group of 999,981 documents)`);
  await prepareBenchData(url.toString(), { documents: 1_000_000, payerAllDocuments: 999_981, rebuild: false, log });
  const server = await startServer(1, url.toString());
  try {
    const session = await signIn(server.port, benchUsers.payerAll.login, benchUsers.payerAll.account, 'PayerAll 1M');
    const run = await exportCsv(server.port, server, session);
    log(`    ${describeCsv(run)}`);
    report(`CSV export of ${run.rows} rows`, `${run.seconds} s`, '≤ 30 s', run.seconds <= 30);
    const hundredThousand = (figures.csvExport as CsvRun[] | undefined)?.map((one) => one.rssPeakMiB);
    if (hundredThousand?.length) {
      const reference = Math.max(...hundredThousand);
      const ratio = round(run.rssPeakMiB / reference, 2);
      report('CSV export of 1M rows: server peak RSS', `${run.rssPeakMiB} MiB`, '≤ 1.2 × the 100k run', ratio <= 1.2, {
        baseline: `${reference} MiB (100k rows)`,
        ratio,
      });
    }
    figures.csvMillion = run;
  } finally {
    await server.stop();
  }
}

type PdfSample = { total: number; request: number; download: number; bytes: number };

/** The Latin PDFs' numbers, for the throughput with every core (measureCores). */
const pdfNumbers: string[] = [];

async function sendPdf(client: ReturnType<typeof httpClient>, session: Session, number: string): Promise<PdfSample> {
  const started = performance.now();
  const link = await client.send({
    method: 'POST',
    path: '/api/Invoice/pdf-request',
    body: {
      payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
      soldto_data: [],
      search_parameters: { filter: [{ filter_type: '01', value: number }] },
    },
    token: session.token,
  });
  if (link.status !== 200) throw new Error(`pdf-request ${number}: ${link.status} ${link.body.toString()}`);
  const linked = performance.now();
  const { url } = JSON.parse(link.body.toString()) as { url: string };
  const pdf = await client.send({ method: 'GET', path: url });
  if (pdf.status !== 200 || pdf.body.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`PDF ${number}: ${pdf.status} ${pdf.body.subarray(0, 200).toString()}`);
  const ended = performance.now();
  return { total: ended - started, request: linked - started, download: ended - linked, bytes: pdf.body.length };
}

/** PDFs per second: 4 clients each asking for the account's PDFs one after another (link, then download). */
async function pdfThroughput(port: number, session: Session, numbers: string[]): Promise<number> {
  let done = 0;
  const until = performance.now() + Math.min(loadSeconds, 5) * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      const client = httpClient(port, 1);
      try {
        for (let index = lane; performance.now() < until; index += 4) {
          await sendPdf(client, session, numbers[index % numbers.length]!);
          done++;
        }
      } finally {
        client.close();
      }
    }),
  );
  const perSecond = round(done / ((performance.now() - started) / 1000), 1);
  log(`    4 clients: ${done} PDFs, ${perSecond} PDFs/s`);
  return perSecond;
}

async function measurePdf(port: number, session: Session, targetMs: number, key: string): Promise<void> {
  log(`\nOne invoice PDF (POST /api/Invoice/pdf-request, then GET the signed URL), ${session.label}, 1 connection`);
  const numbers: string[] = [];
  let cursor: string | undefined;
  while (numbers.length < 120) {
    // Any currency: the Japanese payer's invoices are in JPY.
    const { currency_key: _currency, ...anyCurrency } = listRequest(session, cursor).search_parameters;
    const page = await search(port, {
      ...listCall(session, cursor),
      body: { ...listRequest(session, cursor), search_parameters: anyCurrency },
    });
    for (const document of page.document_list)
      if (document.pdf_document_available === 'X' && document.billing_document_number)
        numbers.push(document.billing_document_number);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  const client = httpClient(port, 1);
  const onePdf = (number: string) => sendPdf(client, session, number);
  try {
    for (const number of numbers.slice(0, 10)) await onePdf(number);
    const samples: PdfSample[] = [];
    for (const number of numbers.slice(10, 110)) samples.push(await onePdf(number));
    const sorted = (pick: (sample: PdfSample) => number) => samples.map(pick).sort((a, b) => a - b);
    const total = sorted((sample) => sample.total);
    const result = {
      pdfs: samples.length,
      p50: round(percentile(total, 0.5), 1),
      p95: round(percentile(total, 0.95), 1),
      requestP95: round(
        percentile(
          sorted((sample) => sample.request),
          0.95,
        ),
        1,
      ),
      downloadP95: round(
        percentile(
          sorted((sample) => sample.download),
          0.95,
        ),
        1,
      ),
      kibibytes: Math.round(samples.reduce((sum, sample) => sum + sample.bytes, 0) / samples.length / 1024),
    };
    log(
      `    ${result.pdfs} PDFs (${result.kibibytes} KiB each): p50 ${result.p50} ms; p95 of the signed-URL request ` +
        `${result.requestP95} ms, of the download ${result.downloadP95} ms`,
    );
    report(
      `one PDF p95 (request + download), ${session.label}`,
      `${result.p95} ms`,
      `≤ ${targetMs} ms`,
      result.p95 <= targetMs,
    );
    const perSecond = await pdfThroughput(port, session, numbers);
    const latin = key === 'pdf';
    report(
      `PDFs per second, 4 clients, 1 process, ${session.label}`,
      `${perSecond}/s`,
      latin ? '≥ 100/s' : '—',
      latin ? perSecond >= 100 : null,
    );
    if (latin) pdfNumbers.push(...numbers);
    figures[key] = { ...result, perSecond };
  } finally {
    client.close();
  }
}

function describeStatement(statement: StatementPlan): string {
  const order = statement.sortedRows > 0 ? `Sort of ${statement.sortedRows} rows` : 'no Sort';
  const scans = statement.seqScans.length ? `, Seq Scan on ${statement.seqScans.join(', ')}` : '';
  return (
    `${statement.kind.padEnd(5)} ${String(statement.milliseconds).padStart(7)} ms  ` +
    `${statement.documentRowsRead} document rows read, ${order}${scans}; ` +
    `indexes: ${statement.indexes.join(', ') || 'none'}`
  );
}

async function explainLists(sessions: Session[]): Promise<void> {
  log('\nEXPLAIN (ANALYZE) of the list statements (ledger connector, same requests; all sold-tos = soldto_data [])');
  const cases = sessions.flatMap((session) => {
    const list = (cursor?: string, sort?: string) => ({ ...listRequest(session, cursor, sort), soldto_data: [] });
    const deepCursor = (figures[`list_${session.account.accountType}`] as { cursor: string } | undefined)?.cursor;
    return [
      { label: `${session.label}, first page`, request: list() },
      ...(deepCursor ? [{ label: `${session.label}, page 50`, request: list(deepCursor) }] : []),
      {
        label: `${session.label}, first page, one sold-to`,
        request: { ...listRequest(session), soldto_data: session.soldTos.slice(-1) },
      },
      {
        label: `${session.label}, first page, document date descending`,
        request: list(undefined, 'document_date_desc'),
      },
      { label: `${session.label}, first page, amount descending`, request: list(undefined, 'amount_desc') },
      { label: `${session.label}, first page, due date ascending`, request: list(undefined, 'due_date_asc') },
    ];
  });
  const plans = await explainListQueries(databaseUrl, cases);
  let allIndexed = true;
  for (const { label, statements } of plans) {
    log(`  ${label}`);
    for (const statement of statements) {
      log(`    ${describeStatement(statement)}`);
      if (statement.kind === 'page' && (statement.sortedRows > 1_000 || statement.seqScans.includes('documents')))
        allIndexed = false;
    }
  }
  const example = plans[0]?.statements.find((statement) => statement.kind === 'page');
  if (example)
    log(`  plan of the first page statement (${plans[0]!.label}):\n${example.outline.replace(/^/gm, '    ')}`);
  report('list page statements: index order, no sort over the set', allIndexed ? 'yes' : 'no', 'yes', allIndexed);
  figures.explain = plans.map(({ label, statements }) => ({
    label,
    statements: statements.map(({ outline: _outline, ...rest }) => rest),
  }));
}

// --- the cost of a request beside the baseline (issue 17) -----------------------------------------------------

const trivialCall = (session: Session): HttpCall => ({
  method: 'GET',
  path: '/api/configuration/getfooterlinks',
  token: session.token,
});
const totalsCall = (session: Session): HttpCall => ({
  method: 'POST',
  path: '/api/invoice/totals',
  body: {
    payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
    soldto_data: [],
  },
  token: session.token,
});
const replayCall = (name: string): HttpCall => ({ method: 'POST', path: `/replay/${name}` });
const statementsFile = path.join(os.tmpdir(), 'portal-bench-statements.json');

/** The statements the portal sends to PostgreSQL for one call (made alone, after a warm-up of the same call). */
async function recordStatements(server: BenchProcess, call: HttpCall): Promise<RecordedRoutes[string]> {
  const client = httpClient(server.port, 1);
  try {
    await client.send(call);
    await server.ask({ type: 'record', on: true }, 'recording');
    const answer = await client.send(call);
    if (answer.status !== 200) throw new Error(`${call.path}: ${answer.status} ${answer.body.toString()}`);
    const { statements } = await server.ask<{ statements: RecordedRoutes[string] }>(
      { type: 'record', on: false },
      'recorded',
    );
    return statements;
  } finally {
    client.close();
  }
}

type Costed = LoadResult & { cpuMs: number; postgresCpuMs: number };

/** A load with the CPU each request cost the server's processes and PostgreSQL's. */
async function costedLoad(server: BenchProcess, connections: number, call: HttpCall): Promise<Costed> {
  let spent = { server: () => 0, postgres: () => 0 };
  const result = await runLoad({
    port: server.port,
    connections,
    call: () => call,
    warmupSeconds: 2,
    maxRequests: 200_000,
    maxSeconds: loadSeconds,
    onMeasureStart: () => {
      // After the warm-up: the pool's backends are connected by then.
      spent = { server: cpuSince(server.pids), postgres: cpuSince(postgresPids()) };
    },
  });
  const requests = Math.max(1, result.requests);
  return {
    ...result,
    cpuMs: round(spent.server() / requests, 2),
    postgresCpuMs: round(spent.postgres() / requests, 2),
  };
}

async function profileRoute(server: BenchProcess, name: string, connections: number, call: HttpCall) {
  fs.mkdirSync(values.profiles, { recursive: true });
  const file = path.join(values.profiles, `${name}.cpuprofile`);
  await server.ask({ type: 'profile', on: true }, 'profiling');
  await runLoad({
    port: server.port,
    connections,
    call: () => call,
    warmupSeconds: 0,
    maxRequests: 200_000,
    maxSeconds: Math.min(loadSeconds, 5),
  });
  await server.ask({ type: 'profile', on: false, file }, 'profiled');
  const summary: ProfileSummary = summariseProfile(file, 10);
  log(describeProfile(summary, '      '));
  return summary;
}

const describeCost = (costed: Costed) =>
  `${describeLoad(costed)}; CPU per request: server ${costed.cpuMs} ms, PostgreSQL ${costed.postgresCpuMs} ms`;

/**
 * One portal process beside one baseline process, route by route: the trivial authenticated route against bare
 * Fastify's {ok:true}, the invoice list and the totals against the same SQL run by bare Fastify with pg. CPU per
 * request is the server processes' user + system time over the load divided by the requests answered.
 */
async function measureOverhead(server: PortalProcess, sessions: Session[]): Promise<void> {
  const [payer, payerAll] = sessions as [Session, Session];
  log('\nThe cost of a request beside bare Fastify (one process each, the same load, the same run)');
  const recorded: RecordedRoutes = {
    list: await recordStatements(server, listCall(payer)),
    totals: await recordStatements(server, totalsCall(payerAll)),
  };
  for (const [name, statements] of Object.entries(recorded))
    log(`    ${name}: the portal sent ${statements.length} statements (the baseline replays them)`);
  fs.writeFileSync(statementsFile, JSON.stringify(recorded));
  const baseline = await startProcess(baselineEntry, [databaseUrl, '1', statementsFile]);
  const result: Record<string, unknown> = {};
  try {
    const trivial = await costedLoad(server, 50, trivialCall(payer));
    const bare = await costedLoad(baseline, 50, { method: 'GET', path: '/ok', token: payer.token });
    log(`    trivial route, portal (GET footer links, 50 connections): ${describeCost(trivial)}`);
    log(`    trivial route, bare Fastify {ok:true}: ${describeCost(bare)}`);
    const share = round(trivial.perSecond / bare.perSecond, 2);
    report('authenticated trivial route, req/s (1 process)', `${trivial.perSecond}/s`, '≥ 0.5 × bare', share >= 0.5, {
      baseline: `${bare.perSecond}/s`,
      ratio: share,
    });
    const profiles: Record<string, ProfileSummary> = {};
    profiles.trivial = await profileRoute(server, 'trivial', 50, trivialCall(payer));

    for (const [name, connections, call, session] of [
      ['list', 50, listCall(payer), payer],
      ['totals', 10, totalsCall(payerAll), payerAll],
    ] as const) {
      const portal = await costedLoad(server, connections, call);
      const replay = await costedLoad(baseline, connections, replayCall(name));
      log(`    ${name}, portal (${session.label}, ${connections} connections): ${describeCost(portal)}`);
      log(`    ${name}, baseline (same SQL, bare Fastify + pg, no commit): ${describeCost(replay)}`);
      const ratio = round(portal.cpuMs / replay.cpuMs, 2);
      report(
        `${name}: server CPU per request (1 process)`,
        `${portal.cpuMs} ms`,
        name === 'list' ? '≤ 2 × baseline' : '—',
        name === 'list' ? ratio <= 2 : null,
        { baseline: `${replay.cpuMs} ms`, ratio },
      );
      profiles[name] = await profileRoute(server, name, connections, call);
      result[name] = { portal, baseline: replay, ratio, statements: recorded[name]!.length };
    }
    result.trivial = { portal: trivial, baseline: bare, share };
    result.profiles = profiles;
  } finally {
    await baseline.stop();
  }
  figures.overhead = result;
}

/**
 * Every core: the portal as one cluster worker per core beside the baseline as as many workers, the invoice list
 * first page of the payer at 50 connections (the issue's 1,000 req/s with p95 ≤ 50 ms).
 */
async function measureCores(workers: number): Promise<void> {
  log(`\nEvery core: the portal and the baseline as ${workers} cluster workers each, invoice list, 50 connections`);
  const server = await startServer(workers);
  const baseline = await startProcess(baselineEntry, [databaseUrl, String(workers), statementsFile]);
  try {
    const payer = await signIn(server.port, benchUsers.payer.login, benchUsers.payer.account, 'payer 0000100001');
    if (pdfNumbers.length) {
      const perSecond = await pdfThroughput(server.port, payer, pdfNumbers);
      report(`PDFs per second, 4 clients, ${workers} workers`, `${perSecond}/s`, '≥ 100/s', perSecond >= 100);
    }
    const portal = await costedLoad(server, 50, listCall(payer));
    const replay = fs.existsSync(statementsFile) ? await costedLoad(baseline, 50, replayCall('list')) : undefined;
    log(`    portal: ${describeCost(portal)}`);
    if (replay) log(`    baseline: ${describeCost(replay)}`);
    const compared = replay
      ? { baseline: `${replay.perSecond}/s`, ratio: round(portal.perSecond / replay.perSecond, 2) }
      : undefined;
    report(
      `list first page, ${workers} workers: req/s`,
      `${portal.perSecond}/s`,
      '≥ 1,000/s',
      portal.perSecond >= 1000,
      compared,
    );
    report(
      `list first page, ${workers} workers: p95`,
      `${portal.p95} ms`,
      '≤ 50 ms',
      portal.p95 <= 50 && portal.errors === 0,
      replay ? { baseline: `${replay.p95} ms`, ratio: round(portal.p95 / replay.p95, 2) } : undefined,
    );
    figures.cores = { workers, portal, baseline: replay };
  } finally {
    await baseline.stop();
    await server.stop();
  }
}

// --- main -----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  log(
    `Invoice benchmark on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}: ${os.cpus().length} cores, Node ${process.version}`,
  );
  const data = await prepareBenchData(databaseUrl, { documents: documentCount, rebuild: values.rebuild, log });
  log(
    `Ledger: ${data.documents} documents, ${data.customers} customers, payer-all group ${data.payerAllDocuments} ` +
      `documents${data.built ? ` (built in ${data.buildSeconds} s)` : ' (reused)'}`,
  );
  figures.data = data;
  const server = await startServer();
  const measuring = performance.now();
  try {
    const payer = await signIn(server.port, benchUsers.payer.login, benchUsers.payer.account, 'payer 0000100001');
    const payerAll = await signIn(
      server.port,
      benchUsers.payerAll.login,
      benchUsers.payerAll.account,
      'PayerAll 0000900001 (100k)',
    );
    log('\nFigure beside target:');
    if (only.has('overhead')) await measureOverhead(server, [payer, payerAll]);
    if (only.has('list')) await measureList(server.port, [payer, payerAll]);
    if (only.has('totals')) await measureTotals(server.port, payerAll);
    const tools = { log, report, load, describeLoad, residentBytes, figures };
    if (only.has('aging')) await measureAging(server.port, payerAll, databaseUrl, tools);
    if (only.has('statement')) await measureStatement(server.port, server, payerAll, tools);
    if (only.has('csv')) await measureCsvExport(server.port, server, payerAll);
    if (only.has('csv')) await measureMillionCsv();
    if (only.has('pdf')) {
      await measurePdf(server.port, payer, 100, 'pdf');
      const japan = await signIn(server.port, benchUsers.japan.login, benchUsers.japan.account, 'Japanese payer JP01');
      await measurePdf(server.port, japan, 150, 'pdfJapanese');
    }
    if (only.has('explain')) await explainLists([payer, payerAll]);
  } finally {
    await server.stop();
  }
  if (only.has('cores')) await measureCores(Number(values.workers));
  const measureSeconds = Math.round((performance.now() - measuring) / 1000);
  log(`\nSummary (${measureSeconds} s of measuring, ${Math.round((performance.now() - started) / 1000)} s in all):`);
  for (const verdict of verdicts)
    log(
      `  ${verdict.met === null ? '       ' : verdict.met ? 'met    ' : 'NOT MET'}  ${verdict.label}: ${verdict.value} (target ${verdict.target})`,
    );
  log(
    JSON.stringify({
      benchmark: 'invoices (PostgreSQL, HTTP on loopback)',
      date: new Date().toISOString(),
      cores: os.cpus().length,
      verdicts,
      ...figures,
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
