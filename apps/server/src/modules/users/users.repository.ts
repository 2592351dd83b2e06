import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announceChange } from '../../db/change-feed';
import { preparedStatement } from '../../db/prepared';
import { userAccounts, userExclusions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserAccountRow = typeof userAccounts.$inferSelect;

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const normalised = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(sql`lower(${users.login})`, normalised), eq(users.email, normalised))))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const statement = preparedStatement(db, 'find_user_by_id', (database) =>
    database
      .select()
      .from(users)
      .where(eq(users.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('find_user_by_id'),
  );
  const [row] = await statement.execute({ userId });
  return row;
}

export async function listUserAccounts(db: Db, userId: number): Promise<UserAccountRow[]> {
  return db.select().from(userAccounts).where(eq(userAccounts.userId, userId)).orderBy(asc(userAccounts.accountId));
}

/** Also keeps the language the user signed in with: their e-mails go out in it. */
export async function recordSuccessfulLogin(db: Db, userId: number, at: Date, language?: string): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: at, numLogins: sql`${users.numLogins} + 1`, ...(language ? { language } : {}) })
    .where(eq(users.userId, userId));
  // The language is part of what a call knows of its user (the receipt's language): kept sessions are read again.
  if (language) announceChange(db, `user:${userId}`);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function insertUser(
  db: Db,
  user: NewUser,
  accounts: Omit<typeof userAccounts.$inferInsert, 'userId'>[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .returning({ userId: users.userId });
    if (!row) throw new Error('user insert returned nothing');
    if (accounts.length) await tx.insert(userAccounts).values(accounts.map((a) => ({ ...a, userId: row.userId })));
    return row.userId;
  });
}

export async function setUserPassword(db: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, lastPasswordChange: at, requirePasswordChange: false, updatedAt: at })
    .where(eq(users.userId, userId));
}

export async function setUserStatus(db: Db, userId: number, status: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ status, isConfirmed: status !== 'waiting-confirmation', updatedAt: at })
    .where(eq(users.userId, userId));
  announceChange(db, `user:${userId}`);
}

export async function insertUserAccount(
  db: Db,
  userId: number,
  account: Omit<typeof userAccounts.$inferInsert, 'userId'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userAccounts).values({ ...account, userId });
    await bumpAccessVersion(tx, userId);
  });
}

/**
 * What the user may see changed (links, exclusions, account type): the cached accounts of every instance are
 * stale from now on (customers/account-access.ts). Call in the transaction that makes the change.
 */
export async function bumpAccessVersion(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ accessVersion: sql`${users.accessVersion} + 1` })
    .where(eq(users.userId, userId));
  announceChange(db, `user:${userId}`);
}

/** A PayerAll user's excluded account numbers. */
export async function listExclusions(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ excludedAccount: userExclusions.excludedAccount })
    .from(userExclusions)
    .where(eq(userExclusions.userId, userId))
    .orderBy(asc(userExclusions.excludedAccount));
  return rows.map((row) => row.excludedAccount);
}

/** Active administrators (admin recovery mails them all). */
export async function listActiveAdmins(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`${users.userRole} = 'admin' and ${users.status} = 'active' and ${users.deletedAt} is null`);
}
