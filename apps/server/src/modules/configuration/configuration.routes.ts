import type { FastifyInstance } from 'fastify';
import { backendConfiguration, invoiceTableSetting, paymentSettings } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { getInvoiceTableSetting } from './get-invoice-table-setting';
import { getPaymentSettings } from './get-payment-settings';

export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, paymentSettings, () => getPaymentSettings(app.ctx));
  addRoute(app, invoiceTableSetting, () => getInvoiceTableSetting(app.ctx));
  // The pay and deposit pages apply the same rules as the server (packages/domain) from this configuration.
  addRoute(app, backendConfiguration, () => app.ctx.erp.getBackendConfiguration());
}
