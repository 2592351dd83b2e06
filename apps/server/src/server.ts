// Starts the portal: settings, database (embedded by default), migrations, demo data, listen, graceful shutdown.
import process from 'node:process';
import { buildApp } from './app';
import { describeSettings, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startMailOutbox } from './jobs/mail-outbox';
import { startPaymentReconciler } from './jobs/payment-reconciler';
import { readOrCreateKeyFile } from './modules/system/config-secrets';
import { seedDemo } from './seed-demo';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${describeSettings()}\n`);
    return;
  }
  const config = loadConfig({}, argv);
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          onIdleError: (error) => process.stderr.write(`database connection lost: ${error.message}\n`),
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  const app = await buildApp({
    config,
    db: database.db,
    // The embedded default keeps its configuration key beside its data, outside the database it protects.
    encryptionKey: config.embedded ? readOrCreateKeyFile(config.DATA_DIR) : undefined,
  });
  if (config.demoSeed) await seedDemo(database.db, app.log);
  const stopReconciler = startPaymentReconciler(app.ctx, app.log);
  const stopMailOutbox = startMailOutbox(app.ctx, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await stopReconciler();
    await stopMailOutbox();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ url: config.PUBLIC_URL, database: database.kind }, 'portal ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
