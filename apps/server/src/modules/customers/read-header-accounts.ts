// POST /api/customer/header-accounts (spec §7): the header's primary accounts and their sold-tos, the user's own or,
// with userid, another user's, for those who may work as that user (impersonation rules). Reading another user's
// accounts is recorded like any call made while working as that user (issue 27): an impersonated_call row with the
// person signed in as the actor and the user read as the target. Reading one's own is not.
import { headerAccounts, type HeaderAccountsResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { impersonationTarget } from '../users/impersonation';
import { loadHeaderItems } from './account-access';

const ok = { message_type: 'S' as const, message_line_string: '' };

export async function readHeaderAccounts(
  ctx: AppContext,
  actor: Actor,
  userId: number | null | undefined,
  client: ClientInfo,
): Promise<HeaderAccountsResponse> {
  // While impersonating, the actor already is the target: its own accounts are the target's.
  if (userId == null || userId === actor.userId) {
    return { status: ok, HeaderItems: await loadHeaderItems(ctx, actor) };
  }
  const target = await impersonationTarget(ctx, actor, userId);
  const items = await loadHeaderItems(ctx, target);
  // Written once the accounts are read, so that a refusal (403, 404) leaves no row claiming a read.
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'impersonated_call',
    userId: actor.impersonator?.userId ?? actor.userId,
    targetUserId: target.userId,
    subject: target.login,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { method: headerAccounts.method, route: headerAccounts.path, status: 200 },
  });
  return { status: ok, HeaderItems: items };
}
