// npm run bench:payments [-- --database-url postgres://postgres@127.0.0.1:5432/portal_bench_payments] [--seconds 10]
//   [--payers 8]
// Issue 5's payment target on PostgreSQL through real HTTP on loopback: 8 payers pay concurrently, each payment
// settling 10 invoices (POST /api/invoice/payments with an Idempotency-Key, the sandbox gateway charging an
// e-check, the ledger posting with the intent's completion). Each payer's loop pays one cent on each of its 10
// invoices (a partial payment, reason PP), so the same invoices carry thousands of payments and every request
// brings the open amounts the ledger holds (as the pay page does). Prints payments/s and p95 beside the targets,
// checks that every answered payment is in the ledger once, and one JSON line. Not part of npm test or CI.
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  sandboxTokenFor,
  SANDBOX_TOKEN_KEY_SETTING,
} from '../../apps/server/src/connectors/gateway/sandbox/sandbox-gateway';
import { sandboxTokens } from '../../apps/server/src/connectors/gateway/sandbox/sandbox.schema';
import { seedLedger } from '../../apps/server/src/connectors/erp/ledger/seed';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { documents, paymentCards, payments } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { readOrInitSetting } from '../../apps/server/src/modules/system/app-settings.repository';
import { httpClient, percentile, round } from '../invoices/http-load';
import { benchPassword, ensureBenchUser } from '../invoices/prepare-bench-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_payments' },
    seconds: { type: 'string', default: '10' },
    payers: { type: 'string', default: '8' },
    // A V8 CPU profile of the portal process (open the .cpuprofile in Chrome DevTools or speedscope).
    'cpu-prof': { type: 'string' },
    // Experiment only: 'off' shows how much of the time is the WAL flush of each commit (never for production).
    'synchronous-commit': { type: 'string', default: 'on' },
  },
});
const databaseUrl = values['database-url'];
const seconds = Number(values.seconds);
const payerCount = Number(values.payers);
const invoicesPerPayment = 10;
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname)) {
  process.stderr.write('The benchmark runs on a local PostgreSQL only.\n');
  process.exit(2);
}

type Payer = {
  number: string;
  login: string;
  token: string;
  echeck: string;
  invoices: (typeof documents.$inferSelect)[];
};

/** A fresh database each run: the figures do not depend on what earlier runs left. */
async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    const synchronousCommit = values['synchronous-commit'] === 'off' ? 'off' : 'on';
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = ${synchronousCommit}`);
  } finally {
    await client.end();
  }
}

/** The payers with the most open USD invoices in company code 1000, each with a user and a saved e-check. */
async function preparePayers(db: Db): Promise<Omit<Payer, 'token'>[]> {
  const candidates = await db
    .select({ payer: documents.payerNumber, open: sql<number>`count(*)::int` })
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
    .limit(payerCount);
  if (candidates.length < payerCount) throw new Error(`only ${candidates.length} payers with open invoices`);
  const secret = await readOrInitSetting(db, SANDBOX_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url'));
  const passwordHash = await hashPassword(benchPassword);
  const prepared = [];
  for (const [index, candidate] of candidates.entries()) {
    const login = `bench-payer-${index + 1}@example.com`;
    await ensureBenchUser(
      db,
      login,
      { primaryAccount: candidate.payer, companyCode: '1000', accountType: 'Payer' },
      passwordHash,
    );
    const account = `55500${String(index + 1).padStart(4, '0')}`;
    const echeck = sandboxTokenFor(secret, 'EC', `011000015|${account}`, account.slice(-4));
    await db
      .insert(sandboxTokens)
      .values({
        token: echeck,
        kind: 'echeck',
        brand: 'EC',
        lastFour: account.slice(-4),
        behaviour: 'approve',
        createdAt: new Date(),
      })
      .onConflictDoNothing();
    await db
      .insert(paymentCards)
      .values({
        payerNumber: candidate.payer,
        companyCode: '1000',
        paymentCardToken: echeck,
        paymentCardType: 'EC',
        paymentCardName: 'Bench Payer',
        echeckAccountType: 'X',
        echeckRdfiNumber: '011000015',
      })
      .onConflictDoNothing();
    const invoices = await db
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
      .limit(invoicesPerPayment);
    if (invoices.length < invoicesPerPayment) throw new Error(`payer ${candidate.payer} has too few invoices`);
    prepared.push({ number: candidate.payer, login, echeck, invoices });
  }
  return prepared;
}

async function startServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../invoices/bench-server.ts');
  const child = fork(entry, [databaseUrl], {
    execArgv: [
      '--import',
      'tsx',
      ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server stopped (exit ${code})`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'ready' && message.port) resolve(message.port);
    });
  });
  child.removeAllListeners('exit');
  // Waits for the exit, so that a CPU profile is written before this process ends.
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { port, stop };
}

/** One payer's closed loop: pay one cent on each of its 10 invoices, with the open amounts the ledger now holds. */
async function payLoop(port: number, payer: Payer, until: number, latencies: number[] | null, failures: string[]) {
  const client = httpClient(port, 1);
  let posted = 0;
  try {
    while (performance.now() < until) {
      const body = {
        payer_data: { customer_number: payer.number, company_code: '1000' },
        soldto: { account_number: '' },
        payment_detail: { payment_card_token: payer.echeck, payment_card_type: 'EC' },
        documents: payer.invoices.map((invoice) => ({
          document_number_finance: invoice.documentNumberFinance,
          line_item_in_the_relevant_invoice: invoice.lineItem,
          fiscal_year_of_the_relevant_invoice: invoice.fiscalYear,
          open_amount: formatMinorUnits(invoice.openAmount, 2),
          amount_to_process: '0.01',
          currency_key: 'USD',
          reason_code: 'PP',
          comment: '',
        })),
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
        failures.push(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
        continue;
      }
      posted++;
      latencies?.push(elapsed);
      for (const invoice of payer.invoices) invoice.openAmount -= 1n;
    }
  } finally {
    client.close();
  }
  return posted;
}

async function main() {
  log(`Preparing ${databaseUrl}: a fresh ledger of 30,000 documents and ${payerCount} payers with a saved e-check…`);
  await recreateDatabase(databaseUrl);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await seedLedger(database.db, { documents: 30_000, asOf: new Date() });
  const prepared = await preparePayers(database.db);
  const server = await startServer();
  try {
    const signIn = httpClient(server.port, 1);
    const payers: Payer[] = [];
    for (const payer of prepared) {
      const answer = await signIn.send({
        method: 'POST',
        path: '/api/token/login',
        body: { login: payer.login, password: benchPassword },
      });
      payers.push({ ...payer, token: (JSON.parse(answer.body.toString()) as { token: string }).token });
    }
    signIn.close();

    const warmupFailures: string[] = [];
    const warmupEnd = performance.now() + 2_000;
    await Promise.all(payers.map((payer) => payLoop(server.port, payer, warmupEnd, null, warmupFailures)));
    const [before] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.messageType, 'S'));
    const commits = async () => {
      const rows = await database.db.execute<{ n: string }>(
        sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
      );
      return Number((rows as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
    };
    const commitsBefore = await commits();

    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    const counts = await Promise.all(
      payers.map((payer) => payLoop(server.port, payer, started + seconds * 1000, latencies, failures)),
    );
    const elapsed = (performance.now() - started) / 1000;
    // Every statement outside a transaction commits on its own: commits per payment ≈ round trips that commit.
    const commitsPerPayment = round((await commits()) - commitsBefore, 0);
    const [after] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.messageType, 'S'));
    latencies.sort((a, b) => a - b);
    const answered = counts.reduce((sum, count) => sum + count, 0);
    const inLedger = Number(after!.n) - Number(before!.n);
    const figures = {
      payers: payers.length,
      invoicesPerPayment,
      seconds: round(elapsed, 1),
      payments: answered,
      paymentsPerSecond: Math.round(answered / elapsed),
      p50: round(percentile(latencies, 0.5), 1),
      p95: round(percentile(latencies, 0.95), 1),
      p99: round(percentile(latencies, 0.99), 1),
      failures: failures.length + warmupFailures.length,
      ...(failures[0] || warmupFailures[0] ? { firstFailure: failures[0] ?? warmupFailures[0] } : {}),
      postedInLedger: inLedger,
      databaseCommitsPerPayment: round(commitsPerPayment / Math.max(1, answered), 1),
    };
    log('');
    log(
      `  payments per second (${payers.length} payers, 10 invoices each)   ${String(figures.paymentsPerSecond).padStart(8)}   target ≥ 500     ${figures.paymentsPerSecond >= 500 ? 'met' : 'NOT MET'}`,
    );
    log(
      `  p95 latency of a payment (ms)                          ${String(figures.p95).padStart(8)}   target ≤ 20      ${figures.p95 <= 20 ? 'met' : 'NOT MET'}`,
    );
    log(`  p50 / p99 (ms)                                         ${String(figures.p50).padStart(8)} / ${figures.p99}`);
    log(
      `  answered posted = posted in the ledger                 ${answered} = ${inLedger}   ${answered === inLedger ? 'ok' : 'MISMATCH'}`,
    );
    log(`  failures                                               ${figures.failures}`);
    log(`  database commits per payment                           ${figures.databaseCommitsPerPayment}`);
    log(JSON.stringify({ bench: 'payments', ...figures }));
  } finally {
    await server.stop();
    await database.close();
  }
}

await main();
