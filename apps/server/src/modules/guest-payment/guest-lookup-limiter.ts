// The guest lookup is an oracle for invoice amounts (issue 6): attempts are limited per client address and per
// account number, on @fastify/rate-limit's store (the app's: Redis when REDIS_URL is set, so every instance counts
// together; in memory otherwise). The address is counted first and only an address still under its limit counts
// against the account, so a blocked address cannot keep burning a real customer's account allowance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

export type LookupLimit = { limited: false } | { limited: true; by: 'address' | 'account'; retryAfterSeconds: number };

export type GuestLookupLimiter = { hit: (request: FastifyRequest, account: string) => Promise<LookupLimit> };

export function createGuestLookupLimiter(app: FastifyInstance, config: Config): GuestLookupLimiter {
  const timeWindow = config.GUEST_LOOKUP_WINDOW_SECONDS * 1000;
  const accountOf = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({
    max: config.GUEST_LOOKUP_MAX_PER_ADDRESS,
    timeWindow,
    keyGenerator: (request) => `guest-lookup:address:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: config.GUEST_LOOKUP_MAX_PER_ACCOUNT,
    timeWindow,
    keyGenerator: (request) => `guest-lookup:account:${accountOf.get(request) ?? ''}`,
  });
  return {
    hit: async (request, accountNumber) => {
      const address = await byAddress(request);
      if (!address.isAllowed && address.isExceeded)
        return { limited: true, by: 'address', retryAfterSeconds: address.ttlInSeconds };
      accountOf.set(request, accountNumber);
      const perAccount = await byAccount(request);
      if (!perAccount.isAllowed && perAccount.isExceeded)
        return { limited: true, by: 'account', retryAfterSeconds: perAccount.ttlInSeconds };
      return { limited: false };
    },
  };
}
