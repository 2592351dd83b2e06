// OpenAPI generated from the contracts (DESIGN.md §3): the document at /api/docs/json and a browsable UI at
// /api/docs. Both are public: they describe the API, not anyone's data.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appVersion } from '../version';

export const docsPrefix = '/api/docs';

/**
 * The route as the document shows it: a route with a successStatus answers under it (routes.ts registers the contract
 * for 200, 201 and 202 alike so that whatever a handler sets is serialised from the contract); a route with an
 * apiKeyScope takes an API key as well as a session.
 */
function documentedSchema(schema: FastifySchema, config: FastifyContextConfig | undefined): FastifySchema {
  const status = config?.successStatus;
  const scope = config?.apiKeyScope;
  if (!schema || (!status && !scope)) return schema;
  const response = schema.response as Record<number, unknown> | undefined;
  return {
    ...schema,
    ...(status && response ? { response: { [status]: response[status] } } : {}),
    ...(scope
      ? {
          security: [{ bearer: [] }, { apiKey: [] }],
          description: `Machine clients: an API key with the scope ${scope}.`,
        }
      : {}),
  } as FastifySchema;
}

export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'AR Portal API', version: appVersion },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Issue 27: machine clients send their key the same way; only routes that name a scope take one.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'arp_…',
            description: 'An API key of Settings → Integration, for the routes that name one of its scopes.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => jsonSchemaTransform({ ...input, schema: documentedSchema(input.schema, input.route.config) }),
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The UI page carries its own inline script and style; staticCSP gives its routes a CSP with their hashes.
    await scope.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });
  });
});
