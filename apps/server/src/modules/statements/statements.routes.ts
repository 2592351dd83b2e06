// Account statements (contracts/statements.ts, issue 29): one call, the format in the body chooses the file.
import type { FastifyInstance } from 'fastify';
import { statementFileNames, statements } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { downloadStatement } from './download-statement';

const contentTypes = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
} as const;

export async function statementsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, statements, async ({ body, request, reply }) => {
    const file = await downloadStatement(ctx, requireActor(request.actor), body, {
      language: request.language,
      country: request.country,
      host: request.hostname,
    });
    return reply
      .type(contentTypes[file.format])
      .header('content-disposition', `attachment; filename="${statementFileNames[file.format]}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
