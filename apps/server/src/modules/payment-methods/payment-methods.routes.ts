import type { FastifyInstance } from 'fastify';
import {
  getPaymentMethods,
  managePayments,
  payWithMethods,
  tokenizationAccessToken,
  tokenizationResponse,
} from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { createAccessToken } from './create-access-token';
import { getTokenizationResponse } from './get-tokenization-response';
import { listPaymentMethods } from './list-payment-methods';
import { listPayWithMethods } from './list-pay-with-methods';
import { managePaymentMethod } from './manage-payment-method';

export async function paymentMethodsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, getPaymentMethods, ({ query, request }) => listPaymentMethods(ctx, requireActor(request.actor), query));

  addRoute(app, payWithMethods, ({ query, request }) => listPayWithMethods(ctx, requireActor(request.actor), query));

  addRoute(app, managePayments, ({ body, request }) =>
    managePaymentMethod(ctx, requireActor(request.actor), body, {
      requestId: request.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    }),
  );

  addRoute(app, tokenizationAccessToken, ({ body, request }) =>
    createAccessToken(ctx, requireActor(request.actor), body, request.language),
  );

  addRoute(app, tokenizationResponse, ({ body, request }) =>
    getTokenizationResponse(ctx, requireActor(request.actor), body.access_token),
  );
}
