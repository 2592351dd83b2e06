import type { FastifyInstance } from 'fastify';
import { payInvoices as payInvoicesRoute, type PayInvoicesResponse } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { hashIdempotentRequest, readIdempotencyKey, replyIdempotently, userScope } from '../../http/idempotency';
import { requireActor } from '../../plugins/auth';
import { payInvoices } from './pay-invoices';

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, payInvoicesRoute, async ({ body, request, reply }) => {
    const actor = requireActor(request.actor);
    const scope = userScope(actor.userId);
    // The CVV shapes neither the stored hash nor the replay: it is checked, handed to the gateway and forgotten.
    const { card_validation_code: _cvv, ...paymentDetail } = body.payment_detail;
    const hashedBody = { ...body, payment_detail: paymentDetail };
    const path = request.url.split('?', 1)[0] ?? request.url;
    return replyIdempotently(
      ctx,
      request,
      reply,
      scope,
      async () => {
        const identity = {
          scope,
          key: readIdempotencyKey(request),
          requestHash: hashIdempotentRequest(request.method, path, hashedBody),
        };
        return { status: 200, body: await payInvoices(ctx, actor, body, identity, request.language) };
      },
      { hashedBody, isFinal: (answer) => (answer as PayInvoicesResponse).payment.state !== 'pending' },
    );
  });
}
