// One round of the webhook job: lease the messages that are due (SKIP LOCKED: two instances never take one), sign
// each with its endpoint's current secret, post it, and record the attempt. A 2xx answer delivers it; anything else
// (another status, a redirect, no answer, a refused address) is retried on the Standard Webhooks schedule until 3
// days after the event, then the message is failed. The messages of a round are sent side by side: one slow receiver
// does not hold up the others.
import type { AppContext } from '../../app-context';
import { systemResolver, type WebhookResolver } from './webhook-destination';
import { deliverWebhook, type DeliveryResult } from './webhook-delivery';
import { signWebhook } from './webhook-signature';
import { leaseDueMessages, recordAttempt, type AttemptOutcome, type LeasedMessage } from './webhooks.repository';

/**
 * The waits after failed attempt 1, 2, … (Standard Webhooks' recommendation: at once, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h), then 10 h each, while the next attempt falls within retryWindowMs of the event.
 */
export const retryDelaysMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const retryWindowMs = 3 * 24 * 3_600_000;
const lastDelayMs = 36_000_000;

export type WebhookRound = { delivered: number; retried: number; failed: number };

export type SendOptions = {
  limit?: number;
  /** The resolver of endpoint hosts; tests inject one to play a DNS answer that changes. */
  resolve?: WebhookResolver;
  log?: (entry: Record<string, unknown>, message: string) => void;
};

type SendContext = Pick<AppContext, 'db' | 'config' | 'secrets' | 'now'>;

/** Longer than an attempt may take (resolution and the attempt's time-out), so that a lease outlives its send. */
export function leaseMsOf(config: AppContext['config']): number {
  return config.WEBHOOK_TIMEOUT_SECONDS * 1000 + 65_000;
}

export async function sendDueWebhooks(ctx: SendContext, options: SendOptions = {}): Promise<WebhookRound> {
  const round: WebhookRound = { delivered: 0, retried: 0, failed: 0 };
  const due = await leaseDueMessages(ctx.db, {
    now: ctx.now(),
    leaseMs: leaseMsOf(ctx.config),
    limit: options.limit ?? 20,
  });
  const outcomes = await Promise.all(due.map((message) => attemptMessage(ctx, message, options)));
  for (const [index, outcome] of outcomes.entries()) {
    const key = outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'retry' ? 'retried' : 'failed';
    round[key]++;
    const message = due[index]!;
    options.log?.(
      { webhookMessageId: message.id, endpointId: message.endpointId, attempt: message.attempts, outcome: key },
      'webhook outbox',
    );
  }
  return round;
}

/** Sends one leased message once and records the attempt; answers what became of it. */
export async function attemptMessage(
  ctx: SendContext,
  message: LeasedMessage,
  options: Pick<SendOptions, 'resolve'> = {},
): Promise<AttemptOutcome> {
  const at = ctx.now();
  const secret = ctx.secrets.open(message.secretSealed);
  const result: DeliveryResult = secret
    ? await send(ctx, message, secret, at, options.resolve ?? systemResolver)
    : // Sealed under another configuration key (CONFIG_ENCRYPTION_KEY changed): nothing can be signed.
      { status: null, durationMs: 0, error: 'signing secret unreadable (the configuration key changed): rotate it' };
  const outcome = outcomeOf(message, result, ctx.now());
  await recordAttempt(ctx.db, message.id, { at, ...result }, outcome);
  return outcome;
}

function send(
  ctx: SendContext,
  message: LeasedMessage,
  secret: string,
  at: Date,
  resolve: WebhookResolver,
): Promise<DeliveryResult> {
  const payload = message.payload as { timestamp?: unknown; data?: unknown };
  // The body in the specification's order; the same bytes are signed and sent.
  const body = JSON.stringify({ type: message.eventType, timestamp: payload.timestamp, data: payload.data });
  return deliverWebhook(message.url, { ...signWebhook(secret, message.messageId, at, body) }, body, {
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    resolve,
    timeoutMs: ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
  });
}

function outcomeOf(message: LeasedMessage, result: DeliveryResult, now: Date): AttemptOutcome {
  if (result.status !== null && result.status >= 200 && result.status < 300) return { kind: 'delivered' };
  // message.attempts already counts this attempt (the lease counted it).
  const delay = retryDelaysMs[message.attempts - 1] ?? lastDelayMs;
  const nextAttemptAt = new Date(now.getTime() + delay);
  if (nextAttemptAt.getTime() > message.createdAt.getTime() + retryWindowMs) return { kind: 'failed' };
  return { kind: 'retry', nextAttemptAt };
}
