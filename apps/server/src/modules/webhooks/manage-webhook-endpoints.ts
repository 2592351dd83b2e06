// Add, change, delete a webhook endpoint and rotate its signing secret (issue 27 §3; administrators). The secret is
// made here, answered once and kept sealed with the configuration key (config-secrets.ts); each change is audited
// without it. A URL is checked when it is saved (webhook-destination.ts) and again at every send.
import {
  webhookEvents,
  type CreatedWebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointItem,
  type WebhookEvent,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent, type AuditEvent } from '../audit/audit.repository';
import { checkWebhookUrl, systemResolver, type WebhookResolver } from './webhook-destination';
import { generateWebhookSecret } from './webhook-signature';
import { describeEndpoint } from './list-webhook-endpoints';
import { deleteEndpointRow, findEndpoint, insertEndpoint, lockEndpoint, updateEndpoint } from './webhooks.repository';

type Parsed = { url: string; events: WebhookEvent[]; enabled: boolean | undefined };

async function parse(
  ctx: AppContext,
  input: WebhookEndpointInput,
  resolve: WebhookResolver,
  current?: string,
): Promise<Parsed> {
  // An unchanged URL is not checked again: an endpoint can always be disabled, whatever its host resolves to today.
  const url =
    current !== undefined && input.url.trim() === current
      ? current
      : await checkWebhookUrl(input.url, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS, resolve });
  // The contract's order, not the caller's: the list and the audit read the same way each time.
  const events = webhookEvents.filter((event) => input.events.includes(event));
  return { url, events, enabled: input.enabled };
}

export async function createWebhookEndpoint(
  ctx: AppContext,
  actor: Actor,
  input: WebhookEndpointInput,
  client: ClientInfo,
  resolve: WebhookResolver = systemResolver,
): Promise<CreatedWebhookEndpoint> {
  const parsed = await parse(ctx, input, resolve);
  const secret = generateWebhookSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertEndpoint(tx, {
      url: parsed.url,
      events: parsed.events,
      enabled: parsed.enabled ?? true,
      secretSealed: ctx.secrets.seal(secret),
      createdByLogin: actor.impersonator?.login ?? actor.login,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, ctx, actor, client, 'webhook_created', created.id, {
      url: created.url,
      events: created.events,
      enabled: created.enabled,
    });
    return created;
  });
  return { id: row.id, url: row.url, events: row.events as WebhookEvent[], enabled: row.enabled, secret };
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: WebhookEndpointInput,
  client: ClientInfo,
  resolve: WebhookResolver = systemResolver,
): Promise<WebhookEndpointItem> {
  const current = await findEndpoint(ctx.db, id);
  if (!current) throw new AppError('NOT_FOUND');
  // Checked before the row is locked: a host name's resolution may take seconds.
  const parsed = await parse(ctx, input, resolve, current.url);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockEndpoint(tx, id);
    if (!before) throw new AppError('NOT_FOUND');
    const after = { url: parsed.url, events: parsed.events, enabled: parsed.enabled ?? before.enabled };
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    if (after.url !== before.url) changed.url = { from: before.url, to: after.url };
    if (after.events.join() !== before.events.join()) changed.events = { from: before.events, to: after.events };
    if (after.enabled !== before.enabled) changed.enabled = { from: before.enabled, to: after.enabled };
    if (Object.keys(changed).length === 0) return;
    await updateEndpoint(tx, id, { ...after, updatedAt: now });
    await audit(tx, ctx, actor, client, 'webhook_updated', id, { changed });
  });
  return describeEndpoint(ctx, id);
}

export async function deleteWebhookEndpoint(
  ctx: AppContext,
  actor: Actor,
  id: number,
  client: ClientInfo,
): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await deleteEndpointRow(tx, id);
    if (!deleted) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, actor, client, 'webhook_deleted', id, { url: deleted.url, events: deleted.events });
  });
  return { id };
}

/**
 * A new secret at once: every message sent from now on, those already queued too, is signed with it only (the
 * previous secret is not kept, so a receiver that still holds it refuses them until it has the new one).
 */
export async function rotateWebhookSecret(
  ctx: AppContext,
  actor: Actor,
  id: number,
  client: ClientInfo,
): Promise<{ secret: string }> {
  const secret = generateWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    const updated = await updateEndpoint(tx, id, { secretSealed: ctx.secrets.seal(secret), updatedAt: ctx.now() });
    if (!updated) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, actor, client, 'webhook_secret_rotated', id, { url: updated.url });
  });
  return { secret };
}

async function audit(
  db: AppContext['db'],
  ctx: AppContext,
  actor: Actor,
  client: ClientInfo,
  event: AuditEvent,
  endpointId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(db, {
    at: ctx.now(),
    event,
    userId: actor.impersonator?.userId ?? actor.userId,
    subject: `webhook ${endpointId}`,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { endpoint_id: endpointId, ...details, ...(actor.impersonator ? { workingAs: actor.userId } : {}) },
  });
}
