// The payments feed (issue 27 §3): API keys of scope payments:read, or an administrator's session.
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireCaller } from '../../plugins/auth';
import { acknowledgeFeedPayment } from './acknowledge-feed-payment';
import { readPaymentFeed } from './read-payment-feed';

export async function ledgerFeedRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, contracts.readPaymentFeed, ({ query }) => readPaymentFeed(ctx, query));
  addRoute(app, contracts.acknowledgeFeedPayment, ({ params, body, request }) => {
    const caller = requireCaller(request);
    return acknowledgeFeedPayment(ctx, params.id, body.erp_document_number, {
      login: caller.login,
      userId: caller.userId,
      ip: request.ip,
      requestId: request.id,
    });
  });
}
