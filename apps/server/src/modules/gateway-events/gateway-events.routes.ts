// The provider's events and what operators see of them (contracts/gateway.ts): the Stripe webhook (raw body: the
// signature is over the exact bytes), the System tab's view of the provider and the re-process of a failed event.
import { getGatewayStatus, reprocessGatewayEvent, stripeWebhook, type GatewayEventView } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAuditEvent } from '../audit/audit.repository';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import {
  findGatewayEvent,
  gatewayEventsOverview,
  requeueGatewayEvent,
  type GatewayEventRow,
} from './gateway-events.repository';
import { kickGatewayInbox } from './gateway-inbox-kick';
import { receiveGatewayEvent } from './receive-gateway-event';

/** Stripe's events are a few KiB; a megabyte is no event of theirs. */
const webhookBodyLimit = 512 * 1024;

export async function gatewayEventsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (webhook) => {
    // This scope only: the body stays the bytes Stripe signed.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    addRoute(webhook, stripeWebhook, async ({ request }) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const answer = await receiveGatewayEvent(
        ctx,
        'stripe',
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      request.log.info({ event: answer.id, kept: answer.kept }, 'gateway event received');
      return { received: true as const };
    });
  });

  addRoute(app, getGatewayStatus, async () => {
    const overview = await gatewayEventsOverview(ctx.db, ctx.gateway.provider);
    return {
      provider: ctx.gateway.provider,
      mode: ctx.gateway.mode,
      webhook_path: ctx.gateway.events?.webhookPath ?? '',
      last_event: overview.last ? view(overview.last) : null,
      failed_events: overview.failed.map(view),
      waiting_events: overview.waiting,
    };
  });

  addRoute(app, reprocessGatewayEvent, async ({ params, request }) => {
    const actor = requireActor(request.actor);
    const row = await requeueGatewayEvent(ctx.db, ctx.gateway.provider, params.id, ctx.now());
    if (!row) {
      // Unknown, or not failed (processed, or still being tried): nothing to do, and said so.
      const known = await findGatewayEvent(ctx.db, ctx.gateway.provider, params.id);
      throw known ? new AppError('CONFLICT', { reason: 'event_not_failed' }) : new AppError('NOT_FOUND');
    }
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'gateway_event_reprocessed',
      userId: actor.impersonator?.userId ?? actor.userId,
      details: { provider: row.provider, event: row.id, type: row.type },
    });
    kickGatewayInbox(ctx);
    return view(row);
  });
}

function view(row: GatewayEventRow): GatewayEventView {
  return {
    id: row.id,
    type: row.type,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
  };
}
