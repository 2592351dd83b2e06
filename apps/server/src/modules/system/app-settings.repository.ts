import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** Inserts the value unless the key exists; returns what is stored afterwards (safe with several instances). */
export async function readOrInitSetting<T>(db: Db, key: string, initial: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
  return (await readSetting<T>(db, key)) as T;
}
