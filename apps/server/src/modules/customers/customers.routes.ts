import type { FastifyInstance } from 'fastify';
import { headerAccounts, payer } from '@portal/contracts';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { assertAccountAccess, loadHeaderItems } from './account-access';

export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, headerAccounts, async ({ body, request }) => {
    const actor = requireActor(request.actor);
    const target = body?.userid ?? actor.userId;
    // Another user's accounts only for those who may impersonate (the impersonation issue builds on this).
    if (target !== actor.userId && !actor.permissions.has('CanImpersonate')) throw new AppError('FORBIDDEN');
    return {
      status: { message_type: 'S' as const, message_line_string: '' },
      HeaderItems: await loadHeaderItems(ctx, target),
    };
  });

  addRoute(app, payer, async ({ body, request }) => {
    const actor = requireActor(request.actor);
    await assertAccountAccess(ctx, actor.userId, body.customer_number, body.company_code);
    return ctx.erp.getPayer(body);
  });
}
