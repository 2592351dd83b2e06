import type { FastifyInstance } from 'fastify';
import {
  backendConfiguration,
  deleteSmtpSettings,
  getMailTransport as getMailTransportRoute,
  getApplicationConfiguration as getApplicationConfigurationRoute,
  getConnectionStatus as getConnectionStatusRoute,
  getSystemStatus as getSystemStatusRoute,
  invoiceTableSetting,
  paymentSettings,
  putApplicationConfiguration as putApplicationConfigurationRoute,
  putApplicationConfigurationValue as putApplicationConfigurationValueRoute,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import {
  getApplicationConfiguration,
  putApplicationConfiguration,
  putApplicationConfigurationValue,
  removeSmtpSettings,
} from './application-configuration';
import { getMailTransport } from './get-mail-transport';
import { getSystemStatus } from './system-status';
import { getConnectionStatus } from './connection-status';
import { getInvoiceTableSetting } from './get-invoice-table-setting';
import { getPaymentSettings } from './get-payment-settings';

export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, paymentSettings, () => getPaymentSettings(app.ctx));
  addRoute(app, invoiceTableSetting, () => getInvoiceTableSetting(app.ctx));
  // The pay and deposit pages apply the same rules as the server (packages/domain) from this configuration.
  addRoute(app, backendConfiguration, () => app.ctx.erp.getBackendConfiguration());
  addRoute(app, getApplicationConfigurationRoute, () => getApplicationConfiguration(app.ctx));
  addRoute(app, getSystemStatusRoute, () => getSystemStatus(app.ctx));
  addRoute(app, getConnectionStatusRoute, () => getConnectionStatus(app.ctx));
  addRoute(app, putApplicationConfigurationRoute, ({ body, request }) =>
    putApplicationConfiguration(app.ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, getMailTransportRoute, () => getMailTransport(app.ctx));
  addRoute(app, deleteSmtpSettings, ({ request }) =>
    removeSmtpSettings(app.ctx, requireActor(request.actor), clientInfo(request)),
  );
  addRoute(app, putApplicationConfigurationValueRoute, ({ params, body, request }) =>
    putApplicationConfigurationValue(
      app.ctx,
      requireActor(request.actor),
      params.name,
      body.value,
      clientInfo(request),
    ),
  );
}
