// The portal under test, in a process of its own so that the load generator does not share its event loop and its
// memory can be read alone. Started by run.ts with fork(): `bench-server.ts <database url> [workers [port]]`.
// With workers > 1 it is a node:cluster primary whose workers (one buildApp each) share the port, as
// `npm run serve -- --workers N` does; the primary answers only `ready` and passes the workers' pids.
// Answers on IPC (one process only):
//   → { type: 'ready', port, pids }                  once listening on a free loopback port
//   ← { type: 'memory', gc?: boolean }               → { type: 'memory', rss, heapUsed }
//   ← { type: 'record', on: boolean }                → { type: 'recording' }, then { type: 'recorded', statements }
//                                                       when `on` is false: every
//                                                       statement sent to PostgreSQL in between (the baseline's SQL)
//   ← { type: 'profile', on: boolean, file? }        → { type: 'profiling' }, then { type: 'profiled', file } when
//                                                       `on` is false: a V8 CPU
//                                                       profile of the process in between, written to `file`
import cluster from 'node:cluster';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import process from 'node:process';
import pg from 'pg';
import pino from 'pino';
import { buildApp, logSerializers, redactedPaths } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { freePort, type RecordedStatement } from '../lib/servers';

type Request =
  { type: 'memory'; gc?: boolean } | { type: 'record'; on: boolean } | { type: 'profile'; on: boolean; file?: string };

const databaseUrl = process.argv[2];
const workers = Number(process.argv[3] ?? '1');
if (!databaseUrl || !(workers >= 1)) throw new Error('Usage: bench-server.ts <database url> [workers]');

if (workers > 1 && cluster.isPrimary) {
  const port = await freePort();
  // Each worker runs this file as one process listening on the primary's port (argv: database url, 1, port).
  cluster.setupPrimary({ args: [databaseUrl, '1', String(port)] });
  const children = Array.from({ length: workers }, () => cluster.fork());
  await Promise.all(children.map((worker) => new Promise((resolve) => worker.once('listening', resolve))));
  process.on('disconnect', () => {
    for (const worker of children) worker.kill();
    process.exit(0);
  });
  process.send?.({ type: 'ready', port, pids: [process.pid, ...children.map((worker) => worker.process.pid)] });
} else {
  await serve(Number(process.argv[4] ?? '0'));
}

async function serve(listenPort: number): Promise<void> {
  // Only flags and these values: the bench must not pick up the shell's DATABASE_URL or PORT by accident.
  const config = loadConfig(
    {
      DATABASE_URL: databaseUrl!,
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      DEMO: 'false',
      // All the load comes from one loopback address: the general per-address ceiling (600 a minute by default)
      // would answer 429 within a second.
      RATE_LIMIT_PER_MINUTE: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // The payments bench's Stripe run (PAYMENT_GATEWAY=stripe against the double): settings it hands over as JSON.
      ...(process.env.BENCH_SETTINGS ? (JSON.parse(process.env.BENCH_SETTINGS) as Record<string, string>) : {}),
    },
    [],
    {},
  );
  const recorded = recordStatements();
  // The pool size of server.ts (the default): the 50 connections of the load share it.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl! });
  // The portal's own log level (info: its access log, every request) and fields, written where the bench output is
  // not flooded: what a request costs includes its log line.
  const logger = {
    level: config.LOG_LEVEL,
    redact: redactedPaths,
    serializers: logSerializers,
    stream: pino.destination({ dest: '/dev/null', sync: true }),
  };
  const app = await buildApp({ config, db: database.db, logger });
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (cluster.isWorker) return;

  const inspector = new Session();
  inspector.connect();
  const collect = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: Request) => {
    void answer(message);
  });
  async function answer(message: Request): Promise<void> {
    if (message.type === 'memory') {
      if (message.gc) collect?.();
      const memory = process.memoryUsage();
      process.send?.({ type: 'memory', rss: memory.rss, heapUsed: memory.heapUsed });
    } else if (message.type === 'record') {
      recorded.on = message.on;
      if (message.on) recorded.statements.length = 0;
      process.send?.(
        message.on ? { type: 'recording' } : { type: 'recorded', statements: recorded.statements.splice(0) },
      );
    } else if (message.on) {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.post('Profiler.start');
      process.send?.({ type: 'profiling' });
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      fs.writeFileSync(message.file!, JSON.stringify(profile));
      process.send?.({ type: 'profiled', file: message.file });
    }
  }
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port, pids: [process.pid] });
}

/** A value as pg would send it, in a form IPC can carry (JSON): bigints as their digits. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  return Array.isArray(value) ? value.map(plain) : value;
}

/**
 * Every statement the portal sends while `on`, as pg receives it (text, values, name): the baseline server replays
 * them. Wraps pg's Client.query, the one door of node-postgres (the pool calls it too).
 */
function recordStatements(): { on: boolean; statements: RecordedStatement[] } {
  const state = { on: false, statements: [] as RecordedStatement[] };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function recordingQuery(this: pg.Client, ...args: unknown[]) {
    if (state.on) {
      const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown];
      const text = typeof first === 'string' ? first : first.text;
      // drizzle passes (config, values); others (text, values) or ({ text, values }).
      const values = typeof first === 'string' || Array.isArray(second) ? second : first.values;
      const name = typeof first === 'string' ? undefined : first.name;
      state.statements.push({
        text,
        values: Array.isArray(values) ? values.map(plain) : [],
        ...(name ? { name } : {}),
      });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return state;
}
