import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { appSettings } from '../../db/schema';

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
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
}

/** Inserts the value unless the key exists; returns what is stored afterwards (safe with several instances). */
export async function readOrInitSetting<T>(db: Db, key: string, initial: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
  return (await readSetting<T>(db, key)) as T;
}
