// Settings → Integration, Revoke (issue 27 §1): the key is refused from the next call on, on every instance (each
// call reads the key's row). Revoking again changes nothing and answers the first revocation.
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { revokeApiKeyRow } from './api-keys.repository';

export async function revokeApiKey(
  ctx: AppContext,
  actor: Actor,
  id: number,
  client: ClientInfo,
): Promise<{ id: number; revoked_at: string }> {
  const admin = actor.impersonator ?? actor;
  const at = ctx.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const row = await revokeApiKeyRow(tx, id, at, admin.login);
    if (row?.newlyRevoked)
      await recordAuditEvent(tx, {
        at,
        event: 'api_key_revoked',
        userId: admin.userId,
        subject: row.name,
        ip: client.ip,
        userAgent: client.userAgent,
        requestId: client.requestId,
        details: { key_id: row.id, name: row.name, key_prefix: row.keyPrefix },
      });
    return row;
  });
  if (!revoked) throw new AppError('NOT_FOUND');
  return { id: revoked.id, revoked_at: revoked.revokedAt.toISOString() };
}
