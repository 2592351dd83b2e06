// The reconciler (DESIGN §3): settles payment intents left unsettled by a crash, a lost connection or a gateway
// time-out. It takes intents untouched for PAYMENT_RECONCILE_AFTER_SECONDS (longer than any charge call may take,
// so no request is still charging them), asks the gateway for the order and completes or voids each one, once.
// Several instances may run it at once: each intent is leased with SKIP LOCKED.
import type { AppContext } from '../../app-context';
import { leaseStaleIntents } from './payment-intents.repository';
import { settlePaymentIntent } from './settle-payment-intent';

export type ReconcileSummary = { examined: number; posted: number; declined: number; pending: number; failed: number };

export async function reconcilePaymentIntents(
  ctx: AppContext,
  options: { batchSize?: number; log?: (entry: Record<string, unknown>, message: string) => void } = {},
): Promise<ReconcileSummary> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - ctx.config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000);
  const intents = await leaseStaleIntents(ctx.db, staleBefore, now, options.batchSize ?? 50);
  const summary: ReconcileSummary = { examined: intents.length, posted: 0, declined: 0, pending: 0, failed: 0 };
  for (const intent of intents) {
    try {
      const answer = await settlePaymentIntent(ctx, intent, { mode: 'look-up', mayVoid: true });
      summary[
        answer.payment.state === 'posted' ? 'posted' : answer.payment.state === 'declined' ? 'declined' : 'pending'
      ]++;
      options.log?.({ intentId: intent.id, state: answer.payment.state }, 'payment intent reconciled');
    } catch (error) {
      // Left for the next round (its lease runs out); one bad intent never stops the others.
      summary.failed++;
      options.log?.({ intentId: intent.id, err: error }, 'payment intent not reconciled');
    }
  }
  return summary;
}
