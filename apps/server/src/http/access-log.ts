// One access-log line per request (issue 17): Fastify's default writes two, "incoming request" with the request
// and "request completed" with the status, and at info every call paid for both (pino's serialising and redaction
// were 3-4 % of the invoice list's CPU). The completed line carries the request's fields (log-serializers.ts) beside
// the status and the time; errors, stream errors and the rest are Fastify's own lines, unchanged.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineAccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
