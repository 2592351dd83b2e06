// Runs the webhook outbox every WEBHOOK_POLL_INTERVAL_SECONDS on each instance, and at once when a posting queued
// messages (kickWebhookOutbox). Rounds never overlap within an instance; across instances the rows are leased with
// SKIP LOCKED, so each message is sent by one of them. Stopped by the server's graceful shutdown, after the round in
// flight (its attempts are bounded by WEBHOOK_TIMEOUT_SECONDS).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { sendDueWebhooks } from '../modules/webhooks/send-due-webhooks';
import { onWebhookKick } from '../modules/webhooks/webhook-outbox-kick';

const roundSize = 20;

export function startWebhookOutbox(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const runRound = () => {
    if (queued || stopped) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      try {
        // Keep going while full rounds come back: a burst is sent without waiting for the next poll.
        for (;;) {
          const round = await sendDueWebhooks(ctx, {
            limit: roundSize,
            log: (entry, message) => log.info(entry, message),
          });
          if (stopped || round.delivered + round.retried + round.failed < roundSize) break;
        }
      } catch (error) {
        log.error({ err: error }, 'webhook outbox round failed');
      }
    });
  };
  const stopKicks = onWebhookKick(ctx, runRound);
  const intervalMs = ctx.config.WEBHOOK_POLL_INTERVAL_SECONDS * 1000;
  const timer = intervalMs > 0 ? setInterval(runRound, intervalMs) : undefined;
  timer?.unref();
  runRound();
  return async () => {
    stopped = true;
    stopKicks();
    if (timer) clearInterval(timer);
    await running;
  };
}
