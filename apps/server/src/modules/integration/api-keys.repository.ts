// API keys of machine clients (issue 27): rows in, plain objects out. Only the key's SHA-256 is ever written.
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@portal/contracts';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What the auth plugin needs of a key on each call. */
export type ApiKeyForCall = {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  keyPrefix: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** last_used_at is written at most this often per key: a busy client does not write on every call. */
export const apiKeyTouchIntervalMs = 60_000;

export async function insertApiKey(
  db: Db,
  key: {
    name: string;
    scopes: ApiKeyScope[];
    keyHash: string;
    keyPrefix: string;
    createdByUserId: number | null;
    createdByLogin: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  return row!.id;
}

/** Newest first; a portal has a handful of keys, so the list is not paged. */
export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Every call made with a key reads its row (one look-up in the unique index on key_hash): nothing is cached. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyForCall | undefined> {
  const statement = preparedStatement(db, 'find_api_key_by_hash', (database) =>
    database
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        scopes: apiKeys.scopes,
        keyPrefix: apiKeys.keyPrefix,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
      .limit(1)
      .prepare('find_api_key_by_hash'),
  );
  const [row] = await statement.execute({ keyHash });
  return row ? { ...row, scopes: row.scopes as ApiKeyScope[] } : undefined;
}

/**
 * Records a use, unless another instance recorded one less than a minute ago (the condition is the database's, so
 * that instances racing on one key write once).
 */
export async function touchApiKey(db: Db, id: number, at: Date): Promise<void> {
  const due = new Date(at.getTime() - apiKeyTouchIntervalMs);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, due))));
}

export type RevokedApiKey = { id: number; name: string; keyPrefix: string; revokedAt: Date; newlyRevoked: boolean };

/**
 * Revokes a key once: a second revocation changes nothing and answers the first one's time. Undefined when no key has
 * this id.
 */
export async function revokeApiKeyRow(
  db: Db,
  id: number,
  at: Date,
  byLogin: string,
): Promise<RevokedApiKey | undefined> {
  const columns = { id: apiKeys.id, name: apiKeys.name, keyPrefix: apiKeys.keyPrefix, revokedAt: apiKeys.revokedAt };
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedByLogin: byLogin })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning(columns);
  if (revoked) return { ...revoked, revokedAt: revoked.revokedAt!, newlyRevoked: true };
  const [existing] = await db.select(columns).from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!existing?.revokedAt) return undefined;
  return { ...existing, revokedAt: existing.revokedAt, newlyRevoked: false };
}
