// Scheduled payments (contracts/scheduled-payments.ts, issue 29): the user's list and the cancel. Storing one is
// POST /api/invoice/payments with a scheduled_date (payments.routes.ts).
import type { FastifyInstance } from 'fastify';
import { cancelScheduledPayment as cancelRoute, listScheduledPayments } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { cancelScheduledPayment } from './cancel-scheduled-payment';
import { listScheduledPaymentsOf, toWire } from './scheduled-payments.repository';

export async function scheduledPaymentsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, listScheduledPayments, async ({ query, request }) => {
    const actor = requireActor(request.actor);
    const rows = await listScheduledPaymentsOf(ctx.db, actor.userId, query.status);
    return { scheduled_payments: rows.map((row) => toWire(row)) };
  });
  addRoute(app, cancelRoute, ({ params, request }) =>
    cancelScheduledPayment(ctx, requireActor(request.actor), params.id),
  );
}
