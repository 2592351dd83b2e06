import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announceChange } from '../../db/change-feed';
import { preparedStatement } from '../../db/prepared';
import { alias } from 'drizzle-orm/pg-core';
import { refreshTokens, sessions, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: { userId: number; expiresAt: Date; now: Date; ip: string; userAgent: string | undefined; tokenHash: string },
): Promise<string> {
  const sessionId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      sessionId,
      userId: input.userId,
      createdAt: input.now,
      lastActivityAt: input.now,
      expiresAt: input.expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
    });
    await tx.insert(refreshTokens).values({ tokenHash: input.tokenHash, sessionId, createdAt: input.now });
  });
  return sessionId;
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks the token used and stores its successor in one step; false when another request used it first. */
export async function rotateRefreshToken(
  db: Db,
  input: { oldHash: string; newHash: string; sessionId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: input.now })
      .where(and(eq(refreshTokens.tokenHash, input.oldHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    if (used.length === 0) return false;
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: input.newHash, sessionId: input.sessionId, createdAt: input.now });
    await tx.update(sessions).set({ lastActivityAt: input.now }).where(eq(sessions.sessionId, input.sessionId));
    return true;
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
  announceChange(db, `session:${sessionId}`);
}

const impersonatedUsers = alias(users, 'impersonated');

/**
 * The session of a bearer token with its user and, while the session works as another user (spec §4), that user:
 * one prepared statement, only the columns a call needs. Read on a call whose session is not in the instance's
 * cache (session-cache.ts).
 */
export async function findSessionWithUser(db: Db, sessionId: string) {
  const statement = preparedStatement(db, 'find_session_with_user', (database) =>
    database
      .select({
        session: {
          sessionId: sessions.sessionId,
          lastActivityAt: sessions.lastActivityAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        },
        // What a call needs to know of the person (the auth plugin's Actor), of the user and of the one worked as.
        user: {
          userId: users.userId,
          login: users.login,
          status: users.status,
          userRole: users.userRole,
          permissions: users.permissions,
          thirdPartyId: users.thirdPartyId,
          accessVersion: users.accessVersion,
          deletedAt: users.deletedAt,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          language: users.language,
        },
        impersonated: {
          userId: impersonatedUsers.userId,
          login: impersonatedUsers.login,
          status: impersonatedUsers.status,
          userRole: impersonatedUsers.userRole,
          permissions: impersonatedUsers.permissions,
          thirdPartyId: impersonatedUsers.thirdPartyId,
          accessVersion: impersonatedUsers.accessVersion,
          deletedAt: impersonatedUsers.deletedAt,
          email: impersonatedUsers.email,
          firstName: impersonatedUsers.firstName,
          lastName: impersonatedUsers.lastName,
          language: impersonatedUsers.language,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.userId, sessions.userId))
      .leftJoin(impersonatedUsers, eq(impersonatedUsers.userId, sessions.impersonatedUserId))
      .where(eq(sessions.sessionId, sql.placeholder('sessionId')))
      .limit(1)
      .prepare('find_session_with_user'),
  );
  const [row] = await statement.execute({ sessionId });
  return row;
}

export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

/** Start (a user id) or stop (null) working as another user in this session. */
export async function setSessionImpersonation(db: Db, sessionId: string, userId: number | null): Promise<void> {
  await db.update(sessions).set({ impersonatedUserId: userId }).where(eq(sessions.sessionId, sessionId));
  announceChange(db, `session:${sessionId}`);
}

/** Activity keeps the session alive; written at most once a minute per session to spare the database. */
export const sessionTouchIntervalMs = 60_000;

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActivityAt: now })
    .where(
      and(
        eq(sessions.sessionId, sessionId),
        sql`${sessions.lastActivityAt} < ${new Date(now.getTime() - sessionTouchIntervalMs)}`,
      ),
    );
}

/** Ends every live session of the user (password reset, change), but the one given. */
export async function revokeUserSessions(
  db: Db,
  input: { userId: number; reason: string; now: Date; exceptSessionId?: string },
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.exceptSessionId ? sql`${sessions.sessionId} <> ${input.exceptSessionId}` : undefined,
      ),
    )
    .returning({ sessionId: sessions.sessionId });
  announceChange(db, `user:${input.userId}`);
  return rows.length;
}
