import type { FastifyInstance } from 'fastify';
import { paymentSettings } from '@portal/contracts';
import { addRoute } from '../../http/routes';
import { getPaymentSettings } from './get-payment-settings';

export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, paymentSettings, () => getPaymentSettings(app.ctx));
}
