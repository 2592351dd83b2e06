// How fast the ledger generator loads documents into an embedded database (in memory).
// Run: npx tsx bench/seed-ledger.bench.ts [--documents 50000]
import { openDatabase } from '../apps/server/src/db/client';
import { seedLedger } from '../apps/server/src/connectors/erp/ledger/seed';

const flag = process.argv.indexOf('--documents');
const documents = flag > 0 ? Number(process.argv[flag + 1]) : 20_000;

const database = await openDatabase({ kind: 'pglite' });
const started = performance.now();
const result = await seedLedger(database.db, { documents, asOf: new Date('2026-11-02T00:00:00Z') });
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    benchmark: 'seed-ledger (PGlite, in memory)',
    ...result,
    seconds: Number(seconds.toFixed(2)),
    documentsPerSecond: Math.round(result.documents / seconds),
    rssMiB: Math.round(process.memoryUsage().rss / 1_048_576),
  }),
);
await database.close();
