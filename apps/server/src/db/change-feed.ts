// What changed in the database, as PostgreSQL announces it (migration 0012: triggers on sessions, users and
// app_settings notify the channel portal_changes at commit). Per-process caches (the session of each call, the
// application settings) listen here and drop what changed, so that several instances on one database behave as one
// portal (issue 17, ADR 0019).
//
// A cache may serve an entry only while `usable(entry's epoch)`: the feed is connected and has not lost its
// connection since the entry was read. While the listening connection is down nothing is cached, so a missed
// notification can never keep a revoked session alive.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

export const changeChannel = 'portal_changes';

/** `session:<uuid>`, `user:<id>` or `setting:<key>`; `reset` when notifications may have been missed. */
export type Change = string;

export type ChangeFeed = {
  /** Calls `listener` with every change; returns the unsubscribe. */
  subscribe: (listener: (change: Change) => void) => () => void;
  /** The current epoch: it moves on whenever notifications may have been missed (connection lost). */
  epoch: () => number;
  /** True while notifications flow and nothing was missed since `epoch` (read when the entry was). */
  usable: (epoch: number) => boolean;
  /**
   * Tells this process's caches at once, without waiting for PostgreSQL's notification: for writes made here
   * whose next call may come before the notification has been read (sign-out, then the next call).
   */
  announce: (change: Change) => void;
  close: () => Promise<void>;
};

function createFeed(): {
  feed: Omit<ChangeFeed, 'close'>;
  deliver: (change: Change) => void;
  setLive: (live: boolean) => void;
} {
  const listeners = new Set<(change: Change) => void>();
  let epoch = 0;
  let live = false;
  const deliver = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  return {
    feed: {
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      epoch: () => epoch,
      usable: (entryEpoch) => live && entryEpoch === epoch,
      announce: deliver,
    },
    deliver,
    setLive: (next) => {
      if (live && !next) {
        epoch++;
        deliver('reset');
      }
      live = next;
    },
  };
}

/** The embedded database: one process, notifications delivered as each transaction commits. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const { feed, deliver, setLive } = createFeed();
  const unlisten = await client.listen(changeChannel, deliver);
  setLive(true);
  return {
    ...feed,
    close: async () => {
      setLive(false);
      await unlisten();
    },
  };
}

/**
 * PostgreSQL: one connection of its own that LISTENs (not the pool's: a pooled connection is shared). When it
 * breaks, the caches stop serving and clear; it reconnects every `retryMs` and serves again once it listens.
 */
export async function postgresChangeFeed(
  url: string,
  options: { retryMs?: number; onError?: (error: Error) => void } = {},
): Promise<ChangeFeed> {
  const { feed, deliver, setLive } = createFeed();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    const lost = (error?: Error) => {
      if (error) options.onError?.(error);
      if (client !== next) return;
      client = undefined;
      setLive(false);
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), options.retryMs ?? 1_000).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === changeChannel && message.payload) deliver(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${changeChannel}`);
    } catch (error) {
      options.onError?.(error as Error);
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), options.retryMs ?? 1_000).unref();
      return;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    setLive(true);
  };
  await connect();
  return {
    ...feed,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      setLive(false);
      await current?.end();
    },
  };
}

const feeds = new WeakMap<object, ChangeFeed>();

type Handle = { dialect?: object };

/**
 * Ties a feed to the database object that route code is given (openDatabase does it), and to its dialect, which
 * drizzle shares with every transaction of that database (how `announceChange` finds the feed from a transaction).
 */
export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
  const dialect = (db as Handle).dialect;
  if (dialect) feeds.set(dialect, feed);
}

/**
 * The feed of this database object, for a cache: undefined for a transaction's handle (what a transaction reads
 * may never commit, so it is not kept) and for a database opened elsewhere.
 */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}

/**
 * Tells this process's caches now that `change` is being made through `db` (a database or one of its
 * transactions), before PostgreSQL's notification arrives at commit: the next call after the answer does not
 * depend on when the listening connection is read.
 */
export function announceChange(db: object, change: Change): void {
  const dialect = (db as Handle).dialect;
  (feeds.get(db) ?? (dialect ? feeds.get(dialect) : undefined))?.announce(change);
}
