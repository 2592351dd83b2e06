// Webhooks (issue 27 §3, Standard Webhooks): an administrator (CanEditSystemConfig) registers endpoints in Settings →
// Integration; each event the portal posts (a payment, a deposit, an import) is written to an outbox in the same
// transaction and sent to every enabled endpoint subscribed to it, signed (`webhook-id`, `webhook-timestamp`,
// `webhook-signature: v1,<base64 HMAC-SHA256>`), retried with backoff for 3 days, with a delivery log and resend by
// hand (docs/adr/0025-webhooks.md). User sessions only: no API key scope reaches these routes.
import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The events an endpoint may subscribe to. Issue 36: a bank debit is `payment.processing` when the provider has
 * started it, then `payment.posted` (or `deposit.posted`) when the bank confirmed it, or `payment.failed` when the bank
 * refused it (nothing posted).
 */
export const webhookEvents = [
  'payment.posted',
  'deposit.posted',
  'import.completed',
  'payment.processing',
  'payment.failed',
  // Issue 37: money that came back of a posted payment (data: the reversal's feed item), and disputes (data: the
  // dispute) opened and closed.
  'payment.refunded',
  'payment.returned',
  'payment.disputed',
  'payment.dispute_closed',
  // Issue 39: a customer's invoice dispute (data: the disputes feed's dispute), opened, changed, resolved or withdrawn.
  'dispute.opened',
  'dispute.updated',
  'dispute.resolved',
] as const;
export const WebhookEvent = z.enum(webhookEvents);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The event "Send test event" sends to one endpoint; no endpoint subscribes to it. */
export const webhookTestEvent = 'webhook.test';

/** Every signing secret starts with it (Standard Webhooks); base64 of 32 random bytes follows. */
export const webhookSecretPrefix = 'whsec_';

export const webhookUrlMaxLength = 2048;

export const WebhookMessageStatus = z.enum(['queued', 'delivered', 'failed']);
export type WebhookMessageStatus = z.infer<typeof WebhookMessageStatus>;

/** Why a URL cannot be an endpoint: each has a message `webhooks.errors.url_<problem>`. */
export type WebhookUrlProblem = 'invalid' | 'scheme' | 'credentials' | 'private_address';

/**
 * The rules a URL meets before any address is looked at, for the form and the server alike: an absolute http or
 * https URL without user name or password (they would travel in clear to whoever answers, and sit in the log).
 */
export function webhookUrlProblem(value: string): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (!url.hostname) return 'invalid';
  return null;
}

const uniqueEvents = z
  .array(WebhookEvent)
  .min(1)
  .max(webhookEvents.length)
  .refine((events) => new Set(events).size === events.length, { message: 'events must be unique' });

export const WebhookEndpointInput = z.object({
  url: z.string().trim().min(1).max(webhookUrlMaxLength),
  events: uniqueEvents,
  enabled: z.boolean().optional(),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

/** The last attempt made to any message of an endpoint. */
export const WebhookLastDelivery = z.object({
  at: z.string(),
  /** The HTTP status answered; null when no answer came (refused, time-out, blocked address). */
  status: z.number().int().nullable(),
  /** The answer was 2xx. */
  ok: z.boolean(),
});

export const WebhookEndpointItem = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  /** The login of the administrator who created it. */
  created_by: z.string(),
  created_at: z.string(),
  /** Messages of the endpoint by status (all time). */
  counts: z.object({ queued: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
  last_delivery: WebhookLastDelivery.nullable(),
});
export type WebhookEndpointItem = z.infer<typeof WebhookEndpointItem>;

export const CreatedWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  /** The signing secret: answered this once, kept sealed, never shown again (rotate to get a new one). */
  secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const WebhookAttempt = z.object({
  at: z.string(),
  /** The HTTP status answered; null when no answer came. */
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** Why the attempt failed (connection refused, time-out, the answer's first characters); '' when it succeeded. */
  error: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookMessageItem = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same for every endpoint that received the event. */
  message_id: z.string(),
  event_type: z.string(),
  status: WebhookMessageStatus,
  created_at: z.string(),
  /** When the next attempt is due (queued messages only). */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Oldest first. */
  attempts: z.array(WebhookAttempt),
});
export type WebhookMessageItem = z.infer<typeof WebhookMessageItem>;

const EndpointParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MessageParams = EndpointParams.extend({
  messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
// A body-less POST reaches the validator as null.
const NoBody = z.object({}).strict().nullish();

export const createWebhookEndpoint = defineRoute({
  method: 'POST',
  path: '/api/integration/webhooks',
  permission: 'CanEditSystemConfig',
  successStatus: 201,
  summary:
    'Register a webhook endpoint for the events named. The answer holds its signing secret (whsec_…), once. A URL that is not http(s), holds credentials or reaches a private address is refused (400).',
  body: WebhookEndpointInput,
  response: CreatedWebhookEndpoint,
});

export const listWebhookEndpoints = defineRoute({
  method: 'GET',
  path: '/api/integration/webhooks',
  permission: 'CanEditSystemConfig',
  summary:
    'The webhook endpoints, oldest first, with their messages counted by status and their last delivery attempt (never a secret).',
  response: z.object({ endpoints: z.array(WebhookEndpointItem) }),
});

export const updateWebhookEndpoint = defineRoute({
  method: 'PUT',
  path: '/api/integration/webhooks/:id',
  permission: 'CanEditSystemConfig',
  summary:
    "Change an endpoint's URL, events or enabled state. A disabled endpoint's messages wait, neither sent nor failed, until it is enabled.",
  params: EndpointParams,
  body: WebhookEndpointInput,
  response: WebhookEndpointItem,
});

export const deleteWebhookEndpoint = defineRoute({
  method: 'DELETE',
  path: '/api/integration/webhooks/:id',
  permission: 'CanEditSystemConfig',
  summary: 'Delete an endpoint with its messages and delivery log.',
  params: EndpointParams,
  response: z.object({ id: z.number().int() }),
});

export const rotateWebhookSecret = defineRoute({
  method: 'POST',
  path: '/api/integration/webhooks/:id/rotate-secret',
  permission: 'CanEditSystemConfig',
  summary:
    'Give the endpoint a new signing secret, answered once; every message sent from now on (queued ones too) is signed with it only.',
  params: EndpointParams,
  body: NoBody,
  response: z.object({ secret: z.string() }),
});

export const listWebhookMessages = defineRoute({
  method: 'GET',
  path: '/api/integration/webhooks/:id/messages',
  permission: 'CanEditSystemConfig',
  summary: "An endpoint's delivery log: its messages newest first, keyset-paged, each with its attempts.",
  params: EndpointParams,
  querystring: z.object({
    status: WebhookMessageStatus.optional(),
    /** The id of the last message of the previous page. */
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
  response: z.object({ messages: z.array(WebhookMessageItem), next_before: z.number().int().nullable() }),
});

export const resendWebhookMessage = defineRoute({
  method: 'POST',
  path: '/api/integration/webhooks/:id/messages/:messageId/resend',
  permission: 'CanEditSystemConfig',
  summary: 'Queue a message again to be sent now, whatever its status (delivered and failed ones too).',
  params: MessageParams,
  body: NoBody,
  response: WebhookMessageItem,
});

export const sendWebhookTest = defineRoute({
  method: 'POST',
  path: '/api/integration/webhooks/:id/test',
  permission: 'CanEditSystemConfig',
  summary:
    'Send a webhook.test event to this endpoint only, now, and answer the message with its first attempt (retried like any other when it fails). A disabled endpoint is refused (409).',
  params: EndpointParams,
  body: NoBody,
  response: WebhookMessageItem,
});
