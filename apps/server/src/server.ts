// Starts the portal: settings, database (embedded by default), migrations, demo data, listen, graceful shutdown.
// With more than one worker (--workers N, WEB_CONCURRENCY; one per core on PostgreSQL), this process is the
// cluster's primary: it migrates and seeds once, then forks the workers, which share the port; each worker is a
// whole portal (the jobs too: their rows are leased with SKIP LOCKED, so each runs once).
import cluster from 'node:cluster';
import process from 'node:process';
import { buildApp, erpConnectorOf } from './app';
import type { HttpErpConnector } from './connectors/erp/http/http-erp-connector';
import { describeSettings, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { startMailOutbox } from './jobs/mail-outbox';
import { startPaymentReconciler } from './jobs/payment-reconciler';
import { startWebhookOutbox } from './jobs/webhook-outbox';
import { startGatewayInbox } from './jobs/gateway-inbox';
import { seedStripeDemoMethods } from './connectors/gateway/stripe/seed-stripe-demo-methods';
import { startScheduler } from './jobs/scheduler';
import { readOrCreateKeyFile } from './modules/system/config-secrets';
import { seedDemo } from './seed-demo';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${describeSettings()}\n`);
    return;
  }
  const config = loadConfig({}, argv);
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const database = await open(config);
  const app = await buildApp({
    config,
    db: database.db,
    // The embedded default keeps its configuration key beside its data, outside the database it protects.
    encryptionKey: config.embedded ? readOrCreateKeyFile(config.DATA_DIR) : undefined,
  });
  // A cluster's primary has seeded already (one seeding, not one per worker).
  if (config.demoSeed && cluster.isPrimary)
    await seedDemo(database.db, app.log, new Date(), config.ERP_URL ? app.ctx.erp : undefined);
  // Issue 36: with Stripe in test mode the demo payer's methods are made at Stripe (its test methods).
  if (config.demoSeed && cluster.isPrimary) await seedStripeDemoMethods(app.ctx, app.log, new Date());
  const stopReconciler = startPaymentReconciler(app.ctx, app.log);
  const stopMailOutbox = startMailOutbox(app.ctx, app.log);
  const stopWebhookOutbox = startWebhookOutbox(app.ctx, app.log);
  const stopScheduler = startScheduler(app.ctx, app.log);
  const stopGatewayInbox = startGatewayInbox(app.ctx, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await stopReconciler();
    await stopMailOutbox();
    await stopWebhookOutbox();
    await stopScheduler();
    await stopGatewayInbox();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { url: config.PUBLIC_URL, database: database.kind, worker: cluster.worker?.id ?? null },
    cluster.isPrimary ? 'portal ready' : 'worker ready',
  );
}

function open(config: Config) {
  return openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          onIdleError: (error) => process.stderr.write(`database connection lost: ${error.message}\n`),
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
}

/** A log line in the workers' format (pino's JSON), for the few things the primary says. */
function say(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
}

/**
 * The cluster's primary: migrations and demo data once, then the workers. A worker that dies is replaced (after a
 * pause that grows while they keep dying); SIGTERM or SIGINT is passed on, and the primary exits when all have
 * finished their requests in flight.
 */
async function runPrimary(config: Config): Promise<void> {
  const database = await open(config);
  if (config.demoSeed) {
    const { default: pino } = await import('pino');
    // With ERP_URL the demo payer's methods are saved in the ERP, over the contract (issue 28).
    const erp = config.ERP_URL ? erpConnectorOf(config, database.db, () => new Date()) : undefined;
    await seedDemo(database.db, pino({ level: config.LOG_LEVEL }), new Date(), erp);
    if (erp && 'close' in erp) await (erp as HttpErpConnector).close();
  }
  await database.close();

  let stopping = false;
  let restartDelayMs = 500;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    say('error', 'worker exited: starting another', { worker: worker.id, code, signal, inMs: restartDelayMs });
    setTimeout(fork, restartDelayMs).unref();
    restartDelayMs = Math.min(restartDelayMs * 2, 30_000);
  });
  cluster.on('listening', () => {
    restartDelayMs = 500;
  });
  for (let index = 0; index < config.workers; index++) fork();
  say('info', 'portal ready', { url: config.PUBLIC_URL, database: 'postgres', workers: config.workers });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say('info', 'shutting down the workers', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
