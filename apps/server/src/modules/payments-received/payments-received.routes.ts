// Payments received (contracts/payments-received.ts): thin, one use case each; CanViewReceivedPayments is checked by
// the auth plugin from the contracts.
import type { FastifyInstance } from 'fastify';
import { exportPaymentsReceived, paymentsReceivedExportFileNames, searchPaymentsReceived } from '@portal/contracts';
import { exportContentTypes } from '../../http/file-export';
import { addRoute } from '../../http/routes';
import { exportPaymentsReceived as exportUseCase } from './export-payments-received';
import { searchPaymentsReceived as searchUseCase } from './search-payments-received';

export async function paymentsReceivedRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, searchPaymentsReceived, ({ body }) => searchUseCase(ctx, body));
  addRoute(app, exportPaymentsReceived, ({ body, query, request, reply }) =>
    reply
      .type(exportContentTypes[query.format])
      .header('content-disposition', `attachment; filename="${paymentsReceivedExportFileNames[query.format]}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(exportUseCase(ctx, body, query.format, request)),
  );
}
