import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announceChange, changeFeedOf, type ChangeFeed } from '../../db/change-feed';
import { changeOf, createKeptReads, type KeptReads } from '../../db/kept-reads';
import { preparedStatement } from '../../db/prepared';
import { appSettings } from '../../db/schema';

/**
 * Settings are read on many calls (the application settings on every payment and footer) and change rarely: each
 * instance keeps what it read until PostgreSQL announces a change of the key (db/kept-reads.ts), or for a minute
 * at most. Callers get copies: they may change what they are given. Reads in a transaction go to the database
 * (changeFeedOf gives no feed for one: what it sees may never commit).
 */
const keptSettings = new WeakMap<ChangeFeed, KeptReads<unknown>>();

function keptSettingsOf(feed: ChangeFeed): KeptReads<unknown> {
  let kept = keptSettings.get(feed);
  if (!kept) {
    kept = createKeptReads(feed, { keyOf: changeOf('setting:') });
    keptSettings.set(feed, kept);
  }
  return kept;
}

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const feed = changeFeedOf(db);
  if (!feed) return readStoredSetting<T>(db, key);
  return structuredClone(await keptSettingsOf(feed).get(key, () => readStoredSetting(db, key))) as T | undefined;
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
