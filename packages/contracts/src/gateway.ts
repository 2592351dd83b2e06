// The payment provider's side of the portal (issue 36, ADR 0031): its signed events, and what operators see of it.
//
// POST /api/gateway/stripe/webhook: Stripe's events, verified on the raw body (Stripe-Signature, 5 minutes of
// tolerance), kept once by id in a durable inbox and processed from there (never in the request).
// GET /api/system/gateway: the provider, test or live mode, the last event received and the failed ones.
// POST /api/system/gateway/events/{id}/reprocess: an operator processes a failed event again.
import { z } from 'zod';
import { defineRoute } from './route';

export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/api/gateway/stripe/webhook',
  public: true,
  duringBlackout: true,
  summary: "Stripe's signed events (Stripe-Signature on the raw body); 200 once kept in the inbox.",
  response: z.object({ received: z.literal(true) }),
});

export const GatewayEventView = z.object({
  id: z.string(),
  type: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string(),
});
export type GatewayEventView = z.infer<typeof GatewayEventView>;

export const GatewayStatusResponse = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  mode: z.enum(['test', 'live']),
  /** Where the provider sends its events ('' for the sandbox, which needs none). */
  webhook_path: z.string(),
  last_event: GatewayEventView.nullable(),
  /** Events whose processing failed (after their retries), newest first. */
  failed_events: z.array(GatewayEventView),
  /** Events received and not yet processed. */
  waiting_events: z.number().int(),
});
export type GatewayStatusResponse = z.infer<typeof GatewayStatusResponse>;

export const getGatewayStatus = defineRoute({
  method: 'GET',
  path: '/api/system/gateway',
  permission: 'CanEditSystemConfig',
  summary: 'The payment provider, its mode, the last event received and the failed ones.',
  response: GatewayStatusResponse,
});

export const reprocessGatewayEvent = defineRoute({
  method: 'POST',
  path: '/api/system/gateway/events/:id/reprocess',
  permission: 'CanEditSystemConfig',
  summary: 'Process a failed provider event again (an event is applied once: a repeat changes nothing).',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: GatewayEventView,
});
