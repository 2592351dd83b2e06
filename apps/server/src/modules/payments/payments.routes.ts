import type { FastifyInstance } from 'fastify';
import { payInvoices as payInvoicesRoute } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { userScope } from '../../http/idempotency';
import { requireActor } from '../../plugins/auth';
import { payInvoices } from './pay-invoices';
import { replyPaymentOnce } from './reply-payment-once';

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, payInvoicesRoute, ({ body, request, reply }) => {
    const actor = requireActor(request.actor);
    return replyPaymentOnce(ctx, request, reply, userScope(actor.userId), body, (identity) =>
      payInvoices(ctx, actor, body, identity, request.language),
    );
  });
}
