// npm run ledger:import -- [--kind customers|documents|ubl] [--company-code 1000] files…
//   [--url https://portal.example.com] (with the API key in PORTAL_API_KEY or --key-file path)
//   [--database-url postgres://...] [--data-dir path] [--json]
// Imports files into the built-in ledger for cron jobs and file drops (issue 27 §2). Two ways:
// - with --url, through the portal's API with an API key of scope ledger:write (the portal may run anywhere; this is
//   the way for PGlite too, since an embedded database has one process);
// - without it, straight into the database (DATABASE_URL via --database-url, or the embedded one in --data-dir when
//   the portal is stopped), with the same code the API runs.
// PDFs given beside a documents CSV are the ones its pdf_file column names. A CSV's kind is read from its header
// unless --kind says it. Exit code: 0 all went in, 2 some records were rejected, 1 the import failed or could not run.
import { createReadStream, readFileSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportReport, LedgerImportKind } from '@portal/contracts';
import { ledgerImportKinds } from '@portal/contracts';
import { callerDirectory, cliApiKey } from '../../config';
import { migrationsFolder, openDatabase, type DatabaseOptions } from '../../db/client';
import type { ImportFile } from './import-file';
import { importFiles } from './run-ledger-import';

const usage =
  'Usage: npm run ledger:import -- [--kind customers|documents|ubl] [--company-code 1000] [--json] files…\n' +
  '  through the API:      --url https://portal.example.com  (key in PORTAL_API_KEY or --key-file path)\n' +
  '  into the database:    [--database-url postgres://...] [--data-dir path]  (default: the embedded ./data)\n';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      'company-code': { type: 'string', default: '' },
      url: { type: 'string' },
      'key-file': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  if (positionals.length === 0) fail('Name the files to import.');
  // npm runs workspace scripts inside apps/server: relative paths are the caller's.
  const base = callerDirectory();
  const paths = positionals.map((file) => path.resolve(base, file));
  const pdfs = paths.filter((file) => /\.pdf$/i.test(file));
  const files = paths.filter((file) => !/\.pdf$/i.test(file));
  if (files.length === 0) fail('Name at least one CSV or XML file (PDFs go with a documents CSV).');
  if (values.kind && !(ledgerImportKinds as readonly string[]).includes(values.kind))
    fail(`--kind must be one of ${ledgerImportKinds.join(', ')}.`);
  const kind = (values.kind as LedgerImportKind | undefined) ?? (await kindOf(files));

  const report = values.url
    ? await importOverHttp(values.url, values['key-file'], { kind, companyCode: values['company-code'], files, pdfs })
    : await importIntoDatabase(values, { kind, companyCode: values['company-code'], files, pdfs });
  printReport(report, values.json);
  process.exit(report.status === 'failed' ? 1 : report.counts.rejected > 0 ? 2 : 0);
}

type Job = { kind: LedgerImportKind; companyCode: string; files: string[]; pdfs: string[] };

/** UBL for XML files; for a CSV, what its header names (customer_number: customers; type and number: documents). */
async function kindOf(files: string[]): Promise<LedgerImportKind> {
  if (files.every((file) => /\.xml$/i.test(file))) return 'ubl';
  const handle = await openFile(files[0]!, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const header =
      buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? '';
    const columns = header.split(',').map((column) => column.trim().replace(/^"|"$/g, '').toLowerCase());
    if (columns.includes('type') && columns.includes('number')) return 'documents';
    if (columns.includes('customer_number')) return 'customers';
  } finally {
    await handle.close();
  }
  return fail(`Cannot tell what ${files[0]} holds: pass --kind customers or --kind documents.`);
}

async function importIntoDatabase(
  values: { 'database-url'?: string; 'data-dir'?: string },
  job: Job,
): Promise<ImportReport> {
  const repositoryRoot = path.resolve(migrationsFolder(), '..', '..');
  const options: DatabaseOptions = values['database-url']
    ? { kind: 'postgres', url: values['database-url'] }
    : { kind: 'pglite', dataDir: path.resolve(repositoryRoot, values['data-dir'] ?? 'data') };
  const database = await openDatabase(options);
  try {
    const asFile = (file: string): ImportFile => ({ name: path.basename(file), open: () => createReadStream(file) });
    return await importFiles(
      { db: database.db, now: () => new Date() },
      {
        kind: job.kind,
        origin: 'cli',
        companyCode: job.companyCode,
        files: job.files.map(asFile),
        attachments: new Map(job.pdfs.map((file) => [path.basename(file), asFile(file)])),
        caller: { login: 'cli', userId: null, apiKeyId: null },
      },
      'en',
    );
  } finally {
    await database.close();
  }
}

async function importOverHttp(url: string, keyFile: string | undefined, job: Job): Promise<ImportReport> {
  const key = keyFile ? readFileSync(keyFile, 'utf8').trim() : cliApiKey();
  if (!key) fail('An API key of scope ledger:write is needed: set PORTAL_API_KEY or pass --key-file.');
  const form = new FormData();
  for (const file of [...job.files, ...job.pdfs]) {
    // openAsBlob streams the file from disk as the request is sent.
    const { openAsBlob } = await import('node:fs');
    form.append('files', await openAsBlob(file), path.basename(file));
  }
  const query = new URLSearchParams({
    kind: job.kind,
    origin: 'cli',
    ...(job.companyCode ? { company_code: job.companyCode } : {}),
  });
  const response = await fetch(new URL(`/api/ledger/imports?${query.toString()}`, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
    body: form,
  });
  const body = (await response.json()) as ImportReport & { message?: string };
  if (response.status !== 201) fail(`The portal answered ${response.status}: ${body.message ?? JSON.stringify(body)}`);
  return body;
}

function printReport(report: ImportReport, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const { created, updated, unchanged, rejected } = report.counts;
  process.stdout.write(
    `Import ${report.id} (${report.kind}): ${report.status}. Created ${created}, updated ${updated}, unchanged ${unchanged}, rejected ${rejected}.\n`,
  );
  if (report.failure) process.stdout.write(`${report.failure}\n`);
  for (const line of report.rejected) {
    process.stdout.write(`  ${line.source}  ${line.document || '-'}  ${line.field || '-'}  ${line.message}\n`);
  }
  if (report.rejected_truncated)
    process.stdout.write(`  (only the first ${report.rejected.length} rejections are listed)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
