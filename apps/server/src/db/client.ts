// Opens the database: embedded PGlite under DATA_DIR by default, or PostgreSQL at DATABASE_URL.
// The same drizzle schema and the same SQL migrations (db/migrations) serve both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema';
import { pgliteChangeFeed, postgresChangeFeed, registerChangeFeed } from './change-feed';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** An idle pooled connection broke (server restart, admin command); the pool replaces it. */
      onIdleError?: (error: Error) => void;
    }
  /**
   * dataDir undefined = in memory (tests). `from`: start from this dump of a database (dumpPglite), e.g. one already
   * migrated, instead of an empty one.
   */
  | { kind: 'pglite'; dataDir?: string; from?: Blob };

export function migrationsFolder(): string {
  // Works from src/ (tsx, vitest) and from the bundled dist/server.js alike.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'db', 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('db/migrations not found');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener an idle client's error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection that dies while checked out (killed backend, network) fails its query; the client then also
    // emits 'error', which must not crash the process either: the pool discards the client when it is released.
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    const changes = await postgresChangeFeed(options.url, { onError: options.onIdleError });
    registerChangeFeed(db, changes);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }

  let release: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // PGlite has no lock of its own: two processes on one folder silently lose writes.
    try {
      release = await lockfile.lock(options.dataDir, { lockfilePath: path.join(options.dataDir, 'portal.lock') });
    } catch {
      throw new Error(`The data folder ${options.dataDir} is in use by another portal process.`);
    }
  }
  // pg_trgm and btree_gin: the user search's indexes (migration 0010).
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pg') } : {}),
    ...(options.from ? { loadDataDir: options.from } : {}),
    extensions: { pg_trgm, btree_gin },
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const changes = await pgliteChangeFeed(client);
  registerChangeFeed(db, changes);
  pgliteClients.set(db as unknown as Db, client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await changes.close();
      await client.close();
      await release?.();
    },
  };
}

const pgliteClients = new WeakMap<Db, PGlite>();

/**
 * Whether the database runs in this process (PGlite): each statement then runs on the event loop, synchronously, and
 * holds every request for as long as it takes (issue 35: an import writes smaller batches there).
 */
export function isEmbedded(db: Db): boolean {
  return pgliteClients.has(db);
}

/** A copy of an embedded database as it is now (openDatabase's `from`): the tests start each of theirs from one. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('not an embedded (PGlite) database');
  return client.dumpDataDir('none');
}
