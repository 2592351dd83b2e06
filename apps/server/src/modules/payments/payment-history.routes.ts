import type { FastifyInstance } from 'fastify';
import {
  getPaymentsHistory as getPaymentsHistoryRoute,
  paymentHistoryExportFileNames,
  paymentsHistoryCsv,
  paymentsHistoryExcel,
} from '@portal/contracts';
import type { Readable } from 'node:stream';
import type { ExportFormat } from '../../http/file-export';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { exportPaymentsHistory } from './export-payments-history';
import { getPaymentsHistory } from './get-payments-history';

const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export async function paymentHistoryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, getPaymentsHistoryRoute, ({ body, request }) =>
    getPaymentsHistory(ctx, requireActor(request.actor), body),
  );

  for (const [route, format] of [
    [paymentsHistoryExcel, 'xlsx'],
    [paymentsHistoryCsv, 'csv'],
  ] as const) {
    addRoute(app, route, async ({ body, request, reply }) => {
      const file: Readable = await exportPaymentsHistory(ctx, requireActor(request.actor), body, format, request);
      return reply
        .type(contentTypes[format as ExportFormat])
        .header('content-disposition', `attachment; filename="${paymentHistoryExportFileNames[format]}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    });
  }
}
