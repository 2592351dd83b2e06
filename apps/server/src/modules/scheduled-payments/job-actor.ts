// Issue 29: who a job pays as: the user who scheduled the payment (or enrolled in AutoPay), read again when the job
// runs, so that a user deactivated, deleted, still unconfirmed or without the right to pay since is refused there
// and then, never charged. The session of a job is the job's reference (no person is signed in).
import type { Permission, UserRole } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

export type JobActor = { actor: Actor } | { refused: 'user_inactive' | 'not_entitled' };

export async function loadJobActor(ctx: AppContext, userId: number, reference: string): Promise<JobActor> {
  const [user] = await ctx.db.select().from(users).where(eq(users.userId, userId));
  if (!user || user.deletedAt || user.status !== 'active' || !user.isConfirmed) return { refused: 'user_inactive' };
  const permissions = new Set(user.permissions as Permission[]);
  if (!permissions.has('CanMakePayment')) return { refused: 'not_entitled' };
  return {
    actor: {
      userId: user.userId,
      sessionId: reference,
      login: user.login,
      role: user.userRole as UserRole,
      permissions,
      thirdPartyId: user.thirdPartyId,
      accessVersion: user.accessVersion,
      contact: { email: user.email, firstName: user.firstName, lastName: user.lastName, language: user.language },
      impersonator: null,
    },
  };
}
