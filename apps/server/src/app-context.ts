// What the route modules and use cases are given: settings, database, connectors and the clock.
import type { Config } from './config';
import type { ErpConnector } from './connectors/erp/erp-connector';
import type { PaymentGateway } from './connectors/gateway/payment-gateway';
import type { Db } from './db/client';
import type { AccessTokens } from './modules/auth/access-tokens';
import type { Mailer } from './modules/mail/mailer';
import type { SessionCache } from './modules/auth/session-cache';
import type { BlackoutWindow } from './modules/maintenance/blackout-window';
import type { ConfigSecrets } from './modules/system/config-secrets';
import type { TestClock } from './jobs/test-clock';

export type AppContext = {
  config: Config;
  db: Db;
  tokens: AccessTokens;
  erp: ErpConnector;
  /** The payment provider; the built-in sandbox by default. */
  gateway: PaymentGateway;
  /** HMAC key of signed download links (invoice PDFs), derived from the access-token secret. */
  urlSigningKey: Buffer;
  /** Seals secrets kept at rest (SMTP password, links of queued e-mail) under the configuration key. */
  secrets: ConfigSecrets;
  /** The SMTP transport in force and the outbox job's nudge. */
  mail: Mailer;
  /** The maintenance window, cached briefly; on or off decided from `now` at each call. */
  blackout: BlackoutWindow;
  /** The sessions this instance has checked, dropped when PostgreSQL announces a change (issue 17). */
  sessions: SessionCache;
  /** Injected so that tests can move time (idle expiry) without waiting. */
  now: () => Date;
  /** This process among the portal's instances (the System tab; issue 15), and when it started. */
  instance: { id: string; startedAt: Date };
  /** Issue 29: the clock tests move (TEST_CLOCK), refreshed by the scheduler; null in production. */
  testClock: TestClock | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    ctx: AppContext;
  }
}
