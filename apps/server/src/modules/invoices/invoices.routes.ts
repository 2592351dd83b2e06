// The invoice calls (contracts/invoices.ts): thin, one use case each. Every call but the signed PDF download
// needs a session; the use cases authorise the account and the documents.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  bulkPdfRequest,
  downloadInvoicePdf,
  invoiceCsv,
  invoiceDetail,
  invoiceExcel,
  invoiceExportFileNames,
  invoicePdfRequest,
  invoiceAging,
  invoiceTotals,
  searchInvoices,
  searchPdfRequest,
} from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { downloadInvoicePdf as downloadPdf } from './download-invoice-pdf';
import { exportInvoices } from './export-invoices';
import { getInvoiceDetail } from './get-invoice-detail';
import { getInvoiceAging } from './get-invoice-aging';
import { getInvoiceTotals } from './get-invoice-totals';
import { requestInvoicePdf } from './request-invoice-pdf';
import { searchInvoices as searchInvoicesUseCase } from './search-invoices';

const contentTypes = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

function sendFile(reply: FastifyReply, kind: keyof typeof contentTypes, body: unknown, inline = false) {
  return reply
    .type(contentTypes[kind])
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${invoiceExportFileNames[kind]}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, searchInvoices, ({ body, request }) => searchInvoicesUseCase(ctx, requireActor(request.actor), body));
  addRoute(app, invoiceTotals, ({ body, request }) => getInvoiceTotals(ctx, requireActor(request.actor), body));
  addRoute(app, invoiceAging, ({ body, request }) => getInvoiceAging(ctx, requireActor(request.actor), body));
  addRoute(app, invoiceDetail, ({ body, request }) => getInvoiceDetail(ctx, requireActor(request.actor), body));

  addRoute(app, invoicePdfRequest, ({ body, request }) =>
    requestInvoicePdf(ctx, requireActor(request.actor), body, 'single'),
  );
  addRoute(app, searchPdfRequest, ({ body, request }) =>
    requestInvoicePdf(ctx, requireActor(request.actor), body, 'search'),
  );
  addRoute(app, bulkPdfRequest, ({ body, request }) =>
    requestInvoicePdf(ctx, requireActor(request.actor), body, 'bulk'),
  );
  addRoute(app, downloadInvoicePdf, async ({ params, reply }) =>
    sendFile(reply, 'pdf', await downloadPdf(ctx, params.token), true),
  );

  addRoute(app, invoiceExcel, async ({ body, request, reply }) =>
    sendFile(reply, 'xlsx', await exportInvoices(ctx, requireActor(request.actor), body, 'xlsx', request)),
  );
  addRoute(app, invoiceCsv, async ({ body, request, reply }) =>
    sendFile(reply, 'csv', await exportInvoices(ctx, requireActor(request.actor), body, 'csv', request)),
  );
}
