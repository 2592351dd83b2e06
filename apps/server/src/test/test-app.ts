// Builds the real app on a fresh, migrated database for one test file: in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the API tests both ways). With TEST_ERP=http
// the portal reaches the ERP (the built-in ledger, or the test's own connector) over the ERP contract: the reference
// ERP service listens on a port of its own, on the same database, and the portal has ERP_URL (issue 28). With
// TEST_TRANSPORT=http the portal itself listens and every `app.inject` is sent over a socket (issue 35).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, logSerializers, redactedPaths } from '../app';
import type { AddressInfo } from 'node:net';
import { loadConfig, testDatabaseUrl, testErpOverHttp, testGateway, testOverSocket, type Config } from '../config';
import { startStripeDouble, type StripeDouble } from '../connectors/gateway/stripe/double/stripe-double';
import { createLedgerConnector } from '../connectors/erp/ledger/ledger-connector';
import { buildErpService } from '../erp-service/erp-service';
import type { ErpConnector } from '../connectors/erp/erp-connector';
import { dumpPglite, migrationsFolder, openDatabase, type Database } from '../db/client';
import { seedLedger } from '../connectors/erp/ledger/seed';
import { seedDemoUsers } from '../seed-demo';
import { createLogCapture, dumpDatabase, findSensitiveData, secretsByValue } from './sensitive-data-scan';
import { injectOverSocket } from './socket-inject';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The settings the config was loaded from (a second instance starts from them). */
  settings: Parameters<typeof loadConfig>[0];
  clock: TestClock;
  /** The server log lines written so far (JSON), for tests that look at what was logged. */
  logLines: string[];
  /** The Stripe test double this portal talks to, when its provider is Stripe (TEST_GATEWAY=stripe or `gateway`). */
  stripeDouble: StripeDouble | null;
  close: () => Promise<void>;
};

/** The webhook signing secret of the test portals with Stripe (their double signs with it). */
export const testStripeWebhookSecret = 'whsec_test_portal';

export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function createClock(start = new Date('2026-11-02T09:00:00Z')): TestClock {
  let offset = 0;
  return { now: () => new Date(start.getTime() + offset), advance: (ms) => (offset += ms) };
}

export async function createTestApp(
  options: {
    demoUsers?: boolean;
    /** Seed the built-in ledger with this many documents (relative to the test clock's day). */
    ledgerDocuments?: number;
    settings?: Parameters<typeof loadConfig>[0];
    /** Replace the ERP (e.g. wrap the ledger to answer a warning); default: the built-in ledger. */
    erp?: (db: Database['db'], now: () => Date) => ErpConnector;
    /** Registers more routes before the app is ready (a throwaway route that a test needs, e.g. with an apiKeyScope). */
    beforeReady?: BeforeReady;
    /** `inject` over a real socket whatever TEST_TRANSPORT says (a test about what only a socket shows). */
    overSocket?: boolean;
    /** The payment provider; default TEST_GATEWAY (the sandbox unless it says stripe). */
    gateway?: 'sandbox' | 'stripe';
  } = {},
): Promise<TestApp> {
  const serverUrl = testDatabaseUrl();
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    database = await openDatabase({ kind: 'pglite', from: await migratedPglite() });
  }
  const clock = createClock();
  if (options.ledgerDocuments) {
    await seedLedger(database.db, { documents: options.ledgerDocuments, asOf: clock.now() });
  }
  if (options.demoUsers ?? true) await seedDemoUsers(database.db);
  // Fixed settings so that the tests do not depend on the caller's environment.
  const settings = {
    LOG_LEVEL: 'silent',
    // Every answer of every API test is checked against its contract and against zod's serialisation.
    RESPONSE_CHECK: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent',
    ACCESS_TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123',
    CONFIG_ENCRYPTION_KEY: 'test-config-key-test-config-key-0123456',
    // Not watched: two test files at a time on two cores block a loop for seconds now and then, and /api/ready would
    // turn 503 under tests that do not look at it (event-loop-watch.test.ts does).
    EVENT_LOOP_BLOCKED_MS: '0',
    ...options.settings,
  };
  let erp = options.erp?.(database.db, clock.now);
  let erpService: FastifyInstance | undefined;
  if (testErpOverHttp()) {
    const token = randomBytes(24).toString('base64url');
    erpService = await buildErpService({
      erp: erp ?? createLedgerConnector(database.db, { now: clock.now }),
      db: database.db,
      token,
    });
    await erpService.listen({ port: 0, host: '127.0.0.1' });
    const { port } = erpService.server.address() as AddressInfo;
    // The configuration asked on every use: tests change it in the database and expect the next call to see it.
    Object.assign(settings, {
      ERP_URL: `http://127.0.0.1:${port}`,
      ERP_TOKEN: token,
      ERP_CONFIGURATION_CACHE_SECONDS: '0',
      ...options.settings,
    });
    erp = undefined;
  }
  // Issue 36: Stripe against a test double of its own (Stripe's wire protocol on a loopback port). Its events go to
  // this portal's webhook once the portal listens (setWebhook below); tests process the inbox themselves.
  const stripeDouble =
    (options.gateway ?? testGateway()) === 'stripe'
      ? await startStripeDouble({ port: 0, webhookSecret: testStripeWebhookSecret, processingSettleMs: 0 })
      : null;
  if (stripeDouble)
    Object.assign(settings, {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_WEBHOOK_SECRET: testStripeWebhookSecret,
      STRIPE_API_URL: stripeDouble.url,
      ...options.settings,
    });
  const config = loadConfig(settings, [], {});
  const { app, logs, closeClient } = await startServer(config, database.db, clock, {
    erp,
    beforeReady: options.beforeReady,
    overSocket: options.overSocket,
  });
  return {
    app,
    database,
    config,
    settings,
    clock,
    logLines: logs.lines,
    stripeDouble,
    close: async () => {
      // The security scan over this file's database and log (see sensitive-data-scan.ts).
      const findings = [
        ...findSensitiveData(await dumpDatabase(database.db), 'database', secretsByValue()),
        ...findSensitiveData(logs.lines, 'server log', secretsByValue()),
      ];
      app.ctx.mail.close();
      await closeClient();
      await app.close();
      await erpService?.close();
      await stripeDouble?.close();
      await database.close();
      await dropDatabase?.();
      if (findings.length > 0)
        throw new Error(`Sensitive data found at rest or in logs:\n${JSON.stringify(findings, null, 2)}`);
    },
  };
}

/**
 * A second portal process on the same database (issue 16: limits counted across instances): its own app, clock and
 * settings (give both REDIS_URL to share the keyed limits). Close it before the first.
 */
export async function addInstance(
  first: TestApp,
  settings: Parameters<typeof loadConfig>[0] = {},
  beforeReady?: BeforeReady,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const config = loadConfig({ ...first.settings, ...settings }, [], {});
  const { app, logs, closeClient } = await startServer(config, first.database.db, first.clock, { beforeReady });
  return {
    app,
    close: async () => {
      app.ctx.mail.close();
      await closeClient();
      await app.close();
      const findings = findSensitiveData(logs.lines, 'server log', secretsByValue());
      if (findings.length > 0) throw new Error(`Sensitive data in logs:\n${JSON.stringify(findings, null, 2)}`);
    },
  };
}

type BeforeReady = (app: FastifyInstance) => void | Promise<void>;

let migrated: Promise<Blob> | undefined;
/**
 * An empty embedded database with every migration applied: each test's database starts as a copy of it (the
 * migrations still run, and find nothing to do), a fraction of a second less per test app. Made once per machine and
 * set of migrations: kept in the system's temporary folder under the migrations' digest, so that every test file
 * (each runs in a module scope of its own) and every worker reads the same copy.
 */
function migratedPglite(): Promise<Blob> {
  migrated ??= (async () => {
    const folder = migrationsFolder();
    const digest = createHash('sha256');
    for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isFile()) digest.update(name).update(readFileSync(file));
    }
    const cached = path.join(os.tmpdir(), `portal-test-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(cached)) return new Blob([readFileSync(cached)]);
    const database = await openDatabase({ kind: 'pglite' });
    const dump = await dumpPglite(database.db);
    await database.close();
    // Written whole under another name, then renamed: a reader never sees half a file.
    const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cached);
    return dump;
  })();
  return migrated;
}

/**
 * The app of a test, logged to memory at debug level with the production redaction, so that the security scan
 * (close) reads what a real server would have written.
 */
async function startServer(
  config: Config,
  db: Database['db'],
  clock: TestClock,
  options: { erp?: ErpConnector; beforeReady?: BeforeReady; overSocket?: boolean } = {},
) {
  const logs = createLogCapture();
  const overSocket = options.overSocket || testOverSocket();
  const app = await buildApp({
    config: { ...config, SANDBOX_GATEWAY_SLOW_ANSWER_MS: 20 },
    db,
    now: clock.now,
    logger: { level: 'debug', redact: redactedPaths, serializers: logSerializers, stream: logs.stream },
    erp: options.erp,
    // Over a socket every test client connects from the loopback and names the address it plays (remoteAddress).
    ...(overSocket ? { trustProxy: '127.0.0.1' } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  // TEST_TRANSPORT=http: the app listens and `inject` goes over the socket (issue 35).
  const closeClient = overSocket ? await injectOverSocket(app) : async () => {};
  return { app, logs, closeClient };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Signs in through the API and returns the bearer token and the refresh cookie. */
export async function signInAs(app: FastifyInstance, login: string, password = 'Portal-Demo-2026') {
  const response = await app.inject({ method: 'POST', url: '/api/token/login', payload: { login, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'portal_rt');
  if (!cookie) throw new Error('no refresh cookie');
  return { token: (response.json() as { token: string }).token, refreshCookie: cookie.value };
}
