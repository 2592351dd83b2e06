// The webhook outbox's door (issue 27 §3): what reports an event (a payment's posting, an import's completion) calls
// this in its own transaction, so that the messages exist if and only if the event does (a rolled-back payment sends
// nothing, a committed one cannot be lost). One statement: an INSERT … SELECT writing one queued message per enabled
// endpoint subscribed to the type; with no endpoint it writes nothing and costs that one statement. Idempotent per
// endpoint and message id, so a posting replayed with the same id queues nothing more. The caller may nudge the job
// after its commit (kickWebhookOutbox) so that the messages leave at once rather than at the next poll.
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@portal/contracts';
import type { Db } from '../../db/client';
import { executeShaped } from '../../db/prepared';

export type WebhookEventToSend = {
  type: WebhookEvent;
  /** The `webhook-id` every endpoint receives: stable for the event (e.g. `msg_` and the payment's id). */
  messageId: string;
  /** When the event happened: the payload's timestamp, and the start of the message's 3 days of retries. */
  timestamp: Date;
  /** The payload's `data` (for payments, the feed item). */
  data: Record<string, unknown>;
};

export async function enqueueWebhookEvent(tx: Db, event: WebhookEventToSend): Promise<void> {
  const at = event.timestamp.toISOString();
  const payload = { type: event.type, timestamp: at, data: event.data };
  // Rendered once per database (db/prepared.ts): every payment runs it.
  await executeShaped(
    tx,
    'enqueue_webhook_event',
    (bind) => sql`
      INSERT INTO portal.webhook_messages (endpoint_id, message_id, event_type, payload, created_at, next_attempt_at)
      SELECT e.id, ${bind('messageId')}, ${bind('type')}, ${bind('payload')}::jsonb, ${bind('at')}::timestamptz,
        ${bind('at')}::timestamptz
      FROM portal.webhook_endpoints e
      WHERE e.enabled AND ${bind('type')}::text = ANY (e.events)
      ON CONFLICT (endpoint_id, message_id) DO NOTHING`,
    { messageId: event.messageId, type: event.type, payload: JSON.stringify(payload), at },
  );
}
