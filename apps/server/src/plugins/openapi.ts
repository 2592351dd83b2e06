// OpenAPI generated from the contracts (DESIGN.md §3): the document at /api/docs/json and a browsable UI at
// /api/docs. Both are public: they describe the API, not anyone's data.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appVersion } from '../version';

export const docsPrefix = '/api/docs';

export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'AR Portal API', version: appVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The UI page carries its own inline script and style; staticCSP gives its routes a CSP with their hashes.
    await scope.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });
  });
});
