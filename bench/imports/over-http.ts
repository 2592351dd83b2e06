// The imports bench's HTTP part (issue 35 §4): the built portal (apps/server/dist/server.js) in a child process on a
// bench database, with an API key of scope ledger:write written into that database the way the tests write one; the
// files posted over a socket with undici as a supplier's ERP sends them (docs/integration.md); and GET /api/health
// polled on a connection of its own meanwhile, standing for the customers' requests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, FormData } from 'undici';
import { ledgerImportLimits, type ImportReport, type LedgerImportKind } from '@portal/contracts';
import type { Db } from '../../apps/server/src/db/client';
import { insertApiKey } from '../../apps/server/src/modules/integration/api-keys.repository';
import { apiKeyHash, apiKeyPrefixOf } from '../../apps/server/src/modules/integration/authenticate-api-key';
import { newApiKey } from '../../apps/server/src/modules/integration/create-api-key';
import { percentile, round } from '../invoices/http-load';
import { freePort } from '../lib/servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const builtServer = path.join(root, 'apps/server/dist/server.js');

export type BuiltPortal = { origin: string; pid: number; stop: () => Promise<void> };

/**
 * The built portal on a free loopback port, ready when /api/ready answers. One process (WEB_CONCURRENCY=1): the
 * import and the health polls meet on one event loop, as in a one-instance portal, and its CPU is one process's.
 * The background jobs are off (nothing for them to do here, and their polls would only add noise); the general
 * per-address rate limit is raised, since the health poll alone sends 1,200 requests a minute.
 */
export async function startBuiltPortal(databaseUrl: string): Promise<BuiltPortal> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtServer], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DEMO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
      SCHEDULER_INTERVAL_SECONDS: '0',
      MAIL_POLL_INTERVAL_SECONDS: '0',
      WEBHOOK_POLL_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path.relative(root, builtServer)} exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error('the built portal did not become ready in 2 minutes');
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { origin, pid: child.pid!, stop };
}

/** A key of scope ledger:write, as an administrator creates one (only its hash and prefix are stored). */
export async function insertBenchApiKey(db: Db): Promise<string> {
  const key = newApiKey();
  await insertApiKey(db, {
    name: 'imports bench',
    scopes: ['ledger:write'],
    keyHash: apiKeyHash(key),
    keyPrefix: apiKeyPrefixOf(key),
    createdByUserId: null,
    createdByLogin: 'bench',
    createdAt: new Date(),
  });
  return key;
}

/**
 * A connection of its own that waits as long as the import takes: undici's default gives up on an answer after
 * 300 s, and a synchronous import answers only when it has read the whole file.
 */
const importClient = (origin: string) => new Client(origin, { headersTimeout: 0, bodyTimeout: 0 });

/** One CSV as the request body (text/csv), streamed from disk as it is sent: the route imports it as it arrives. */
export async function postCsv(
  portal: BuiltPortal,
  key: string,
  kind: LedgerImportKind,
  file: string,
): Promise<ImportReport> {
  const client = importClient(portal.origin);
  try {
    const answer = await client.request({
      method: 'POST',
      path: `/api/ledger/imports?kind=${kind}`,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'text/csv',
        'content-length': String(fs.statSync(file).size),
        'accept-language': 'en',
      },
      body: fs.createReadStream(file),
    });
    return reportOf(kind, [file], answer.statusCode, await answer.body.text());
  } finally {
    await client.close();
  }
}

/**
 * UBL files as multipart/form-data, as few requests as ledgerImportLimits allows (20,000 files each; 10,000 files of
 * a few KB are far from 512 MiB): undici's FormData over file-backed blobs (fs.openAsBlob), so that each file is read
 * from disk as its part is sent. One report, the requests' counts added up.
 */
export async function postUblFiles(
  portal: BuiltPortal,
  key: string,
  files: string[],
  companyCode: string,
): Promise<ImportReport> {
  let merged: ImportReport | undefined;
  for (let start = 0; start < files.length; start += ledgerImportLimits.maxFiles) {
    const batch = files.slice(start, start + ledgerImportLimits.maxFiles);
    const form = new FormData();
    for (const file of batch)
      form.append('files', await fs.openAsBlob(file, { type: 'application/xml' }), path.basename(file));
    const client = importClient(portal.origin);
    let answered: ImportReport;
    try {
      const answer = await client.request({
        method: 'POST',
        path: `/api/ledger/imports?kind=ubl&company_code=${encodeURIComponent(companyCode)}`,
        headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
        body: form,
      });
      answered = reportOf('ubl', batch, answer.statusCode, await answer.body.text());
    } finally {
      await client.close();
    }
    merged = merged ? mergeReports(merged, answered) : answered;
  }
  return merged!;
}

function mergeReports(first: ImportReport, next: ImportReport): ImportReport {
  const counts = { ...first.counts };
  for (const name of Object.keys(counts) as (keyof ImportReport['counts'])[]) counts[name] += next.counts[name];
  return {
    ...first,
    status: first.status === 'completed' ? next.status : first.status,
    failure: first.failure || next.failure,
    counts,
    rejected: [...first.rejected, ...next.rejected],
  };
}

/** The report the portal answered (201), or one that says what else it answered, for the counts check to list. */
function reportOf(kind: LedgerImportKind, files: string[], status: number, body: string): ImportReport {
  if (status === 201) return JSON.parse(body) as ImportReport;
  const now = new Date().toISOString();
  return {
    id: '00000000-0000-0000-0000-000000000000',
    kind,
    status: 'failed',
    origin: 'api',
    company_code: '',
    files: files.slice(0, 3).map((file) => path.basename(file)),
    actor: 'bench',
    started_at: now,
    finished_at: now,
    processed: 0,
    total: null,
    counts: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
    failure: `HTTP ${status}: ${body.slice(0, 300)}`,
    rejected: [],
    rejected_truncated: false,
  };
}

export type HealthFigures = {
  polls: number;
  /** Answers other than 200, and requests that failed. */
  errors: number;
  firstError?: string;
  p50: number;
  p99: number;
  max: number;
  /** The p99 of the bench process's own event loop delay meanwhile: the part of a poll's time that is the client's. */
  clientLoopDelayP99: number;
};

/**
 * GET /api/health every `everyMs` on one keep-alive connection of its own, from the moment it is called until
 * `stop`. A poll starts `everyMs` after the one before started, or as soon as it answered when it took longer (one
 * request at a time on the connection, like a browser's): a stalled server therefore shows as a few long polls in
 * the max rather than as many. `ready` resolves on the first answer (the connection is open), so that the polls
 * cover the whole import that follows.
 */
export function pollHealth(origin: string, everyMs = 50): { ready: Promise<void>; stop: () => Promise<HealthFigures> } {
  const client = new Client(origin, { pipelining: 1 });
  const resolution = 10;
  const loopDelay = monitorEventLoopDelay({ resolution });
  loopDelay.enable();
  const latencies: number[] = [];
  const failures: string[] = [];
  let stopped = false;
  let answered: () => void = () => {};
  const ready = new Promise<void>((resolve) => (answered = resolve));
  const polling = (async () => {
    let next = performance.now();
    while (!stopped) {
      const started = performance.now();
      try {
        const answer = await client.request({ method: 'GET', path: '/api/health' });
        const body = await answer.body.text();
        if (answer.statusCode !== 200) failures.push(`${answer.statusCode} ${body.slice(0, 200)}`);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      latencies.push(performance.now() - started);
      answered();
      next += everyMs;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = performance.now();
    }
  })();
  const stop = async (): Promise<HealthFigures> => {
    stopped = true;
    await polling;
    loopDelay.disable();
    await client.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      polls: sorted.length,
      errors: failures.length,
      ...(failures[0] ? { firstError: failures[0] } : {}),
      p50: round(percentile(sorted, 0.5), 1),
      p99: round(percentile(sorted, 0.99), 1),
      max: round(sorted.at(-1) ?? Number.NaN, 1),
      // The histogram counts from the last tick: its readings include the resolution itself.
      clientLoopDelayP99: round(Math.max(0, loopDelay.percentile(99) / 1e6 - resolution), 1),
    };
  };
  return { ready, stop };
}

/** Resident memory of a process now, in bytes (/proc/<pid>/status), 0 once it ended. */
export function processRss(pid: number): number {
  try {
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kilobytes ?? 0) * 1024;
  } catch {
    return 0;
  }
}
