// Runs the payment reconciler every PAYMENT_RECONCILE_INTERVAL_SECONDS on each instance (intents are leased, so
// instances share the work without doing it twice). Stopped by the server's graceful shutdown.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { reconcilePaymentIntents } from '../modules/payments/reconcile-payment-intents';
import { reconcileReversals } from '../modules/payment-reversals/reconcile-reversals';
import { writeSetting } from '../modules/system/app-settings.repository';

export function startPaymentReconciler(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const intervalMs = ctx.config.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000;
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      reconcilePaymentIntents(ctx, {
        log: (entry, message) => log.info(entry, message),
      })
        // Issue 37: refunds the provider has not answered and reversals the ERP has not taken.
        .then(() => reconcileReversals(ctx, { log: (entry, message) => log.info(entry, message) }))
        // The System tab shows when a round last finished, and where.
        .then(() =>
          writeSetting(ctx.db, 'reconciler', { lastRunAt: ctx.now().toISOString(), instanceId: ctx.instance.id }),
        )
        .catch((error: unknown) => log.error({ err: error }, 'payment reconciler round failed')),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
