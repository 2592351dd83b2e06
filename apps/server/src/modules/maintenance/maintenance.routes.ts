import type { FastifyInstance } from 'fastify';
import { getBlackout as getBlackoutRoute, isBlackoutActive, putBlackout as putBlackoutRoute } from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { blackoutStatus, getBlackout, putBlackout } from './blackout';

export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, getBlackoutRoute, () => getBlackout(app.ctx));
  addRoute(app, putBlackoutRoute, ({ body, request }) =>
    putBlackout(app.ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, isBlackoutActive, ({ query, request }) =>
    blackoutStatus(app.ctx, { language: request.language, timeZone: query.tz }),
  );
}
