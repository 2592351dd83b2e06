// An endpoint's delivery log (Settings → Integration): its messages newest first with every attempt (when, the
// status answered, how long it took, why it failed), and resend by hand, which queues a message again whatever its
// status. The job sends it at once (kick) or at its next poll.
import type { WebhookMessageItem, WebhookMessageStatus } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { kickWebhookOutbox } from './webhook-outbox-kick';
import {
  attemptsOf,
  findEndpoint,
  listMessageRows,
  requeueMessage,
  type AttemptRow,
  type MessageRow,
} from './webhooks.repository';

export async function listWebhookMessages(
  ctx: AppContext,
  endpointId: number,
  query: { status?: WebhookMessageStatus; before?: number; limit: number },
): Promise<{ messages: WebhookMessageItem[]; next_before: number | null }> {
  if (!(await findEndpoint(ctx.db, endpointId))) throw new AppError('NOT_FOUND');
  const rows = await listMessageRows(ctx.db, endpointId, query);
  const attempts = await attemptsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    messages: rows.map((row) => toMessageItem(row, attempts.get(row.id) ?? [])),
    next_before: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
  };
}

export async function resendWebhookMessage(
  ctx: AppContext,
  endpointId: number,
  id: number,
): Promise<WebhookMessageItem> {
  const row = await requeueMessage(ctx.db, endpointId, id, ctx.now());
  if (!row) throw new AppError('NOT_FOUND');
  kickWebhookOutbox(ctx);
  return toMessageItem(row, (await attemptsOf(ctx.db, [row.id])).get(row.id) ?? []);
}

export function toMessageItem(row: MessageRow, attempts: AttemptRow[]): WebhookMessageItem {
  return {
    id: row.id,
    message_id: row.messageId,
    event_type: row.eventType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    attempts: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status: attempt.status,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  };
}
