// Settings → Integration (issue 27 §1): API keys, for administrators (CanEditSystemConfig, from each contract). No
// route here names an apiKeyScope: a key never manages keys.
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, contracts.createApiKey, ({ body, request }) =>
    createApiKey(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, contracts.listApiKeys, () => listApiKeys(ctx));
  addRoute(app, contracts.revokeApiKey, ({ params, request }) =>
    revokeApiKey(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
}
