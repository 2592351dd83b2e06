import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announceChange, changeFeedOf, type ChangeFeed } from '../../db/change-feed';
import { preparedStatement } from '../../db/prepared';
import { appSettings } from '../../db/schema';

/**
 * Settings are read on many calls (the application settings on every payment and footer) and change rarely: each
 * instance keeps what it read until PostgreSQL announces a change of the key (db/change-feed.ts), or for a minute
 * at most. Reads in a transaction go to the database (what it sees may never commit).
 */
type SettingsMemory = { values: Map<string, { value: unknown; epoch: number; readAt: number }>; generation: number };
const memories = new WeakMap<ChangeFeed, SettingsMemory>();
const settingMaxAgeMs = 60_000;

function memoryOf(feed: ChangeFeed): SettingsMemory {
  let memory = memories.get(feed);
  if (!memory) {
    const created: SettingsMemory = { values: new Map(), generation: 0 };
    feed.subscribe((change) => {
      created.generation++;
      if (change === 'reset') created.values.clear();
      else if (change.startsWith('setting:')) created.values.delete(change.slice('setting:'.length));
    });
    memories.set(feed, created);
    memory = created;
  }
  return memory;
}

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const feed = changeFeedOf(db);
  if (!feed) return readStoredSetting<T>(db, key);
  const memory = memoryOf(feed);
  const kept = memory.values.get(key);
  // A copy: callers may change what they are given.
  if (kept && feed.usable(kept.epoch) && Date.now() - kept.readAt < settingMaxAgeMs) {
    return structuredClone(kept.value) as T | undefined;
  }
  const generation = memory.generation;
  const epoch = feed.epoch();
  const value = await readStoredSetting<T>(db, key);
  if (generation === memory.generation && feed.usable(epoch)) {
    memory.values.set(key, { value: structuredClone(value), epoch, readAt: Date.now() });
  }
  return value;
}

async function readStoredSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const statement = preparedStatement(db, 'read_setting', (database) =>
    database
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, sql.placeholder('key')))
      .limit(1)
      .prepare('read_setting'),
  );
  const [row] = await statement.execute({ key });
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  announceChange(db, `setting:${key}`);
}

/** Inserts the value unless the key exists; returns what is stored afterwards (safe with several instances). */
export async function readOrInitSetting<T>(db: Db, key: string, initial: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
  announceChange(db, `setting:${key}`);
  return (await readSetting<T>(db, key)) as T;
}
