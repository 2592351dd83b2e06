// npm run seed:large -- --documents 1000000 [--customers 10000] [--payer-all-documents 100000]
//   [--database-url postgres://...] [--data-dir path] [--as-of YYYY-MM-DD] [--reset]
// Loads the demo ledger generator at another size, for performance work. Customers and the payer-all group's
// documents follow from --documents (ledgerShape in seed.ts) unless given. Without --database-url it writes the
// embedded database (default: the repository's ./data; a relative --data-dir is taken from the repository root,
// because npm runs workspace scripts inside apps/server). Settings come from flags only: config.ts is the one
// reader of the environment.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrationsFolder, openDatabase, type DatabaseOptions } from '../../../db/client';
import { ledgerShape, seedLedger } from './seed';
import { seedPaymentHistory } from './seed-payment-history';

const usage =
  'Usage: npm run seed:large -- --documents 1000000 [--customers 10000] [--payer-all-documents 100000] ' +
  '[--database-url postgres://...] [--data-dir path] [--as-of YYYY-MM-DD] [--reset]\n';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(2);
}

function wholeNumber(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) fail(`${flag} must be a whole number.`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      documents: { type: 'string', default: '1000000' },
      customers: { type: 'string' },
      'payer-all-documents': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'as-of': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  const documents = Number(values.documents);
  if (!Number.isInteger(documents) || documents < 1) fail('--documents must be a positive whole number.');
  const shape = { ...ledgerShape(documents) };
  if (values.customers !== undefined) shape.customers = wholeNumber('--customers', values.customers);
  if (values['payer-all-documents'] !== undefined)
    shape.payerAllDocuments = wholeNumber('--payer-all-documents', values['payer-all-documents']);
  const asOf = values['as-of'] ? new Date(`${values['as-of']}T00:00:00Z`) : new Date();
  if (Number.isNaN(asOf.getTime())) fail('--as-of must be a date YYYY-MM-DD.');

  const repositoryRoot = path.resolve(migrationsFolder(), '..', '..');
  const options: DatabaseOptions = values['database-url']
    ? { kind: 'postgres', url: values['database-url'] }
    : { kind: 'pglite', dataDir: path.resolve(repositoryRoot, values['data-dir'] ?? 'data') };
  const target = options.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${options.dataDir}`;
  const shapeText =
    `${shape.customers ?? 'demo rule:'} customers, ` +
    `${shape.payerAllDocuments ?? 'drawn:'} documents in the payer-all group`;
  process.stdout.write(
    `Seeding ${documents} documents (${shapeText}) into ${target} (as of ${asOf.toISOString().slice(0, 10)})\n`,
  );

  const database = await openDatabase(options);
  const started = Date.now();
  let reported = 0;
  try {
    const result = await seedLedger(database.db, {
      documents,
      ...shape,
      asOf,
      reset: values.reset,
      onProgress: (inserted) => {
        if (inserted - reported >= 100_000 || inserted === documents) {
          reported = inserted;
          process.stdout.write(`  ${inserted} documents, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
        }
      },
    });
    const history = await seedPaymentHistory(database.db, { asOf });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Done in ${seconds} s: ${result.documents} documents, ${result.invoiceItems} invoice items, ` +
        `${result.customers} customers (payer-all group: ${result.payerAllDocuments} documents), ` +
        `${result.accountBalances} account balances, ${history.payments} portal payments ` +
        `(${history.declined} declined attempts).\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
