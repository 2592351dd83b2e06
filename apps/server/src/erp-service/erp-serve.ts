// npm run erp:serve -- [--port 4100] [--host 127.0.0.1] [--demo] [--without recordDisputeCase]: the built-in ledger
// served over the ERP contract as a process of its own (issue 28), on its own database (DATA_DIR or DATABASE_URL, as
// the portal), requiring ERP_TOKEN of its callers. --demo seeds the demo ledger into an empty database (the same
// documents, for the same start day, as the portal's own demo). --without (repeatable) answers 501 for an optional
// operation: an ERP that keeps no dispute cases (issue 39), for a portal or the conformance kit to meet.
import { parseArgs } from 'node:util';
import process from 'node:process';
import path from 'node:path';
import { callerDirectory, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLedgerConnector } from '../connectors/erp/ledger/ledger-connector';
import { seedLedger } from '../connectors/erp/ledger/seed';
import { seedPaymentHistory } from '../connectors/erp/ledger/seed-payment-history';
import { readSetting, writeSetting } from '../modules/system/app-settings.repository';
import { demoDocumentCount } from '../seed-demo';
import type { Db } from '../db/client';
import { buildErpService, optionalErpOperations } from './erp-service';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      demo: { type: 'boolean', default: false },
      without: { type: 'string', multiple: true, default: [] },
    },
  });
  const without = values.without.map((name) => {
    const optional = optionalErpOperations.find((candidate) => candidate === name);
    if (!optional)
      throw new Error(`--without ${name}: the optional operations are ${optionalErpOperations.join(', ')}`);
    return optional;
  });
  const config = loadConfig();
  if (!config.ERP_TOKEN) throw new Error('Set ERP_TOKEN: the bearer token callers of the ERP contract must send.');
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL } // npm runs workspace scripts inside apps/server: a relative DATA_DIR is the caller's.
      : { kind: 'pglite', dataDir: path.resolve(callerDirectory(), config.DATA_DIR) },
  );
  if (values.demo) await seedDemoLedger(database.db);
  const erp = createLedgerConnector(database.db, { pdfUnicodeFont: config.PDF_UNICODE_FONT });
  const app = await buildErpService({
    erp,
    without,
    db: database.db,
    token: config.ERP_TOKEN,
    logger: { level: config.LOG_LEVEL },
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: Number(values.port), host: values.host });
  app.log.info({ url: `http://${values.host}:${values.port}`, database: database.kind, without }, 'erp service ready');
}

async function seedDemoLedger(db: Db): Promise<void> {
  if (await readSetting(db, 'demo_seeded_at')) return;
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await seedLedger(db, { documents: demoDocumentCount, asOf: day });
  await seedPaymentHistory(db, { asOf: day });
  await writeSetting(db, 'demo_seeded_at', day.toISOString());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
