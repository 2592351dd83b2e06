// "Send test event" (Settings → Integration): a webhook.test message to one endpoint, through the outbox like any
// other (signed, logged, retried when it fails), and attempted within the request so that the administrator reads
// at once what their receiver answered. A disabled endpoint sends nothing, a test included (409).
import { randomUUID } from 'node:crypto';
import { webhookTestEvent, type WebhookMessageItem } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { attemptMessage, leaseMsOf } from './send-due-webhooks';
import { systemResolver, type WebhookResolver } from './webhook-destination';
import { toMessageItem } from './webhook-delivery-log';
import { attemptsOf, findEndpoint, findMessage, insertMessage, leaseDueMessages } from './webhooks.repository';

export async function sendWebhookTest(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
  resolve: WebhookResolver = systemResolver,
): Promise<WebhookMessageItem> {
  const endpoint = await findEndpoint(ctx.db, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND');
  if (!endpoint.enabled) throw new AppError('CONFLICT', { messageKey: 'webhooks.errors.test_disabled' });
  const now = ctx.now();
  const timestamp = now.toISOString();
  const message = await insertMessage(ctx.db, {
    endpointId,
    messageId: `msg_${randomUUID().replaceAll('-', '')}`,
    eventType: webhookTestEvent,
    payload: {
      type: webhookTestEvent,
      timestamp,
      data: { endpoint_id: endpointId, sent_by: actor.impersonator?.login ?? actor.login },
    },
    createdAt: now,
    nextAttemptAt: now,
  });
  if (!message) throw new AppError('INTERNAL');
  const [leased] = await leaseDueMessages(ctx.db, { now, leaseMs: leaseMsOf(ctx.config), limit: 1, only: message.id });
  // Not leased: the endpoint was disabled or deleted meanwhile, or another instance took it; the log tells which.
  if (leased) await attemptMessage(ctx, leased, { resolve });
  const row = await findMessage(ctx.db, endpointId, message.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toMessageItem(row, (await attemptsOf(ctx.db, [row.id])).get(row.id) ?? []);
}
