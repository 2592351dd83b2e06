// Webhook endpoints and their delivery log (issue 27 §3; Settings → Integration). Administrators only
// (CanEditSystemConfig, from each contract); no API key reaches them (the contracts name no scope).
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { listWebhookEndpoints } from './list-webhook-endpoints';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './manage-webhook-endpoints';
import { sendWebhookTest } from './send-webhook-test';
import { listWebhookMessages, resendWebhookMessage } from './webhook-delivery-log';

export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, contracts.listWebhookEndpoints, () => listWebhookEndpoints(ctx));
  addRoute(app, contracts.createWebhookEndpoint, ({ body, request }) =>
    createWebhookEndpoint(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, contracts.updateWebhookEndpoint, ({ params, body, request }) =>
    updateWebhookEndpoint(ctx, requireActor(request.actor), params.id, body, clientInfo(request)),
  );
  addRoute(app, contracts.deleteWebhookEndpoint, ({ params, request }) =>
    deleteWebhookEndpoint(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
  addRoute(app, contracts.rotateWebhookSecret, ({ params, request }) =>
    rotateWebhookSecret(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
  addRoute(app, contracts.listWebhookMessages, ({ params, query }) => listWebhookMessages(ctx, params.id, query));
  addRoute(app, contracts.resendWebhookMessage, ({ params }) => resendWebhookMessage(ctx, params.id, params.messageId));
  addRoute(app, contracts.sendWebhookTest, ({ params, request }) =>
    sendWebhookTest(ctx, requireActor(request.actor), params.id),
  );
}
