// The portal under test, in a process of its own so that the load generator does not share its event loop and its
// memory can be read alone. Started by run.ts with fork(); answers on IPC:
//   → { port }                                   once listening on a free loopback port
//   ← { type: 'memory', gc?: boolean }  → { type: 'memory', rss, heapUsed }
import process from 'node:process';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';

type Request = { type: 'memory'; gc?: boolean };

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('Usage: bench-server.ts <database url>');

// Only flags and these values: the bench must not pick up the shell's DATABASE_URL or PORT by accident.
const config = loadConfig(
  {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO: 'false',
    // All the load comes from one loopback address: the general per-address ceiling (600 a minute by default)
    // would answer 429 within a second.
    RATE_LIMIT_PER_MINUTE: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  },
  [],
  {},
);
// The pool size of server.ts (the default): the 50 connections of the load share it.
const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
const app = await buildApp({ config, db: database.db });
await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const collect = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: Request) => {
  if (message.type !== 'memory') return;
  if (message.gc) collect?.();
  const memory = process.memoryUsage();
  process.send?.({ type: 'memory', rss: memory.rss, heapUsed: memory.heapUsed });
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send?.({ type: 'ready', port });
