// DELETE /api/scheduled-payments/{id} (issue 29): the user's own scheduled payment, until the job takes it. Another
// user's answers 404 like one that does not exist; one being paid, paid or ended answers 409.
import type { ScheduledPayment } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { scheduledPayments } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { toWire } from './scheduled-payments.repository';

export async function cancelScheduledPayment(ctx: AppContext, actor: Actor, id: string): Promise<ScheduledPayment> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.id, id), eq(scheduledPayments.userId, actor.userId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'scheduled')
      throw new AppError('CONFLICT', { messageKey: 'scheduled-payments.not_cancellable', reason: 'not_cancellable' });
    const [cancelled] = await tx
      .update(scheduledPayments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(scheduledPayments.id, id))
      .returning();
    await recordAuditEvent(tx, {
      event: 'scheduled_payment_cancelled',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      targetUserId: actor.userId,
      subject: row.payerNumber,
      details: { scheduled_payment: id, cause: row.cause, scheduled_date: row.scheduledDate },
    });
    return toWire(cancelled!);
  });
}
