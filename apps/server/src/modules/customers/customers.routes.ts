import type { FastifyInstance } from 'fastify';
import { headerAccounts, payer } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { impersonationTarget } from '../users/impersonation';
import { assertAccountAccess, loadHeaderItems } from './account-access';

export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, headerAccounts, async ({ body, request }) => {
    const actor = requireActor(request.actor);
    // Another user's accounts only for those who may work as that user (spec §7; impersonation rules); while
    // impersonating, the actor already is the target.
    const holder =
      body?.userid == null || body.userid === actor.userId ? actor : await impersonationTarget(ctx, actor, body.userid);
    return {
      status: { message_type: 'S' as const, message_line_string: '' },
      HeaderItems: await loadHeaderItems(ctx, holder),
    };
  });

  addRoute(app, payer, async ({ body, request }) => {
    const actor = requireActor(request.actor);
    await assertAccountAccess(ctx, actor, body.customer_number, body.company_code);
    return ctx.erp.getPayer(body);
  });
}
