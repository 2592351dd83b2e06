// PUT /api/profile/payment-reminders (issue 38): the reminder schedule's e-mails, on or off, for the user whose
// profile this is (the user worked as, when impersonating, like the monthly statement).
import type { PaymentRemindersSetting } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

export async function setPaymentReminders(
  ctx: AppContext,
  actor: Actor,
  on: boolean,
): Promise<PaymentRemindersSetting> {
  await ctx.db.update(users).set({ paymentReminders: on, updatedAt: ctx.now() }).where(eq(users.userId, actor.userId));
  return { payment_reminders: on };
}
