// One-time tokens of the self-service flows (reset, confirmation, invite): 256 random bits given once in a link,
// stored only as SHA-256, used once (the use is one conditional UPDATE, so two uses at once cannot both win).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTokens } from '../../db/schema';

export type UserTokenKind = (typeof userTokens.$inferSelect)['kind'];

export function hashUserToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token for the user; the user's earlier unused tokens of this kind stop working (a resend replaces them). */
export async function issueUserToken(
  db: Db,
  input: { kind: UserTokenKind; userId: number; now: Date; ttlMs: number | null },
): Promise<{ token: string; expiresAt: Date | null }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = input.ttlMs === null ? null : new Date(input.now.getTime() + input.ttlMs);
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, input.userId), eq(userTokens.kind, input.kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    tokenHash: hashUserToken(token),
    kind: input.kind,
    userId: input.userId,
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

const live = (kind: UserTokenKind, token: string, now: Date) =>
  and(
    eq(userTokens.tokenHash, hashUserToken(token)),
    eq(userTokens.kind, kind),
    isNull(userTokens.usedAt),
    or(isNull(userTokens.expiresAt), gt(userTokens.expiresAt, now)),
  );

/** The user of a live (unused, unexpired) token, or undefined. */
export async function findLiveUserToken(
  db: Db,
  kind: UserTokenKind,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(live(kind, token, now))
    .limit(1);
  return row?.userId;
}

/** Uses the token: its user when it was live, else undefined. */
export async function consumeUserToken(
  db: Db,
  kind: UserTokenKind,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(live(kind, token, now))
    .returning({ userId: userTokens.userId });
  return row?.userId;
}
