// Processes the payment provider's events (modules/gateway-events) every WEBHOOK_POLL_INTERVAL_SECONDS on each
// instance, and at once when the webhook kept a new one (kickGatewayInbox). Rounds never overlap within an instance;
// across instances the events are leased with SKIP LOCKED. Stopped by the graceful shutdown after the round in flight.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { onGatewayInboxKick } from '../modules/gateway-events/gateway-inbox-kick';
import { processGatewayEvents } from '../modules/gateway-events/process-gateway-events';

const roundSize = 20;

export function startGatewayInbox(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  if (!ctx.gateway.events) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const runRound = () => {
    if (queued || stopped) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      try {
        for (;;) {
          const round = await processGatewayEvents(ctx, {
            limit: roundSize,
            log: (entry, message) => log.info(entry, message),
          });
          if (stopped || round.processed + round.retried < roundSize) break;
        }
      } catch (error) {
        log.error({ err: error }, 'gateway inbox round failed');
      }
    });
  };
  const stopKicks = onGatewayInboxKick(ctx, runRound);
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
