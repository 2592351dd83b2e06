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
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    public?: boolean;
    permission?: RouteContract['permission'];
    requiredRole?: RouteContract['requiredRole'];
    allowUnconfirmed?: boolean;
    duringBlackout?: boolean;
  }
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
    },
    schema: {
      summary: contract.summary,
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: { 200: contract.response },
    },
    handler: async (request, reply) =>
      handler({
        body: request.body as Input<R['body']>,
        query: request.query as Input<R['querystring']>,
        params: request.params as Input<R['params']>,
        request,
        reply,
      }),
  });
}
