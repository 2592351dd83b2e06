// The endpoints as Settings → Integration lists them: URL, events, enabled, their messages counted by status and the
// last attempt made to any of them. Never a secret.
import type { WebhookEndpointItem, WebhookEvent } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import {
  countMessagesByEndpoint,
  findEndpoint,
  lastAttemptOf,
  listEndpointRows,
  type EndpointRow,
  type MessageCounts,
} from './webhooks.repository';

export async function listWebhookEndpoints(ctx: AppContext): Promise<{ endpoints: WebhookEndpointItem[] }> {
  const [rows, counts] = await Promise.all([listEndpointRows(ctx.db), countMessagesByEndpoint(ctx.db)]);
  const endpoints = await Promise.all(rows.map((row) => toItem(ctx, row, counts.get(row.id))));
  return { endpoints };
}

/** One endpoint as the list shows it (the answer to a change). */
export async function describeEndpoint(ctx: AppContext, id: number): Promise<WebhookEndpointItem> {
  const row = await findEndpoint(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(ctx, row, (await countMessagesByEndpoint(ctx.db)).get(id));
}

async function toItem(
  ctx: AppContext,
  row: EndpointRow,
  counts: MessageCounts | undefined,
): Promise<WebhookEndpointItem> {
  const last = await lastAttemptOf(ctx.db, row.id);
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    created_by: row.createdByLogin,
    created_at: row.createdAt.toISOString(),
    counts: counts ?? { queued: 0, delivered: 0, failed: 0 },
    last_delivery: last
      ? {
          at: last.at.toISOString(),
          status: last.status,
          ok: last.status !== null && last.status >= 200 && last.status < 300,
        }
      : null,
  };
}
