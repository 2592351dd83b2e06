// npm run bench:payments [-- --database-url postgres://postgres@127.0.0.1:5432/portal_bench_payments] [--seconds 10]
//   [--payers 8]
// Issue 5's payment target on PostgreSQL through real HTTP on loopback: 8 payers pay concurrently, each payment
// settling 10 invoices (POST /api/invoice/payments with an Idempotency-Key, the sandbox gateway charging an
// e-check, the ledger posting with the intent's completion). Each payer's loop pays five cents on each of its 10
// invoices (a partial payment, reason PP), so the same invoices carry thousands of payments and every request
// brings the open amounts the ledger holds (as the pay page does). Prints payments/s and p95 beside the targets,
// checks that every answered payment is in the ledger once, and one JSON line. Not part of npm test or CI.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { seedLedger } from '../../apps/server/src/connectors/erp/ledger/seed';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { companyCodes, documents, payments } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { httpClient, percentile, round } from '../invoices/http-load';
import { describeProfile, summariseProfile, type ProfileSummary } from '../lib/cpu-profile';
import { recreateDatabase, saveBenchCard, saveBenchEcheck, saveBenchSandboxCard } from '../lib/bench-database';
import { confirmEntryLikeStripeJs } from '../../apps/server/src/connectors/gateway/stripe/stripe.test-helpers';
import {
  createStripeGateway,
  STRIPE_TOKEN_KEY_SETTING,
} from '../../apps/server/src/connectors/gateway/stripe/stripe-gateway';
import { readOrInitSetting } from '../../apps/server/src/modules/system/app-settings.repository';
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
import { benchPassword, ensureBenchUser } from '../invoices/prepare-bench-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_payments' },
    seconds: { type: 'string', default: '10' },
    payers: { type: 'string', default: '8' },
    // The throughput figures: the portal as this many cluster workers (default: one per core).
    workers: { type: 'string', default: String(os.availableParallelism()) },
    // Where the CPU profile of the payment route is written (summarised in the output).
    profiles: { type: 'string', default: path.join(os.tmpdir(), 'portal-bench-profiles') },
    // Experiment only: 'off' shows how much of the time is the WAL flush of each commit (never for production).
    'synchronous-commit': { type: 'string', default: 'on' },
    // Only the payment providers' comparison (issue 36), e.g. after a change to an adapter.
    'providers-only': { type: 'boolean', default: false },
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
  /** What this run pays with: the saved e-check by default; an American Express card for the provider comparison. */
  method?: { token: string; type: 'AMEX' | 'VISA' | 'MC' };
};

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
    const echeck = await saveBenchEcheck(db, candidate.payer, `55500${String(index + 1).padStart(4, '0')}`);
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

/** One payer's closed loop: pay five cents on each of its 10 invoices (50 cents: Stripe's minimum charge), with the open amounts the ledger now holds. */
async function payLoop(port: number, payer: Payer, until: number, latencies: number[] | null, failures: string[]) {
  const client = httpClient(port, 1);
  let posted = 0;
  try {
    while (performance.now() < until) {
      const body = {
        payer_data: { customer_number: payer.number, company_code: '1000' },
        soldto: { account_number: '' },
        payment_detail: payer.method
          ? {
              payment_card_token: payer.method.token,
              payment_card_type: payer.method.type,
              card_validation_code: payer.method.type === 'AMEX' ? '1234' : '123',
            }
          : { payment_card_token: payer.echeck, payment_card_type: 'EC' },
        documents: payer.invoices.map((invoice) => ({
          document_number_finance: invoice.documentNumberFinance,
          line_item_in_the_relevant_invoice: invoice.lineItem,
          fiscal_year_of_the_relevant_invoice: invoice.fiscalYear,
          open_amount: formatMinorUnits(invoice.openAmount, 2),
          amount_to_process: '0.05',
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
      for (const invoice of payer.invoices) invoice.openAmount -= 5n;
    }
  } finally {
    client.close();
  }
  return posted;
}

const { verdicts, report } = createReport(log);
const stripeDoubleEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../lib/stripe-double-server.ts');

async function signInAll(port: number, prepared: Omit<Payer, 'token'>[]): Promise<Payer[]> {
  const client = httpClient(port, 1);
  try {
    const payers: Payer[] = [];
    for (const payer of prepared) {
      const answer = await client.send({
        method: 'POST',
        path: '/api/token/login',
        body: { login: payer.login, password: benchPassword },
      });
      payers.push({ ...payer, token: (JSON.parse(answer.body.toString()) as { token: string }).token });
    }
    return payers;
  } finally {
    client.close();
  }
}

type Measured = {
  seconds: number;
  payments: number;
  paymentsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  firstFailure?: string;
  postedInLedger: number;
  databaseCommitsPerPayment: number;
  writeTransactionsPerPayment: number;
  cpuMsPerPayment: number;
  postgresCpuMsPerPayment: number;
};

/** The payers' loops for `loadSeconds` after 2 s of warm-up, with the CPU and the commits each payment cost. */
async function measurePayments(server: BenchProcess, payers: Payer[], db: Db, loadSeconds: number): Promise<Measured> {
  const warmupFailures: string[] = [];
  const warmupEnd = performance.now() + 2_000;
  await Promise.all(payers.map((payer) => payLoop(server.port, payer, warmupEnd, null, warmupFailures)));
  const postedCount = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.messageType, 'S'));
    return Number(row!.n);
  };
  const commits = async () => {
    const rows = await db.execute<{ n: string }>(
      sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
    );
    return Number((rows as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  };
  // A transaction gets an id only when it writes: the ids used during the load are the write transactions (the
  // commits that flush the WAL), where xact_commit also counts each read outside a transaction.
  const transactionId = async () => {
    const rows = await db.execute<{ n: string }>(sql`select pg_current_xact_id()::text as n`);
    return Number((rows as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  };
  const before = await postedCount();
  const commitsBefore = await commits();
  const idBefore = await transactionId();
  const postgres = postgresPids();
  const cpu = { server: cpuSince(server.pids), postgres: cpuSince(postgres) };
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const counts = await Promise.all(
    payers.map((payer) => payLoop(server.port, payer, started + loadSeconds * 1000, latencies, failures)),
  );
  const elapsed = (performance.now() - started) / 1000;
  const spent = { server: cpu.server(), postgres: cpu.postgres() };
  // Every statement outside a transaction commits on its own: commits per payment ≈ round trips that commit. The
  // reads of the counter, of the payments and of the transaction id are three more commits, not counted.
  const commitsDuring = (await commits()) - commitsBefore - 3;
  // The second look-up takes an id of its own.
  const writesDuring = (await transactionId()) - idBefore - 1;
  const inLedger = (await postedCount()) - before;
  latencies.sort((a, b) => a - b);
  const answered = counts.reduce((sum, count) => sum + count, 0);
  const per = Math.max(1, answered);
  return {
    seconds: round(elapsed, 1),
    payments: answered,
    paymentsPerSecond: Math.round(answered / elapsed),
    p50: round(percentile(latencies, 0.5), 1),
    p95: round(percentile(latencies, 0.95), 1),
    p99: round(percentile(latencies, 0.99), 1),
    failures: failures.length + warmupFailures.length,
    // The earliest failure says most (the later ones often follow from it).
    ...(failures[0] || warmupFailures[0] ? { firstFailure: warmupFailures[0] ?? failures[0] } : {}),
    postedInLedger: inLedger,
    databaseCommitsPerPayment: round(commitsDuring / per, 1),
    writeTransactionsPerPayment: round(writesDuring / per, 1),
    cpuMsPerPayment: round(spent.server / per, 2),
    postgresCpuMsPerPayment: round(spent.postgres / per, 2),
  };
}

/**
 * The statements of one payment of the first payer, as the portal sends them to PostgreSQL: the shorter of two
 * recordings, so that a refresh of the ERP configuration cache (every 10 s, nine statements) that falls on the
 * recorded payment does not weigh on every replay of the baseline.
 */
async function recordPayment(server: BenchProcess, payer: Payer): Promise<RecordedRoutes[string]> {
  const recordings: RecordedRoutes[string][] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    await server.ask({ type: 'record', on: true }, 'recording');
    const failures: string[] = [];
    // One payment: the loop stops at the first answer past `until`.
    await payLoop(server.port, payer, performance.now() + 5, null, failures);
    const { statements } = await server.ask<{ statements: RecordedRoutes[string] }>(
      { type: 'record', on: false },
      'recorded',
    );
    if (failures[0]) throw new Error(`the recorded payment failed: ${failures[0]}`);
    recordings.push(statements);
  }
  return recordings.sort((a, b) => a.length - b.length)[0]!;
}

/**
 * The ledger rows of the two recorded payments go again (their items, payment documents and rows), so
 * that the baseline's replays, which reuse its payment id and document number, write them as the payment did.
 * The payments bench's database is its own and made anew every run.
 */
async function forgetRecordedPayment(db: Db): Promise<void> {
  await db.execute(sql`WITH last AS (
      DELETE FROM ledger.payments WHERE id IN (SELECT id FROM ledger.payments ORDER BY id DESC LIMIT 2)
      RETURNING id, payment_document_id, credit_document_id
    ), items AS (DELETE FROM ledger.payment_items WHERE payment_id IN (SELECT id FROM last))
    DELETE FROM ledger.documents WHERE id IN (SELECT payment_document_id FROM last UNION SELECT credit_document_id FROM last)`);
}

/** The baseline replaying one payment's statements in `connections` closed loops. */
async function measureReplay(baseline: BenchProcess, connections: number, loadSeconds: number) {
  const client = httpClient(baseline.port, connections);
  try {
    const loop = async (until: number, latencies: number[] | null) => {
      let count = 0;
      while (performance.now() < until) {
        const started = performance.now();
        const answer = await client.send({ method: 'POST', path: '/replay/payment' });
        if (answer.status !== 200) throw new Error(`baseline replay: ${answer.status} ${answer.body.toString()}`);
        latencies?.push(performance.now() - started);
        count++;
      }
      return count;
    };
    const warmupEnd = performance.now() + 2_000;
    await Promise.all(Array.from({ length: connections }, () => loop(warmupEnd, null)));
    const postgres = postgresPids();
    const cpu = { server: cpuSince(baseline.pids), postgres: cpuSince(postgres) };
    const latencies: number[] = [];
    const started = performance.now();
    const counts = await Promise.all(
      Array.from({ length: connections }, () => loop(started + loadSeconds * 1000, latencies)),
    );
    const elapsed = (performance.now() - started) / 1000;
    const replays = Math.max(
      1,
      counts.reduce((sum, count) => sum + count, 0),
    );
    latencies.sort((a, b) => a - b);
    return {
      perSecond: Math.round(replays / elapsed),
      p95: round(percentile(latencies, 0.95), 1),
      cpuMsPerPayment: round(cpu.server() / replays, 2),
      postgresCpuMsPerPayment: round(cpu.postgres() / replays, 2),
    };
  } finally {
    client.close();
  }
}

async function profilePayments(server: BenchProcess, payers: Payer[]): Promise<ProfileSummary> {
  fs.mkdirSync(values.profiles, { recursive: true });
  const file = path.join(values.profiles, 'payment.cpuprofile');
  await server.ask({ type: 'profile', on: true }, 'profiling');
  const failures: string[] = [];
  const until = performance.now() + Math.min(seconds, 5) * 1000;
  await Promise.all(payers.map((payer) => payLoop(server.port, payer, until, null, failures)));
  await server.ask({ type: 'profile', on: false, file }, 'profiled');
  const summary = summariseProfile(file, 10);
  log(describeProfile(summary, '    '));
  return summary;
}

/** Cards that both providers approve without 3-D Secure (Stripe's test numbers), one per payer: a card is one account's. */
const benchCards = [
  { number: '4242424242424242', type: 'VISA' },
  { number: '4000056655665556', type: 'VISA' },
  { number: '5555555555554444', type: 'MC' },
  { number: '5200828282828210', type: 'MC' },
  { number: '5105105105105100', type: 'MC' },
  { number: '2223003122003222', type: 'MC' },
  { number: '378282246310005', type: 'AMEX' },
  { number: '371449635398431', type: 'AMEX' },
] as const;

/**
 * Issue 36: the Stripe adapter beside the sandbox. One portal process each, the same payers paying the same way
 * with a saved card, 3-D Secure off for the company code for both (so that the two charges compare): the sandbox's
 * charge is a statement in the portal's database, Stripe's an HTTP call through the official SDK to the test double
 * (its own process on loopback, Stripe's wire protocol). Target: the Stripe p95 within 1.2 times the sandbox's.
 */
async function compareProviders(db: Db, payers: Payer[]) {
  log('\nThe payment provider: the sandbox beside Stripe through its SDK against the test double (one process each)');
  if (payers.length > benchCards.length) throw new Error(`the provider comparison has ${benchCards.length} cards`);
  await db.update(companyCodes).set({ disable3ds: true }).where(eq(companyCodes.companyCode, '1000'));
  const sandboxPayers = [];
  for (const [index, payer] of payers.entries())
    sandboxPayers.push({
      ...payer,
      method: {
        token: await saveBenchSandboxCard(db, payer.number, benchCards[index]!),
        type: benchCards[index]!.type,
      },
    });
  const sandbox = await startProcess(portalEntry, [databaseUrl, '1']);
  let sandboxFigures: Measured;
  try {
    sandboxFigures = await measurePayments(sandbox, sandboxPayers, db, seconds);
    log(`    sandbox: ${describe(sandboxFigures)}`);
  } finally {
    await sandbox.stop();
  }

  const webhookSecret = 'whsec_bench';
  const double = await startProcess(stripeDoubleEntry, []);
  const apiUrl = `http://127.0.0.1:${double.port}`;
  const settings = {
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: apiUrl,
  };
  try {
    const stripePayers = [];
    const options = {
      secretKey: settings.STRIPE_SECRET_KEY,
      publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
      webhookSecret,
      apiUrl,
      timeoutMs: 30_000,
      // The key the portal reads at start: the tokens saved here are the ones it charges.
      tokenKey: await readOrInitSetting(db, STRIPE_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url')),
      merchantName: async () => 'Bench Supplier',
    };
    const gateway = createStripeGateway(db, options);
    for (const [index, payer] of payers.entries()) {
      const card = benchCards[index]!;
      const entry = await gateway.startEntry({
        payment_method: 'CC',
        merchant_reference: 'bench',
        language: 'en',
        payer: { payer_number: payer.number, company_code: '1000' },
      });
      // As Stripe.js confirms it in the payer's browser (the publishable key; the number goes to "Stripe" only).
      await confirmEntryLikeStripeJs(apiUrl, entry, { kind: 'card', number: card.number });
      const token = (await gateway.readEntry(entry.access_token))!.paymentcard!.payment_card_token;
      await saveBenchCard(db, payer.number, token, card.type);
      stripePayers.push({ ...payer, method: { token, type: card.type } });
    }
    const portal = await startProcess(portalEntry, [databaseUrl, '1'], [], {
      BENCH_SETTINGS: JSON.stringify(settings),
    });
    try {
      const doubleCpu = cpuSince(double.pids);
      const stripeFigures = await measurePayments(portal, stripePayers, db, seconds);
      log(`    stripe:  ${describe(stripeFigures)}`);
      // The double runs on this machine's cores beside the portal and PostgreSQL; Stripe's own work would not.
      const doubleMsPerPayment = round(doubleCpu() / Math.max(1, stripeFigures.payments), 2);
      log(
        `    the test double's CPU per payment (on the same cores, Stripe's own work in production): ${doubleMsPerPayment} ms`,
      );
      const ratio = round(stripeFigures.p95 / sandboxFigures.p95, 2);
      report(
        'p95 of a payment with Stripe (SDK → test double)',
        `${stripeFigures.p95} ms`,
        '≤ 1.2 × sandbox',
        ratio <= 1.2,
        { baseline: `sandbox ${sandboxFigures.p95} ms`, ratio },
      );
      report(
        'Stripe: answered posted = posted in the ledger',
        `${stripeFigures.payments} = ${stripeFigures.postedInLedger}`,
        'equal',
        stripeFigures.payments === stripeFigures.postedInLedger && stripeFigures.failures === 0,
      );
      return { sandbox: sandboxFigures, stripe: stripeFigures, ratio, doubleCpuMsPerPayment: doubleMsPerPayment };
    } finally {
      await portal.stop();
    }
  } finally {
    await double.stop();
  }
}

const describe = (figures: Measured) =>
  `${figures.payments} payments in ${figures.seconds} s (${figures.paymentsPerSecond}/s), p50 ${figures.p50} ms, ` +
  `p95 ${figures.p95} ms, p99 ${figures.p99} ms; CPU per payment: server ${figures.cpuMsPerPayment} ms, ` +
  `PostgreSQL ${figures.postgresCpuMsPerPayment} ms; ${figures.databaseCommitsPerPayment} commits per payment ` +
  `(${figures.writeTransactionsPerPayment} of them write transactions)` +
  `${figures.failures ? `; ${figures.failures} failures: ${figures.firstFailure}` : ''}`;

async function main() {
  log(`Preparing ${databaseUrl}: a fresh ledger of 30,000 documents and ${payerCount} payers with a saved e-check…`);
  await recreateDatabase(databaseUrl, [
    `synchronous_commit = ${values['synchronous-commit'] === 'off' ? 'off' : 'on'}`,
  ]);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const workers = Number(values.workers);
  const result: Record<string, unknown> = { payers: payerCount, invoicesPerPayment, workers };
  try {
    await seedLedger(database.db, { documents: 30_000, asOf: new Date() });
    const prepared = await preparePayers(database.db);
    if (values['providers-only']) {
      const signer = await startProcess(portalEntry, [databaseUrl, '1']);
      const signedIn = await signInAll(signer.port, prepared).finally(() => signer.stop());
      result.providers = await compareProviders(database.db, signedIn);
      log(JSON.stringify({ bench: 'payments', ...result, verdicts }));
      return;
    }

    // One process beside the baseline: what a payment costs the portal's Node and PostgreSQL.
    log('\nOne portal process, 8 payers: the cost of a payment beside the same statements run by bare Fastify + pg');
    const single = await startProcess(portalEntry, [databaseUrl, '1']);
    let payers: Payer[];
    try {
      payers = await signInAll(single.port, prepared);
      const alone = await measurePayments(single, payers, database.db, seconds);
      log(`    portal: ${describe(alone)}`);
      const statements = await recordPayment(single, payers[0]!);
      await forgetRecordedPayment(database.db);
      const statementsFile = path.join(os.tmpdir(), 'portal-bench-payment-statements.json');
      fs.writeFileSync(statementsFile, JSON.stringify({ payment: statements } satisfies RecordedRoutes));
      log(`    one payment sent ${statements.length} statements to PostgreSQL (the baseline replays them)`);
      const baseline = await startProcess(baselineEntry, [databaseUrl, '1', statementsFile]);
      let replay;
      try {
        replay = await measureReplay(baseline, payerCount, seconds);
      } finally {
        await baseline.stop();
      }
      log(
        `    baseline (same statements, bare Fastify + pg, rolled back: no commit, no foreign-key check): ${replay.perSecond}/s, p95 ` +
          `${replay.p95} ms; CPU per payment: server ${replay.cpuMsPerPayment} ms, PostgreSQL ${replay.postgresCpuMsPerPayment} ms`,
      );
      report('Node CPU per payment (1 process)', `${alone.cpuMsPerPayment} ms`, '≤ 3 ms', alone.cpuMsPerPayment <= 3, {
        baseline: `${replay.cpuMsPerPayment} ms`,
        ratio: round(alone.cpuMsPerPayment / replay.cpuMsPerPayment, 2),
      });
      report('statements per payment', String(statements.length), '—', null);
      const profile = await profilePayments(single, payers);
      Object.assign(result, {
        single: alone,
        statements: statements.length,
        baseline: replay,
        profiles: { payment: profile },
      });
    } finally {
      await single.stop();
    }

    // Every core: the throughput figures.
    log(`\nThe portal as ${workers} cluster workers, 8 payers paying 10 invoices each`);
    const cluster = await startProcess(portalEntry, [databaseUrl, String(workers)]);
    try {
      const figures = await measurePayments(cluster, payers, database.db, seconds);
      log(`    portal: ${describe(figures)}`);
      report(
        `payments per second (${workers} workers)`,
        `${figures.paymentsPerSecond}/s`,
        '≥ 500/s',
        figures.paymentsPerSecond >= 500,
      );
      report(`p95 of a payment (${workers} workers)`, `${figures.p95} ms`, '≤ 20 ms', figures.p95 <= 20);
      report(
        'database commits per payment',
        String(figures.databaseCommitsPerPayment),
        '≤ 5',
        figures.databaseCommitsPerPayment <= 5,
      );
      // Beside it, not instead of it: how many of those commits wrote (flushed the WAL).
      report('write transactions per payment', String(figures.writeTransactionsPerPayment), '—', null);
      report(
        'answered posted = posted in the ledger',
        `${figures.payments} = ${figures.postedInLedger}`,
        'equal',
        figures.payments === figures.postedInLedger && figures.failures === 0,
      );
      result.cores = figures;
    } finally {
      await cluster.stop();
    }
    result.providers = await compareProviders(database.db, payers!);
    log(JSON.stringify({ bench: 'payments', ...result, verdicts }));
  } finally {
    await database.close();
  }
}

await main();
