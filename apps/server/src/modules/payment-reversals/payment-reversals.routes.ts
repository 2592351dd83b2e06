// Refunds and a payment's detail (contracts/payment-reversals.ts, issue 37): thin, one use case each. The auth plugin
// checks CanViewReceivedPayments and CanRefundPayments from the contracts; a refund is exactly-once per Idempotency-Key.
import { getPaymentReceived as getRoute, refundPayment as refundRoute } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { readIdempotencyKey, replyIdempotently, userScope } from '../../http/idempotency';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { getPaymentReceived } from './get-payment-received';
import { refundPayment } from './refund-payment';

export async function paymentReversalsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, getRoute, ({ params }) => getPaymentReceived(ctx, params.id));
  addRoute(app, refundRoute, ({ params, body, request, reply }) => {
    const actor = requireActor(request.actor);
    const scope = userScope(actor.userId);
    return replyIdempotently(
      ctx,
      request,
      reply,
      scope,
      async () => {
        const reversal = await refundPayment(ctx, actor, params.id, body, { scope, key: readIdempotencyKey(request) });
        // A refund still on its way (the provider or the ERP to answer) is not final: a retry with the key asks again.
        return { status: 201, body: reversal };
      },
      // A refund row outlives its key row (released after a crash, expired): refundPayment finds it by the key.
      { isFinal: (answer) => (answer as { state?: string }).state !== 'pending' },
    );
  });
}
