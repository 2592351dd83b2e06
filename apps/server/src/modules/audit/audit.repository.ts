import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditEvent =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_in_refused_rate_limit'
  | 'sign_out'
  | 'session_expired'
  | 'refresh_reuse_detected'
  // Manage payments (spec §7 log ids).
  | 'ADD_PAYMENT_CARD'
  | 'MOD_PAYMENT_CARD'
  | 'DEL_PAYMENT_CARD'
  // Guest lookup (issue 6): every answer is recorded, refusals included, by client address and account number.
  | 'guest_lookup'
  | 'guest_lookup_failed'
  | 'guest_lookup_refused_rate_limit'
  // Self-service (issue 13).
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'password_changed'
  | 'password_change_failed'
  | 'account_proof'
  | 'account_proof_failed'
  | 'account_proof_refused_rate_limit'
  | 'registration'
  | 'registration_existing_email'
  | 'registration_confirmed'
  | 'confirmation_resent'
  | 'account_linked'
  | 'admin_recovery'
  | 'admin_recovery_failed'
  | 'email_template_saved';

export type AuditEntry = {
  event: AuditEvent;
  /** From the app's clock, so that time windows and tests agree. */
  at: Date;
  userId?: number | null;
  subject?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    at: entry.at,
    event: entry.event,
    userId: entry.userId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 400) ?? null,
    requestId: entry.requestId ?? null,
    details: entry.details ?? null,
  });
}

export async function countRecentEvents(
  db: Db,
  event: AuditEvent,
  by: { subject: string } | { ip: string },
  since: Date,
): Promise<number> {
  const who = 'subject' in by ? eq(auditEvents.subject, by.subject) : eq(auditEvents.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.event, event), who, gt(auditEvents.at, since)));
  return row?.n ?? 0;
}
