// npm run bench:erp [-- --database-url postgres://postgres@127.0.0.1:5432/portal_bench_erp] [--seconds 10]
//   [--documents 50000] [--connections 10]
// Issue 28's target: the invoice list, an invoice's detail and a payment through a portal on ERP_URL (the reference ERP
// service, its own process, over loopback HTTP) beside the same portal with the built-in ledger in process, in the
// same run on the same PostgreSQL database: p95 at 10 connections at most 1.3× in process. Uses the built portal
// (npm run build). Prints the figures and one JSON line (npm run bench collects it). Not part of npm test or CI.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { seedLedger } from '../../apps/server/src/connectors/erp/ledger/seed';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { documents } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { httpClient, percentile, round, runLoad, type HttpCall } from '../invoices/http-load';
import { benchPassword, ensureBenchUser } from '../invoices/prepare-bench-data';
import { recreateDatabase, saveBenchEcheck } from '../lib/bench-database';
import { createReport } from '../lib/report';
import { freePort } from '../lib/servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_erp' },
    seconds: { type: 'string', default: '10' },
    documents: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '10' },
  },
});
const databaseUrl = values['database-url'];
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const log = (line: string) => process.stdout.write(`${line}\n`);
const allowedRatio = 1.3;

if (!['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname)) {
  process.stderr.write('The benchmark runs on a local PostgreSQL only.\n');
  process.exit(2);
}
for (const built of ['apps/server/dist/server.js', 'apps/server/dist/erp-service/erp-serve.js']) {
  if (!fs.existsSync(path.join(root, built))) {
    process.stderr.write(`${built} is missing: run npm run build first.\n`);
    process.exit(2);
  }
}

type Payer = { number: string; login: string; echeck: string; invoice: typeof documents.$inferSelect };

/** One payer per connection, each with a user, a saved e-check and an open USD invoice to pay a cent of at a time. */
async function preparePayers(db: Db, count: number): Promise<Payer[]> {
  const candidates = await db
    .select({ payer: documents.payerNumber })
    .from(documents)
    .where(
      and(
        eq(documents.companyCode, '1000'),
        eq(documents.currencyKey, 'USD'),
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        gt(documents.openAmount, 100_000n),
      ),
    )
    .groupBy(documents.payerNumber)
    .orderBy(sql`count(*) desc`)
    .limit(count);
  if (candidates.length < count) throw new Error(`only ${candidates.length} payers with open invoices`);
  const passwordHash = await hashPassword(benchPassword);
  const payers: Payer[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const login = `bench-erp-payer-${index + 1}@example.com`;
    await ensureBenchUser(
      db,
      login,
      { primaryAccount: candidate.payer, companyCode: '1000', accountType: 'Payer' },
      passwordHash,
    );
    const echeck = await saveBenchEcheck(db, candidate.payer, `66600${String(index + 1).padStart(4, '0')}`);
    const [invoice] = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, candidate.payer),
          eq(documents.companyCode, '1000'),
          eq(documents.currencyKey, 'USD'),
          eq(documents.documentStatus, '01'),
          eq(documents.itemIsAPayment, false),
          gt(documents.openAmount, 100_000n),
        ),
      )
      .orderBy(asc(documents.id))
      .limit(1);
    payers.push({ number: candidate.payer, login, echeck, invoice: invoice! });
  }
  return payers;
}

type Server = { port: number; child: ChildProcess; stop: () => Promise<void> };

/** A built process (the portal or the reference ERP service) on a free port, ready when `readyPath` answers 200. */
async function startBuilt(
  script: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  headers = {},
) {
  const port = await freePort();
  const child = spawn(process.execPath, [script, ...args.map((arg) => arg.replace('{port}', String(port)))], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error(`${script} did not become ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`, { headers })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { port, child, stop } satisfies Server;
}

async function signIn(port: number, login: string): Promise<string> {
  const client = httpClient(port, 1);
  try {
    const answer = await client.send({
      method: 'POST',
      path: '/api/token/login',
      body: { login, password: benchPassword },
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${login}: ${answer.status} ${answer.body.toString()}`);
    return (JSON.parse(answer.body.toString()) as { token: string }).token;
  } finally {
    client.close();
  }
}

/** The sold-tos of the payer's header item (POST /api/customer/header-accounts). */
async function soldTosOf(port: number, token: string, payer: string): Promise<string[]> {
  const client = httpClient(port, 1);
  try {
    const answer = await client.send({ method: 'POST', path: '/api/customer/header-accounts', token, body: {} });
    const { HeaderItems } = JSON.parse(answer.body.toString()) as {
      HeaderItems: { PrimaryAcct: string; DropDownItems: { PrimaryAcct: string }[] }[];
    };
    const item = HeaderItems.find((candidate) => candidate.PrimaryAcct === payer);
    if (!item) throw new Error(`no header item for ${payer}`);
    return item.DropDownItems.map((soldTo) => soldTo.PrimaryAcct);
  } finally {
    client.close();
  }
}

type Figures = { requests: number; errors: number; firstError?: string; perSecond: number; p50: number; p95: number };

async function measureReads(port: number, call: (sequence: number) => HttpCall): Promise<Figures> {
  const result = await runLoad({
    port,
    connections,
    call,
    warmupSeconds: 2,
    maxRequests: Number.POSITIVE_INFINITY,
    maxSeconds: seconds,
  });
  return result;
}

/** Each connection is one payer paying one cent of its invoice, with the open amount the ledger now holds. */
async function measurePayments(port: number, payers: (Payer & { token: string })[]): Promise<Figures> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const loop = async (payer: Payer & { token: string }, until: number, measured: boolean) => {
    const client = httpClient(port, 1);
    try {
      while (performance.now() < until) {
        const invoice = payer.invoice;
        const body = {
          payer_data: { customer_number: payer.number, company_code: '1000' },
          soldto: { account_number: '' },
          payment_detail: { payment_card_token: payer.echeck, payment_card_type: 'EC' },
          documents: [
            {
              document_number_finance: invoice.documentNumberFinance,
              line_item_in_the_relevant_invoice: invoice.lineItem,
              fiscal_year_of_the_relevant_invoice: invoice.fiscalYear,
              open_amount: formatMinorUnits(invoice.openAmount, 2),
              amount_to_process: '0.01',
              currency_key: 'USD',
              reason_code: 'PP',
              comment: '',
            },
          ],
          currency_key: 'USD',
          currency_decimals: 2,
          log: { id: 'POST_INVOICE' },
        };
        const started = performance.now();
        const answer = await client.send({
          method: 'POST',
          path: '/api/invoice/payments',
          body,
          token: payer.token,
          headers: { 'idempotency-key': randomUUID() },
        });
        const elapsed = performance.now() - started;
        const state =
          answer.status === 200
            ? (JSON.parse(answer.body.toString()) as { payment: { state: string } }).payment.state
            : '';
        if (state !== 'posted') {
          if (measured) failures.push(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
          continue;
        }
        if (measured) latencies.push(elapsed);
        invoice.openAmount -= 1n;
      }
    } finally {
      client.close();
    }
  };
  const warmup = performance.now() + 2_000;
  await Promise.all(payers.map((payer) => loop(payer, warmup, false)));
  const started = performance.now();
  await Promise.all(payers.map((payer) => loop(payer, started + seconds * 1000, true)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: failures.length,
    ...(failures[0] ? { firstError: failures[0] } : {}),
    perSecond: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 0.5), 1),
    p95: round(percentile(latencies, 0.95), 1),
  };
}

async function main(): Promise<void> {
  log(`ERP over HTTP beside in process: ${values.documents} documents, ${connections} connections, ${seconds} s each`);
  await recreateDatabase(databaseUrl);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const asOf = new Date();
  await seedLedger(database.db, { documents: Number(values.documents), asOf });
  const payers = await preparePayers(database.db, connections);
  await database.db.execute(sql`ANALYZE`);

  const token = randomBytes(24).toString('base64url');
  const erp = await startBuilt(
    'apps/server/dist/erp-service/erp-serve.js',
    ['--port', '{port}'],
    { ERP_TOKEN: token },
    '/erp/v1/configuration',
    {
      authorization: `Bearer ${token}`,
    },
  );
  const common = {
    DEMO: 'false',
    WEB_CONCURRENCY: '1',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  };
  const inProcess = await startBuilt('apps/server/dist/server.js', [], { ...common, ERP_URL: '' }, '/api/ready');
  const overHttp = await startBuilt(
    'apps/server/dist/server.js',
    [],
    { ...common, ERP_URL: `http://127.0.0.1:${erp.port}`, ERP_TOKEN: token },
    '/api/ready',
  );
  const { verdicts, report } = createReport(log);
  const figures: Record<string, unknown> = {};
  try {
    const first = payers[0]!;
    // The first page of the open items of the payer's sold-tos, as the invoice list asks for it.
    const soldTos = await soldTosOf(inProcess.port, await signIn(inProcess.port, first.login), first.number);
    const listOf = (userToken: string) => () => ({
      method: 'POST' as const,
      path: '/api/Invoice',
      token: userToken,
      body: {
        payer_data: { customer_number: first.number, company_code: '1000' },
        soldto_data: soldTos,
        search_parameters: { status: '03', page_size: 50 },
      },
    });
    const detailOf = (userToken: string) => () => ({
      method: 'POST' as const,
      path: '/api/invoice/detail',
      token: userToken,
      body: {
        document_detail: {
          billing_document_number: first.invoice.billingDocumentNumber,
          customer_number: first.number,
        },
      },
    });
    const tokens = {
      inProcess: await signIn(inProcess.port, first.login),
      overHttp: await signIn(overHttp.port, first.login),
    };
    const compare = async (
      name: string,
      measure: (server: Server, side: 'inProcess' | 'overHttp') => Promise<Figures>,
    ) => {
      const local = await measure(inProcess, 'inProcess');
      const remote = await measure(overHttp, 'overHttp');
      figures[name] = { inProcess: local, overHttp: remote };
      const ratio = round(remote.p95 / local.p95, 2);
      const errors = local.errors + remote.errors;
      log(
        `  ${name}: in process p95 ${local.p95} ms (${local.perSecond}/s), over HTTP p95 ${remote.p95} ms (${remote.perSecond}/s)${errors ? `, ${errors} errors: ${local.firstError ?? remote.firstError}` : ''}`,
      );
      report(
        `${name}: p95 over HTTP, ${connections} connections`,
        `${remote.p95} ms`,
        `≤ ${allowedRatio}× in process`,
        errors === 0 && ratio <= allowedRatio,
        {
          baseline: `in process ${local.p95} ms`,
          ratio,
        },
      );
    };
    await compare('invoice list', (server, side) => measureReads(server.port, listOf(tokens[side])));
    await compare('invoice detail', (server, side) => measureReads(server.port, detailOf(tokens[side])));
    await compare('payment (1 invoice)', async (server) => {
      const signedIn = [];
      for (const payer of payers) signedIn.push({ ...payer, token: await signIn(server.port, payer.login) });
      // The open amounts now in the ledger (the other side's payments changed them).
      for (const payer of signedIn) {
        const [row] = await database.db.select().from(documents).where(eq(documents.id, payer.invoice.id));
        payer.invoice = row!;
      }
      return measurePayments(server.port, signedIn);
    });
  } finally {
    await overHttp.stop();
    await inProcess.stop();
    await erp.stop();
    await database.close();
  }
  log(JSON.stringify({ bench: 'erp', ...figures, verdicts }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
