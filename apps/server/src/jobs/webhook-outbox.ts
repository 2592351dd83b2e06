// Runs the webhook outbox every WEBHOOK_POLL_INTERVAL_SECONDS on each instance, and at once when a posting queued
// messages (kickWebhookOutbox). Rounds never overlap within an instance; across instances the rows are leased with
// SKIP LOCKED, so each message is sent by one of them. Stopped by the server's graceful shutdown, after the round in
// flight (its attempts are bounded by WEBHOOK_TIMEOUT_SECONDS).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { sendDueWebhooks } from '../modules/webhooks/send-due-webhooks';
import { onWebhookKick } from '../modules/webhooks/webhook-outbox-kick';
import { startRoundJob } from './round-job';

const roundSize = 20;

export function startWebhookOutbox(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  return startRoundJob({
    name: 'webhook outbox',
    log,
    intervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_SECONDS * 1000,
    onKick: (kick) => onWebhookKick(ctx, kick),
    // Keep going while full rounds come back: a burst is sent without waiting for the next poll.
    round: async () => {
      const round = await sendDueWebhooks(ctx, { limit: roundSize, log: (entry, message) => log.info(entry, message) });
      return round.delivered + round.retried + round.failed >= roundSize;
    },
  });
}
