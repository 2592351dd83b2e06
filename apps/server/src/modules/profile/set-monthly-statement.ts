// PUT /api/profile/monthly-statement (issue 29): the monthly statement e-mail, on or off, for the user whose profile
// this is (the user worked as, when impersonating: the setting is theirs, like their linked accounts).
import type { MonthlyStatementSetting } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

export async function setMonthlyStatement(
  ctx: AppContext,
  actor: Actor,
  on: boolean,
): Promise<MonthlyStatementSetting> {
  await ctx.db.update(users).set({ monthlyStatement: on, updatedAt: ctx.now() }).where(eq(users.userId, actor.userId));
  return { monthly_statement: on };
}
