import type { FastifyInstance } from 'fastify';
import { getDepositSettings as getDepositSettingsRoute, makeDeposit as makeDepositRoute } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { userScope } from '../../http/idempotency';
import { requireActor } from '../../plugins/auth';
import { replyPaymentOnce } from '../payments/reply-payment-once';
import { getDepositSettings } from './get-deposit-settings';
import { makeDeposit } from './make-deposit';

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, getDepositSettingsRoute, ({ query, request }) =>
    getDepositSettings(ctx, requireActor(request.actor), query),
  );

  addRoute(app, makeDepositRoute, ({ body, request, reply }) => {
    const actor = requireActor(request.actor);
    return replyPaymentOnce(ctx, request, reply, userScope(actor.userId), body, (identity) =>
      makeDeposit(ctx, actor, body, identity, request.language),
    );
  });
}
