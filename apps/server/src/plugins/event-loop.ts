// Wires the event-loop watch (http/event-loop-watch.ts, issue 35) into the app: every stage of every request tells it
// which route the loop is working for, /api/health reports it, /api/ready turns 503 while the loop was blocked lately.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { startEventLoopWatch, type EventLoopWatch } from '../http/event-loop-watch';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    eventLoop: EventLoopWatch;
  }
}

export const eventLoopPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  const watch = startEventLoopWatch({
    blockedMs: config.EVENT_LOOP_BLOCKED_MS,
    unreadySeconds: config.EVENT_LOOP_UNREADY_SECONDS,
    log: app.log,
    watchdogWrites: config.LOG_LEVEL !== 'silent' && config.LOG_LEVEL !== 'fatal' && config.LOG_LEVEL !== 'error',
  });
  app.decorate('eventLoop', watch);
  app.addHook('onClose', async () => watch.close());
  const enter = async (request: FastifyRequest) => {
    watch.enter(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`, request.id);
  };
  for (const stage of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization'] as const)
    app.addHook(stage, enter);
  app.addHook('onResponse', async (request) => watch.leave(request.id));
  // A request whose client went away before its answer is not in flight either.
  app.addHook('onRequestAbort', async (request) => watch.leave(request.id));
});
