// The baseline each portal figure is set beside (issue 17): a bare Fastify app with node-postgres and nothing
// else: no validation, no auth, no logging, no ORM. Run with fork(): `baseline-server.ts <database url> <workers>
// <statements.json>` → IPC { type: 'ready', port, pids }.
//   GET  /ok             → {"ok":true} after checking that a bearer token is present (the trivial route's floor)
//   POST /replay/:name   → runs the statements recorded from the portal's route `name` (bench-server.ts), in
//                          order on one connection, and answers their rows as JSON: the same SQL and about the
//                          same bytes as the portal's answer, with no framework layers. Statements that write
//                          run inside BEGIN … ROLLBACK so that the replay can repeat (their transaction
//                          statements are dropped; UUIDs among the values are new for each replay): the baseline
//                          pays no commit and checks no foreign key, and says so in its label. A statement the
//                          portal named (prepared) is named here too: parsed once per connection, as there.
// With workers > 1 it is a node:cluster primary whose workers share the port, like the portal's --workers.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import process from 'node:process';
import Fastify from 'fastify';
import pg from 'pg';

import { freePort, type RecordedRoutes } from './servers';

const [databaseUrl, workersArgument, statementsFile, portArgument] = process.argv.slice(2);
const workers = Number(workersArgument ?? '1');

const transactionControl = /^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
const writes = /^\s*(INSERT|UPDATE|DELETE|WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b|SELECT[\s\S]*FOR UPDATE)/i;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each replay writes under new identifiers: every UUID of the recorded values (intent ids, idempotency keys) is
 * replaced by a fresh one, the same one wherever the recording repeated it, so that concurrent replays do not
 * wait on each other's unique keys nor collide with the recorded call's committed rows.
 */
function freshIdentifiers(): (value: unknown) => unknown {
  const replaced = new Map<string, string>();
  const fresh = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fresh);
    if (typeof value !== 'string' || !uuid.test(value)) return value;
    let replacement = replaced.get(value);
    if (!replacement) replaced.set(value, (replacement = randomUUID()));
    return replacement;
  };
  return fresh;
}

async function serve(port: number): Promise<void> {
  const routes = JSON.parse(fs.readFileSync(statementsFile!, 'utf8')) as RecordedRoutes;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/ok', async (request, reply) => {
    if (!request.headers.authorization?.startsWith('Bearer ')) return reply.code(401).send({ ok: false });
    return { ok: true };
  });
  app.post<{ Params: { name: string } }>('/replay/:name', async (request, reply) => {
    const recorded = routes[request.params.name];
    if (!recorded) return reply.code(404).send({ error: 'no such route' });
    const statements = recorded.filter((statement) => !transactionControl.test(statement.text));
    const writing = statements.some((statement) => writes.test(statement.text));
    const client = await pool.connect();
    try {
      // Foreign keys are not checked in the replay (session_replication_role: the bench's superuser): the recorded
      // rows name ids that the database's sequences, which a rollback does not rewind, now give to others.
      if (writing) await client.query("BEGIN; SET LOCAL session_replication_role = 'replica'");
      const results = [];
      const fresh = freshIdentifiers();
      for (const { text, values, name } of statements)
        results.push((await client.query({ text, values: values.map(fresh), ...(name ? { name } : {}) })).rows);
      if (writing) await client.query('ROLLBACK');
      return { results };
    } finally {
      client.release();
    }
  });
  await app.listen({ host: '127.0.0.1', port });
  if (cluster.isPrimary) {
    const address = app.server.address();
    process.send?.({
      type: 'ready',
      port: typeof address === 'object' && address ? address.port : 0,
      pids: [process.pid],
    });
    process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  }
}

if (!databaseUrl || !statementsFile || !(workers >= 1))
  throw new Error('Usage: baseline-server.ts <database url> <workers> <statements.json>');
if (workers > 1 && cluster.isPrimary) {
  const port = await freePort();
  cluster.setupPrimary({ args: [databaseUrl, '1', statementsFile, String(port)] });
  const children = Array.from({ length: workers }, () => cluster.fork());
  await Promise.all(children.map((worker) => new Promise((resolve) => worker.once('listening', resolve))));
  process.on('disconnect', () => {
    for (const worker of children) worker.kill();
    process.exit(0);
  });
  process.send?.({ type: 'ready', port, pids: [process.pid, ...children.map((worker) => worker.process.pid)] });
} else {
  await serve(Number(portArgument ?? '0'));
}
