// The audit trail calls (issue 14): administrators only (requiredRole in the contracts).
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { exportAuditEvents, listAuditEvents } from './list-audit-events';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, contracts.listAuditEvents, ({ query }) => listAuditEvents(ctx, query));
  addRoute(app, contracts.exportAuditEvents, ({ query, request, reply }) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-trail.csv"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(exportAuditEvents(ctx, query, request)),
  );
}
