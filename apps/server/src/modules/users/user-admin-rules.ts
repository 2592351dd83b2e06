// Who may change a user, and how user administration is written to the audit trail (issue 14).
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent, type AuditEvent } from '../audit/audit.repository';
import type { UserRow } from './users.repository';

export function forbidden(reason: string): AppError {
  return new AppError('FORBIDDEN', { messageKey: `errors.users.${reason}`, reason });
}

/** Whether the actor may change this user at all: an admin is changed by admins only (e-mail, status, password). */
export function assertMayChange(actor: Actor, user: UserRow): void {
  if (user.userRole === 'admin' && actor.role !== 'admin') throw forbidden('admin_only');
}

/** One audit row of user administration: the person signed in as actor (and whom they worked as), the user as target. */
export async function audit(
  ctx: AppContext,
  actor: Actor,
  client: ClientInfo,
  event: AuditEvent,
  targetUserId: number,
  subject: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event,
    userId: actor.impersonator?.userId ?? actor.userId,
    targetUserId,
    subject,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: actor.impersonator ? { ...details, workingAs: actor.userId } : details,
  });
}
