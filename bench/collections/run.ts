// npm run bench:collections [-- --database-url postgres://postgres@127.0.0.1:5432/postgres] [--documents 1000000]
//   [--customers 350000] [--reminded 10000] [--requests 200]
// Issue 38 on PostgreSQL over a real socket, on a ledger of --documents documents and --customers customers (payers
// and their sold-tos: 350,000 customers give about 100,000 accounts with open invoices):
// - the collections job's run: one stream of every open invoice, the worklist's rows of every account, the figures,
//   and the reminders of the --reminded accounts that have a customer user (one user each, linked in bulk) — each
//   reminder its own short transaction, never one across the outbox;
// - the worklist's first page (GET /api/collections/worklist: 50 accounts, oldest bucket first), p50 / p95 over
//   --requests calls, filtered and not, beside the bare keyset query of the same rows in SQL (the baseline).
// Prints each figure beside its target and one JSON line. Not part of npm test or CI.
import { parseArgs } from 'node:util';
import { defaultReminderRepeatDays, defaultReminderSteps } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { seedLedger } from '../../apps/server/src/connectors/erp/ledger/seed';
import { reminderSchedules } from '../../apps/server/src/db/schema';
import { runJob } from '../../apps/server/src/jobs/scheduler';
import { createTestApp, signInAs } from '../../apps/server/src/test/test-app';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    documents: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '350000' },
    reminded: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
  },
});
process.env.TEST_DATABASE_URL = values['database-url'];
process.env.TEST_TRANSPORT = 'http';
const documentCount = Number(values.documents);
const customerCount = Number(values.customers);
const remindedCount = Number(values.reminded);
const requestCount = Number(values.requests);

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function timed(count: number, call: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

/** The rows of db.execute, whichever driver answered (node-postgres gives { rows }). */
function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
function first<T>(result: unknown): T {
  return rows<T>(result)[0]!;
}

// A load of one client: the per-address API ceiling would answer 429 to the bench itself.
const t = await createTestApp({ overSocket: true, settings: { RATE_LIMIT_PER_MINUTE: '1000000' } });
try {
  const db = t.database.db;
  const started = performance.now();
  console.log(`ledger: seeding ${documentCount} documents over ${customerCount} customers…`);
  await seedLedger(db, { documents: documentCount, customers: customerCount, asOf: t.clock.now(), reset: true });
  console.log(`ledger seeded in ${round((performance.now() - started) / 1000)} s`);
  await db.execute(sql`ANALYZE ledger.documents`);
  const { accounts } = first<{ accounts: number }>(
    await db.execute(sql`
    SELECT count(DISTINCT (payer_number, company_code))::int AS accounts FROM ledger.documents
    WHERE document_status = '01' AND NOT item_is_a_payment AND open_amount > 0`),
  );

  // The default schedule, on, in every company code; one customer user for each of --reminded accounts that have an
  // invoice at a step today (the busiest case: each of them gets a reminder in this run).
  const companyCodes = rows<{ company_code: string }>(
    await db.execute(sql`SELECT company_code FROM ledger.company_codes`),
  );
  await db.insert(reminderSchedules).values(
    companyCodes.map((row) => ({
      companyCode: row.company_code,
      enabled: true,
      steps: defaultReminderSteps.map((step) => ({ ...step })),
      repeatEveryDays: defaultReminderRepeatDays,
      updatedAt: t.clock.now(),
    })),
  );
  const today = t.clock.now().toISOString().slice(0, 10);
  await db.execute(sql`
    WITH due AS (
      SELECT DISTINCT ON (d.payer_number) d.payer_number, d.company_code, c.sales_organization, c.distribution_channel,
        c.division
      FROM ledger.documents d JOIN ledger.customers c ON c.customer_number = d.payer_number
      WHERE d.document_status = '01' AND NOT d.item_is_a_payment AND d.open_amount > 0
        AND (${today}::date - d.due_date) IN (-7, 0, 7, 14, 30, 44, 58, 72, 86)
      ORDER BY d.payer_number LIMIT ${remindedCount}
    ), inserted AS (
      INSERT INTO portal.users (login, email, first_name, last_name, user_role, primary_account_type_id, status)
      SELECT 'bench-' || payer_number || '@example.com', 'bench-' || payer_number || '@example.com', 'Bench', payer_number,
        'user', 'Payer', 'active' FROM due
      RETURNING user_id, last_name
    )
    INSERT INTO portal.user_accounts (user_id, primary_account, company_code, sales_organization, distribution_channel,
      division)
    SELECT i.user_id, due.payer_number, due.company_code, due.sales_organization, due.distribution_channel, due.division
    FROM inserted i JOIN due ON due.payer_number = i.last_name`);
  // As autovacuum would after such a load: the recipients' query is planned on the users' real numbers.
  await db.execute(sql`ANALYZE portal.users`);
  await db.execute(sql`ANALYZE portal.user_accounts`);

  console.log('collections job: one run (stream, worklist, figures, reminders)…');
  const jobStart = performance.now();
  const summary = await runJob(t.app.ctx, 'collections');
  const jobSeconds = round((performance.now() - jobStart) / 1000);
  const { reminders, messages } = first<{ reminders: number; messages: number }>(
    await db.execute(sql`
    SELECT (SELECT count(*)::int FROM portal.reminders) AS reminders,
      (SELECT count(*)::int FROM portal.mail_outbox WHERE template LIKE 'reminder_%') AS messages`),
  );
  await db.execute(sql`ANALYZE portal.collection_accounts`);
  console.log(
    `collections job: ${jobSeconds} s for ${summary.accounts} accounts; ${reminders} reminders, ${messages} messages (target: 10,000 accounts' reminders, no transaction across the outbox)`,
  );

  const token = (await signInAs(t.app, 'admin@example.com')).token;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  await get('/api/collections/worklist');
  const firstPage = await timed(requestCount, () => get('/api/collections/worklist'));
  const byCompany = await timed(requestCount, () => get('/api/collections/worklist?company_code=1000'));
  const byBucket = await timed(requestCount, () => get('/api/collections/worklist?bucket=31-60'));
  const bare = await timed(requestCount, async () => {
    await db.execute(sql`
      SELECT * FROM portal.collection_accounts WHERE rank_bucket > 0
      ORDER BY rank_bucket DESC, rank_amount DESC, payer_number DESC, company_code DESC LIMIT 51`);
  });

  const result = {
    documents: documentCount,
    accounts,
    job: { seconds: jobSeconds, ...summary, reminders, messages },
    worklist: { first_page: firstPage, company_code: byCompany, bucket: byBucket, bare_keyset_sql: bare },
  };
  console.log(`accounts with open invoices: ${accounts}`);
  console.log(`worklist first page: p50 ${firstPage.p50} ms, p95 ${firstPage.p95} ms (target p95 ≤ 100 ms)`);
  console.log(`  by company code: p50 ${byCompany.p50} ms, p95 ${byCompany.p95} ms`);
  console.log(`  by bucket: p50 ${byBucket.p50} ms, p95 ${byBucket.p95} ms`);
  console.log(`  baseline, the bare keyset query in SQL: p50 ${bare.p50} ms, p95 ${bare.p95} ms`);
  console.log(JSON.stringify(result));
} finally {
  await t.close();
}
