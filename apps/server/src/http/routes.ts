// Registers a route from its contract (STYLE.md §3): the contract's zod schemas validate the request and
// serialise the answer; `public` and `permission` feed the auth plugin. Every route is listed in `registry`
// so that a test can walk them all (deny by default).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContract } from '@portal/contracts';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteInput<R extends RouteContract> = {
  body: Input<R['body']>;
  query: Input<R['querystring']>;
  params: Input<R['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<R extends RouteContract> = (
  input: RouteInput<R>,
) => Promise<z.input<R['response']>> | z.input<R['response']>;

export type RouteConfig = {
  public: boolean;
  permission?: RouteContract['permission'];
  requiredRole?: RouteContract['requiredRole'];
  allowUnconfirmed?: boolean;
  duringBlackout?: boolean;
  apiKeyScope?: RouteContract['apiKeyScope'];
  successStatus?: RouteContract['successStatus'];
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    public?: boolean;
    permission?: RouteContract['permission'];
    requiredRole?: RouteContract['requiredRole'];
    allowUnconfirmed?: boolean;
    duringBlackout?: boolean;
    /** API keys with this scope may call the route (plugins/auth.ts); without it every key is refused. */
    apiKeyScope?: RouteContract['apiKeyScope'];
    /** The status of a success; the OpenAPI document shows the response under it only (plugins/openapi.ts). */
    successStatus?: RouteContract['successStatus'];
  }
}

/**
 * The statuses a route's answer is written under with its contract's schema. A route with a successStatus may also
 * answer 200, 201 or 202 by setting the code itself (an import answers 201 when done, 202 while it runs): each is
 * serialised from the contract, never by Fastify's schema-less fallback.
 */
function responseSchemas(contract: RouteContract): Record<number, RouteContract['response']> {
  if (!contract.successStatus) return { 200: contract.response };
  return { 200: contract.response, 201: contract.response, 202: contract.response };
}

export function addRoute<R extends RouteContract>(app: FastifyInstance, contract: R, handler: Handler<R>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config: {
      public: contract.public ?? false,
      permission: contract.permission,
      requiredRole: contract.requiredRole,
      allowUnconfirmed: contract.allowUnconfirmed ?? false,
      duringBlackout: contract.duringBlackout ?? false,
      apiKeyScope: contract.apiKeyScope,
      successStatus: contract.successStatus,
    },
    schema: {
      summary: contract.summary,
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: responseSchemas(contract),
    },
    handler: async (request, reply) => {
      const answer = await handler({
        body: request.body as Input<R['body']>,
        query: request.query as Input<R['querystring']>,
        params: request.params as Input<R['params']>,
        request,
        reply,
      });
      // 200 is Fastify's default: a handler that chose another code keeps it.
      if (contract.successStatus && !reply.sent && reply.statusCode === 200) reply.code(contract.successStatus);
      return answer;
    },
  });
}
