// The audit trail (/settings/audit, administrators; issue 14): who did what to whom, when and from where, with a
// safe summary (never a secret or card data). Append-only: the portal never updates or deletes a row.
import { z } from 'zod';
import { defineRoute } from './route';

export const auditPageSize = 100;

export const auditActions = [
  'sign_in',
  'sign_in_failed',
  'sign_in_refused_rate_limit',
  'sign_out',
  'session_expired',
  'refresh_reuse_detected',
  // Manage payments (spec §7 log ids).
  'ADD_PAYMENT_CARD',
  'MOD_PAYMENT_CARD',
  'DEL_PAYMENT_CARD',
  // Guest lookup (issue 6): every answer is recorded, refusals included, by client address and account number.
  'guest_lookup',
  'guest_lookup_failed',
  'guest_lookup_refused_rate_limit',
  // Self-service (issue 13).
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'password_change_failed',
  'account_proof',
  'account_proof_failed',
  'account_proof_refused_rate_limit',
  'registration',
  'registration_existing_email',
  'registration_confirmed',
  'confirmation_resent',
  'account_linked',
  'admin_recovery',
  'admin_recovery_failed',
  'email_template_saved',
  // User administration (issue 14).
  'user_created',
  'user_updated',
  'user_deleted',
  'invite_sent',
  'invite_completed',
  'account_link_added',
  'account_link_changed',
  'account_link_removed',
  'exclusions_changed',
  'impersonation_started',
  'impersonation_stopped',
  'impersonated_call',
  'registration_request',
  'registration_request_completed',
  // Payments (issue 14), in the posting's transaction.
  'payment_posted',
  'payment_declined',
  // Configuration (issue 15): the fields changed, old and new, secrets masked.
  'configuration_changed',
  // The Email tab's test message (issue 15): to whom, through which transport, and the server's answer.
  'smtp_test',
  // Webhook endpoints (issue 27): added, changed (URL, events, enabled), deleted, signing secret rotated; never a secret.
  'webhook_created',
  'webhook_updated',
  'webhook_deleted',
  'webhook_secret_rotated',
  // API keys of machine clients (issue 27): created and revoked by an administrator; a key refused (wrong, revoked,
  // or out of its scopes) with its prefix only.
  'api_key_created',
  'api_key_revoked',
  'api_key_refused',
  // Imports into the built-in ledger and the payments feed's acknowledgements (issue 27).
  'ledger_import',
  'payment_acknowledged',
  // Scheduled payments and AutoPay (issue 29): stored, cancelled, not paid by the job (with the reason); AutoPay
  // enrolled and stopped (with the reason). A payment a job made is payment_posted with its cause.
  'payment_scheduled',
  'scheduled_payment_cancelled',
  'scheduled_payment_not_paid',
  'autopay_enrolled',
  'autopay_stopped',
  // The payment provider's events (issue 36): a refund or a dispute made at the provider, a saved method removed
  // there, and an operator's re-process of a failed event.
  'gateway_payment_refunded',
  'gateway_dispute_opened',
  'gateway_dispute_closed',
  'gateway_method_detached',
  'gateway_event_reprocessed',
  'gateway_dispute_updated',
  // Money that came back (issue 37): a refund asked for (who, how much, why), posted by the ledger or refused by the
  // provider; a bank debit returned; a chargeback's amount withdrawn, and posted again when the dispute was won.
  'payment_refund_requested',
  'payment_refunded',
  'payment_refund_refused',
  'payment_returned',
  'payment_charged_back',
  'payment_chargeback_reversed',
  // Collections (issue 38): a reminder schedule saved; a reminder sent (by the schedule or by hand); a promise to pay
  // made, withdrawn, kept or broken; a collector's note or call, pause and assignment of an account.
  'reminder_schedule_saved',
  'reminder_sent',
  'promise_made',
  'promise_cancelled',
  'promise_kept',
  'promise_broken',
  'collection_note_added',
  'collection_reminders_paused',
  'collection_collector_assigned',
  // Invoice disputes (issue 39): a company code's dispute reasons saved; a dispute raised (by a user, or by a short
  // payment with a dispute reason), its status changed (resolved included), its assignee set, withdrawn by the customer.
  'dispute_reasons_saved',
  'dispute_raised',
  'dispute_status_changed',
  'dispute_assigned',
  'dispute_withdrawn',
  'dispute_attachment_added',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const AuditEventItem = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** Who acted (null: nobody signed in, e.g. a failed sign-in). */
  actor: z.object({ user_id: z.number().int(), login: z.string(), name: z.string() }).nullable(),
  /** Whom or what it concerned: a login, an account number, a setting. */
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventItem = z.infer<typeof AuditEventItem>;

export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** The id of the last event of the page before (newest first). */
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** A user id: events the user did or that concerned the user. */
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: z.enum(auditActions).optional(),
  /** ISO dates (inclusive days, UTC). */
  from: z.string().date().optional(),
  to: z.string().date().optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const listAuditEvents = defineRoute({
  method: 'GET',
  path: '/api/audit-events',
  requiredRole: 'admin',
  summary: 'The audit trail, newest first, keyset-paged, filtered by user, action and dates.',
  querystring: AuditQuery,
  response: z.object({ items: z.array(AuditEventItem), nextCursor: z.number().int().nullable() }),
});

export const exportAuditEvents = defineRoute({
  method: 'GET',
  path: '/api/audit-events/export',
  requiredRole: 'admin',
  download: 'csv',
  summary: 'The audit trail with the same filters, as CSV (streamed).',
  querystring: AuditQuery.omit({ limit: true, cursor: true }),
  response: z.any(),
});
