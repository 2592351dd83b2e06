import type { FastifyInstance } from 'fastify';
import { headerAccounts, payer } from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { assertAccountAccess } from './account-access';
import { readHeaderAccounts } from './read-header-accounts';

export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, headerAccounts, ({ body, request }) =>
    readHeaderAccounts(ctx, requireActor(request.actor), body?.userid, clientInfo(request)),
  );

  addRoute(app, payer, async ({ body, request }) => {
    const actor = requireActor(request.actor);
    await assertAccountAccess(ctx, actor, body.customer_number, body.company_code);
    return ctx.erp.getPayer(body);
  });
}
