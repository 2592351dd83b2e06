// npm run bench:users [-- --database-url postgres://...] [--users 100000] [--seconds 10]
// The user search of issue 14 on PostgreSQL through real HTTP on loopback: 100,000 users with linked accounts, an
// administrator searching the list (GET /api/users: status, then login, name, company, e-mail and account number
// fragments) at 10 connections. Target: p95 ≤ 50 ms. The users are built once and kept while their count is right.
// Not part of npm test or CI: machines differ, so these are measurements.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rolePermissions } from '@portal/contracts';
import { openDatabase } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import type { Verdict } from '../lib/report';
import { portalEntry, startProcess } from '../lib/servers';
import { httpClient, round, runLoad, type HttpCall } from '../invoices/http-load';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_users' },
    users: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
  },
});
const databaseUrl = values['database-url'];
const userCount = Number(values.users);
const loadSeconds = Number(values.seconds);
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!['127.0.0.1', 'localhost', '::1'].includes(new URL(databaseUrl).hostname)) {
  process.stderr.write('The benchmark runs on a local PostgreSQL only.\n');
  process.exit(2);
}

const adminLogin = 'bench-admin@example.com';
const adminPassword = 'bench users search quietly 2026';

async function ensureDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** 100,000 users (names, companies and e-mails from small word lists, 1-3 linked accounts each) and one admin. */
async function prepareUsers(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const { db } = database;
    const counted = await db.execute(sql`select count(*)::int as n from portal.users`);
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (n >= userCount + 1) {
      log(`${n} users already there`);
      return;
    }
    log(`building ${userCount} users…`);
    const started = performance.now();
    await db.execute(sql`truncate portal.users restart identity cascade`);
    await db.execute(sql`
      insert into portal.users (login, email, first_name, last_name, company, status, user_role, primary_account_type_id, permissions)
      select 'user' || g || '@' || (array['acme','globex','initech','umbrella','hooli','stark','wayne','wonka'])[1 + g % 8] || '.example',
             'user' || g || '@' || (array['acme','globex','initech','umbrella','hooli','stark','wayne','wonka'])[1 + g % 8] || '.example',
             (array['Anna','Bruno','Chiara','Dmitri','Elena','Farid','Greta','Hiro','Ines','Jonas'])[1 + g % 10],
             (array['Meyer','Rossi','Dubois','Ivanov','Tanaka','Silva','Garcia','Smith','Novak','Berg'])[1 + (g / 10) % 10] || g,
             (array['Acme','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Wonka'])[1 + g % 8] || ' ' || (g % 997),
             (array['active','active','active','active','active','active','deactivated','locked'])[1 + g % 8],
             'user', 'Payer', '{CanMakePayment}'::text[]
      from generate_series(1, ${userCount}) g`);
    await db.execute(sql`
      insert into portal.user_accounts (user_id, primary_account, account_type, company_code, sales_organization, distribution_channel, division)
      select u.user_id, lpad((100000 + (u.user_id * 7 + k) % 900000)::text, 10, '0'), 'both', '1000', '1000', '10', '00'
      from portal.users u cross join generate_series(0, 2) k
      where k <= u.user_id % 3`);
    const hash = await hashPassword(adminPassword);
    await db.execute(sql`
      insert into portal.users (login, email, first_name, last_name, company, user_role, primary_account_type_id, permissions, password_hash)
      values (${adminLogin}, ${adminLogin}, 'Bench', 'Admin', 'Bench', 'admin', 'Payer',
        ${`{${rolePermissions.admin.join(',')}}`}::text[], ${hash})`);
    await db.execute(sql`analyze portal.users`);
    await db.execute(sql`analyze portal.user_accounts`);
    log(`built in ${round((performance.now() - started) / 1000, 1)} s`);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  await prepareUsers();
  const server = await startProcess(portalEntry, [databaseUrl]);
  const port = server.port;
  try {
    const client = httpClient(port, 1);
    const login = await client.send({
      method: 'POST',
      path: '/api/token/login',
      body: { login: adminLogin, password: adminPassword },
    });
    client.close();
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.body.toString()}`);
    const token = (JSON.parse(login.body.toString()) as { token: string }).token;
    // What an administrator types: a status page, then fragments of a login, a last name, a company, an e-mail
    // domain and an account number (the web sends each 400 ms after the last key).
    const searches = ['', 'user4711', 'rossi', 'umbrella 5', 'wonka.example', '0000345', 'ines', 'no-such-person'];
    const call = (sequence: number): HttpCall => {
      const search = searches[sequence % searches.length]!;
      const query = new URLSearchParams({
        status: sequence % 3 === 0 ? 'all' : 'active',
        ...(search ? { search } : {}),
      });
      return { method: 'GET', path: `/api/users?${query}`, token };
    };
    // Each search alone on one connection first: which one costs what.
    for (const [index, search] of searches.entries()) {
      const alone = await runLoad({
        port,
        connections: 1,
        call: (sequence) => call(index + sequence * searches.length),
        warmupSeconds: 0.3,
        maxRequests: 200,
        maxSeconds: 1,
      });
      log(`  alone ${JSON.stringify(search).padEnd(18)} p50 ${round(alone.p50, 1)} ms   p95 ${round(alone.p95, 1)} ms`);
    }
    const result = await runLoad({
      port,
      connections: 10,
      call,
      warmupSeconds: 2,
      maxRequests: 100_000,
      maxSeconds: loadSeconds,
    });
    const met = result.p95 <= 50 && result.errors === 0;
    log(
      `\nUser search, ${userCount} users, 10 connections, ${result.requests} requests in ${round(result.seconds, 1)} s`,
    );
    log(
      `  p50 ${round(result.p50, 1)} ms   p95 ${round(result.p95, 1)} ms   p99 ${round(result.p99, 1)} ms   ${round(result.perSecond, 0)} req/s   errors ${result.errors}`,
    );
    log(
      `  p95 target ≤ 50 ms: ${met ? 'met' : 'NOT MET'}${result.firstError ? `   first error: ${result.firstError}` : ''}`,
    );
    const verdicts: Verdict[] = [
      {
        label: `user search mix p95, ${userCount} users, 10 connections`,
        value: `${round(result.p95, 1)} ms`,
        target: '≤ 50 ms',
        met,
      },
      { label: 'user search mix, requests per second', value: `${result.perSecond}/s`, target: '—', met: null },
    ];
    log(JSON.stringify({ bench: 'users', users: userCount, ...result, verdicts }));
  } finally {
    await server.stop();
  }
}

await main();
