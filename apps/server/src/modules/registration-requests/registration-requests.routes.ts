// Registration request calls (access spec §7; issue 14). The public request is limited per address.
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { createKeyedLimiter } from '../../http/keyed-limiter';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import {
  completeRegistrationRequest,
  getRegistrationRequest,
  listOpenRegistrationRequests,
  submitRegistrationRequest,
} from './registration-requests';

export async function registrationRequestsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const requestsPerAddress = createKeyedLimiter(app, {
    name: 'registration-request:address',
    max: 5,
    windowSeconds: 3600,
  });

  // Each request mails its address: at most 3 per address named per hour, from anywhere (issue 16).
  const requestsPerEmail = createKeyedLimiter(app, {
    name: 'registration-request:email',
    max: 3,
    windowSeconds: 3600,
  });

  addRoute(app, contracts.submitRegistrationRequest, async ({ body, request }) => {
    await requestsPerAddress(request, request.ip);
    await requestsPerEmail(request, body.email.trim().toLowerCase());
    return submitRegistrationRequest(ctx, body, { ...clientInfo(request), language: request.language });
  });
  addRoute(app, contracts.listRegistrationRequests, () => listOpenRegistrationRequests(ctx));
  addRoute(app, contracts.getRegistrationRequest, ({ params }) => getRegistrationRequest(ctx, params.id));
  addRoute(app, contracts.completeRegistrationRequest, ({ params, request }) =>
    completeRegistrationRequest(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
}
