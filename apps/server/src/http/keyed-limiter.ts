// Attempts counted per key (a client address, an e-mail, a user) on @fastify/rate-limit's store: Redis when
// REDIS_URL is set, so that every instance counts together; memory otherwise. Used by the self-service calls that
// can be guessed at or abused to send mail (reset requests, registration, resends, admin recovery).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export type KeyedLimiter = (request: FastifyRequest, key: string) => Promise<void>;

/** Throws 429 (RATE_LIMITED, or the given message) once `key` has been used `max` times in the window. */
export function createKeyedLimiter(
  app: FastifyInstance,
  options: { name: string; max: number; windowSeconds: number; messageKey?: string },
): KeyedLimiter {
  const keyOf = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    keyGenerator: (request) => `${options.name}:${keyOf.get(request) ?? ''}`,
  });
  return async (request, key) => {
    keyOf.set(request, key);
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError('RATE_LIMITED', {
        messageKey: options.messageKey,
        details: { retryAfterSeconds: result.ttlInSeconds },
      });
  };
}
