import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentTokenGrants } from '../../db/schema';

/** Remembers a token reported to a session; a later 3-D Secure outcome replaces the earlier one. */
export async function recordTokenGrant(
  db: Db,
  grant: { sessionId: string; token: string; threedsStatus: string; at: Date },
): Promise<void> {
  await db
    .insert(paymentTokenGrants)
    .values({
      sessionId: grant.sessionId,
      paymentCardToken: grant.token,
      threedsStatus: grant.threedsStatus,
      createdAt: grant.at,
    })
    .onConflictDoUpdate({
      target: [paymentTokenGrants.sessionId, paymentTokenGrants.paymentCardToken],
      // An empty outcome (the frame's own answer read again) never erases a 3-D Secure result.
      set: {
        threedsStatus: sql`case when excluded.threeds_status = '' then ${paymentTokenGrants.threedsStatus} else excluded.threeds_status end`,
      },
    });
}

export async function findTokenGrant(db: Db, sessionId: string, token: string) {
  const [row] = await db
    .select()
    .from(paymentTokenGrants)
    .where(and(eq(paymentTokenGrants.sessionId, sessionId), eq(paymentTokenGrants.paymentCardToken, token)))
    .limit(1);
  return row;
}
