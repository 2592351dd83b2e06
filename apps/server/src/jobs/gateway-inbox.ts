// Processes the payment provider's events (modules/gateway-events) every WEBHOOK_POLL_INTERVAL_SECONDS on each
// instance, and at once when the webhook kept a new one (kickGatewayInbox); events are leased across instances.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { onGatewayInboxKick } from '../modules/gateway-events/gateway-inbox-kick';
import { processGatewayEvents } from '../modules/gateway-events/process-gateway-events';
import { startRoundJob } from './round-job';

const roundSize = 20;

export function startGatewayInbox(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  if (!ctx.gateway.events) return async () => {};
  return startRoundJob({
    name: 'gateway inbox',
    log,
    intervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_SECONDS * 1000,
    onKick: (kick) => onGatewayInboxKick(ctx, kick),
    round: async () => {
      const round = await processGatewayEvents(ctx, {
        limit: roundSize,
        log: (entry, message) => log.info(entry, message),
      });
      return round.processed + round.retried >= roundSize;
    },
  });
}
