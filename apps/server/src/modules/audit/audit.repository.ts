import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeWithRows } from '../../db/prepared';
import { auditEvents } from '../../db/schema';
import type { AuditAction } from '@portal/contracts';

/** The audit trail's actions: one list in the contracts, so that the trail's filter offers each (issue 14). */
export type AuditEvent = AuditAction;

export type AuditEntry = {
  event: AuditEvent;
  /** From the app's clock, so that time windows and tests agree. */
  at: Date;
  userId?: number | null;
  subject?: string | null;
  /** The user the event concerned, when it concerned one (the audit trail's user filter). */
  targetUserId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  const row = {
    at: entry.at,
    event: entry.event,
    userId: entry.userId ?? null,
    subject: entry.subject ?? null,
    targetUserId: entry.targetUserId ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 400) ?? null,
    requestId: entry.requestId ?? null,
    details: entry.details ?? null,
  };
  // Most calls that change something record one: rendered once (db/prepared.ts).
  await executeWithRows(db, 'audit_event', [row], (rows) => db.insert(auditEvents).values(rows));
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
