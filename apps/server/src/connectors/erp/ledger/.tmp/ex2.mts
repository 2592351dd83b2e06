import { openDatabase } from '../../../../db/client';
import { createLedgerConnector } from '../ledger-connector';
import { drizzle } from 'drizzle-orm/pglite';
const database = await openDatabase({ kind: 'pglite', dataDir: '/tmp/ledgertry/big' });
const client = (database.db as unknown as { $client: { query: (q: string, p?: unknown[]) => Promise<unknown> } })
  .$client;
const orig = client.query.bind(client);
client.query = async (q: string, p?: unknown[]) => {
  const t = performance.now();
  const r = await orig(q, p);
  process.stdout.write(`  sql ${(performance.now() - t).toFixed(0)}ms ${q.slice(0, 60).replace(/\s+/g, ' ')}\n`);
  return r;
};
const erp = createLedgerConnector(database.db, { now: () => new Date('2026-03-15T00:00:00Z') });
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await erp.searchDocuments({
    payer_data: { customer_number: '100001', company_code: '1000' },
    soldto_data: [],
    search_parameters: { status: '01' },
  });
  process.stdout.write(`total ${(performance.now() - t).toFixed(0)}ms\n`);
}
await database.close();
void drizzle;
