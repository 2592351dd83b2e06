// Issue 29: an AutoPay enrolment stops: the user stops it (DELETE /api/autopay/{id}), a new enrolment of the account
// replaces it, or the job finds it can no longer run (the method deleted or expired, the user deactivated or no
// longer entitled, AutoPay switched off for the company code). Its payments not yet taken by the job are cancelled;
// the trail records it; the user is told by e-mail unless they did it themselves.
import type { AutopayEnrolment, AutopayStopReason } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { autopayEnrolments, scheduledPayments, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import { autopayPath, type AutopayMailPayload } from '../mail/scheduling-mail';
import { toWire, type AutopayRow } from './autopay.repository';
import { maxAmountDecimals } from './max-amount-decimals';

/** Stops an active enrolment in the caller's transaction; false when it was not active (stopped already). */
export async function stopEnrolmentFor(
  tx: Db,
  ctx: AppContext,
  id: string,
  reason: AutopayStopReason,
  by?: Actor,
): Promise<AutopayRow | null> {
  const now = ctx.now();
  const [row] = await tx
    .update(autopayEnrolments)
    .set({ status: 'stopped', stoppedReason: reason, stoppedAt: now })
    .where(and(eq(autopayEnrolments.id, id), eq(autopayEnrolments.status, 'active')))
    .returning();
  if (!row) return null;
  await tx
    .update(scheduledPayments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(scheduledPayments.autopayId, id), eq(scheduledPayments.status, 'scheduled')));
  await recordAuditEvent(tx, {
    event: 'autopay_stopped',
    at: now,
    userId: by ? (by.impersonator?.userId ?? by.userId) : null,
    targetUserId: row.userId,
    subject: row.payerNumber,
    details: { autopay: row.id, reason },
  });
  if (reason !== 'cancelled' && reason !== 'replaced') {
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
      .from(users)
      .where(eq(users.userId, row.userId));
    if (user?.email) {
      const payload: AutopayMailPayload = {
        firstName: user.firstName,
        lastName: user.lastName,
        account: row.payerNumber.replace(/^0+(?=\d)/, ''),
        payment_method_label: row.paymentMethodLabel,
        days_before_due: row.daysBeforeDue,
        max_amount: null,
        max_currency_key: null,
        max_currency_decimals: null,
        left: [],
        stopped_reason: reason,
        manage_url: portalLink(ctx, autopayPath),
      };
      await queueMail(tx, ctx, {
        template: 'autopay_stopped',
        recipient: user.email,
        language: user.language,
        payload,
        dedupeKey: `autopay_stopped:${row.id}`,
      });
    }
  }
  return row;
}

/** DELETE /api/autopay/{id}: the user's own enrolment only (another's answers 404, like one that does not exist). */
export async function stopAutopay(ctx: AppContext, actor: Actor, id: string): Promise<AutopayEnrolment> {
  const stopped = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(autopayEnrolments)
      .where(and(eq(autopayEnrolments.id, id), eq(autopayEnrolments.userId, actor.userId)));
    if (!row) throw new AppError('NOT_FOUND');
    return (await stopEnrolmentFor(tx, ctx, id, 'cancelled', actor)) ?? row;
  });
  return toWire(stopped, await maxAmountDecimals(ctx, stopped.maxCurrencyKey));
}
