// The one error handler: AppError → its status and translated message; schema failures → 400;
// everything else is a bug: logged with the request id and answered 500 without internals.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { resolveLanguage, translate } from '@portal/i18n';
import type { ErrorResponse } from '@portal/contracts';
import { ErpUnavailableError } from '../connectors/erp/http/erp-http-client';
import { AppError } from '../errors';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    // A maintenance window's 503 is the portal working as configured, not a failure. The ERP down is not a bug of the
    // portal: a warning with its reason, without a stack per request (the System tab has the circuit's state).
    if (error instanceof ErpUnavailableError)
      request.log.warn({ code: appError.code, reason: error.reason, erp: error.message }, 'ERP unavailable');
    else if (appError.status >= 500 && appError.code !== 'MAINTENANCE')
      request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    return sendError(appError, request, reply);
  });

  app.setNotFoundHandler((request, reply) => sendError(new AppError('NOT_FOUND'), request, reply));
});

/**
 * Errors the router raises before any hook runs (Fastify's frameworkErrors): a path parameter longer than any
 * identifier (found by the contract fuzzing, issue 16) names nothing, so 404; a malformed URL is 400. Both in the one
 * error shape and the caller's language, like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = new AppError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'VALIDATION_FAILED');
  // The request-context hook has not run: the language is read here.
  request.language = resolveLanguage(request.headers['accept-language']);
  request.log.info({ code: appError.code, status: appError.status, reason: error.code }, 'request refused');
  return sendError(appError, request, reply);
}

/**
 * What Node's HTTP parser refuses before any request exists (issue 35: seen only over a socket, never by `inject`): a
 * request line and headers over 16 KiB (431), a client too slow to send them (408), bytes that are not HTTP (400).
 * Answered in the one error shape, in English (no Accept-Language was read), and the connection closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const appError = new AppError(
    status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'VALIDATION_FAILED',
  );
  const body: ErrorResponse = {
    error: appError.code,
    messageKey: appError.messageKey,
    message: translate('en', undefined, appError.messageKey),
    uniqueId: randomUUID(),
  };
  const text = JSON.stringify(body);
  this.log.info({ code: appError.code, status, reason: error.code, requestId: body.uniqueId }, 'request refused');
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy(error);
}

/** The one error shape: the code, its message key, the message in the caller's language, the request id. */
function sendError(appError: AppError, request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorResponse = {
    error: appError.code,
    messageKey: appError.messageKey,
    message: appError.options.message ?? translate(request.language, request.country, appError.messageKey),
    uniqueId: request.id,
    ...(appError.options.reason ? { reason: appError.options.reason } : {}),
    ...(appError.options.details && appError.status < 500 ? { details: appError.options.details } : {}),
  };
  if (appError.code === 'AUTH_TOO_MANY_ATTEMPTS' || appError.code === 'RATE_LIMITED') {
    reply.header('retry-after', String(appError.options.details?.retryAfterSeconds ?? 900));
  }
  return reply.status(appError.status).send(body);
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // Issue 28: the ERP is down or broken; the user reads that, in their language, instead of an unexpected error.
  if (error instanceof ErpUnavailableError) return new AppError('ERP_UNAVAILABLE', { cause: error });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((v) => v.instancePath);
    return new AppError('VALIDATION_FAILED', { details: { fields } });
  }
  if (error.validation) return new AppError('VALIDATION_FAILED');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', { details: { retryAfterSeconds: 60 } });
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', { messageKey: 'errors.request.too_large' });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Malformed JSON, wrong content type, body too large: the caller's fault, said without internals.
    return new AppError('VALIDATION_FAILED', { details: { fields: [] } });
  }
  return new AppError('INTERNAL', { cause: error });
}
