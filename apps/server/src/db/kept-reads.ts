// Reads kept per instance until PostgreSQL announces a change of them (db/change-feed.ts, ADR 0019): the
// application settings and the payers' saved cards, which many calls read and which change rarely. An entry is
// served only while announcements flow and none was missed since it was read, and for a bounded time at most; a
// read that started before an announcement does not put back what it read. Without a change feed nothing is kept.
// (The session cache, modules/auth/session-cache.ts, keeps sessions the same way, with drops of its own.)
import type { Change, ChangeFeed } from './change-feed';

export type KeptReads<V> = {
  /** The kept value of `key`, else what `read` gives (kept unless a change was announced while it ran). */
  get: (key: string, read: () => Promise<V>) => Promise<V>;
  /** Stops listening and forgets everything. */
  close: () => void;
};

type Entry<V> = { value: V; epoch: number; readAt: number };

export function createKeptReads<V>(
  feed: ChangeFeed | undefined,
  options: {
    /** The kept key an announcement names ('setting:<key>' → '<key>'), undefined for announcements of others. */
    keyOf: (change: Change) => string | undefined;
    /** An entry is read again after this long even without an announcement (a bound, not the mechanism). */
    maxAgeMs?: number;
    /** Entries kept at most: beyond it the oldest read goes first. */
    maxEntries?: number;
  },
): KeptReads<V> {
  const { keyOf, maxAgeMs = 60_000, maxEntries = 20_000 } = options;
  const entries = new Map<string, Entry<V>>();
  let generation = 0;
  const unsubscribe = feed?.subscribe((change) => {
    generation++;
    if (change === 'reset') return entries.clear();
    const key = keyOf(change);
    if (key !== undefined) entries.delete(key);
  });

  return {
    get: async (key, read) => {
      if (!feed) return read();
      const entry = entries.get(key);
      if (entry && feed.usable(entry.epoch) && Date.now() - entry.readAt < maxAgeMs) return entry.value;
      const startedAt = generation;
      const epoch = feed.epoch();
      const value = await read();
      if (generation === startedAt && feed.usable(epoch)) {
        entries.delete(key);
        entries.set(key, { value, epoch, readAt: Date.now() });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    close: () => {
      unsubscribe?.();
      entries.clear();
    },
  };
}

/** The rest of an announcement after `prefix` ('cards:0000100001' → '0000100001'), undefined for other kinds. */
export function changeOf(prefix: string): (change: Change) => string | undefined {
  return (change) => (change.startsWith(prefix) ? change.slice(prefix.length) : undefined);
}
