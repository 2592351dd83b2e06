// AutoPay (contracts/autopay.ts, issue 29): enrol, list and stop the user's enrolments; every enrolment for
// Settings → Payments received.
import type { FastifyInstance } from 'fastify';
import { deleteAutopay, getAutopay, listAutopayEnrolments, putAutopay } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { enrolAutopay } from './enrol-autopay';
import { listAutopay } from './list-autopay';
import { stopAutopay } from './stop-autopay';

export async function autopayRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, putAutopay, ({ body, request }) => enrolAutopay(ctx, requireActor(request.actor), body));
  addRoute(app, getAutopay, ({ request }) => listAutopay(ctx, requireActor(request.actor)));
  addRoute(app, deleteAutopay, ({ params, request }) => stopAutopay(ctx, requireActor(request.actor), params.id));
  addRoute(app, listAutopayEnrolments, () => listAutopay(ctx, null));
}
