// What the route modules and use cases are given: settings, database, connectors and the clock.
import type { Config } from './config';
import type { ErpConnector } from './connectors/erp/erp-connector';
import type { Db } from './db/client';
import type { AccessTokens } from './modules/auth/access-tokens';

export type AppContext = {
  config: Config;
  db: Db;
  tokens: AccessTokens;
  erp: ErpConnector;
  /** Injected so that tests can move time (idle expiry) without waiting. */
  now: () => Date;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    ctx: AppContext;
  }
}
