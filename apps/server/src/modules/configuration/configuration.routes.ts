import type { FastifyInstance } from 'fastify';
import { invoiceTableSetting, paymentSettings } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { getInvoiceTableSetting } from './get-invoice-table-setting';
import { getPaymentSettings } from './get-payment-settings';

export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, paymentSettings, () => getPaymentSettings(app.ctx));
  addRoute(app, invoiceTableSetting, () => getInvoiceTableSetting(app.ctx));
}
