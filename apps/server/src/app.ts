// Builds the Fastify app without listening: used by server.ts and by every API test (app.inject).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { OneLineAccessLog } from './http/access-log';
import { logSerializers } from './http/log-serializers';
import type { Config } from './config';
import type { ErpConnector } from './connectors/erp/erp-connector';
import { createHttpErpConnector, type HttpErpConnector } from './connectors/erp/http/http-erp-connector';
import { createLedgerConnector } from './connectors/erp/ledger/ledger-connector';
import type { PaymentGateway } from './connectors/gateway/payment-gateway';
import {
  SANDBOX_TOKEN_KEY_SETTING,
  createSandboxGateway,
  type SandboxGateway,
} from './connectors/gateway/sandbox/sandbox-gateway';
import { sandboxGatewayRoutes } from './connectors/gateway/sandbox/sandbox.routes';
import { kickGatewayInbox } from './modules/gateway-events/gateway-inbox-kick';
import { createStripeGateway, STRIPE_TOKEN_KEY_SETTING } from './connectors/gateway/stripe/stripe-gateway';
import { gatewayEventsRoutes } from './modules/gateway-events/gateway-events.routes';
import { readApplicationSettings } from './modules/system/application-settings';
import type { Db } from './db/client';
import { changeFeedOf } from './db/change-feed';
import { createAccessTokens } from './modules/auth/access-tokens';
import { createSessionCache } from './modules/auth/session-cache';
import { authRoutes } from './modules/auth/auth.routes';
import { configurationRoutes } from './modules/configuration/configuration.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { guestPaymentRoutes } from './modules/guest-payment/guest-payment.routes';
import { createGuestLookupLimiter } from './modules/guest-payment/guest-lookup-limiter';
import { adminRecoveryRoutes } from './modules/admin-recovery/admin-recovery.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { paymentMethodsRoutes } from './modules/payment-methods/payment-methods.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { scheduledPaymentsRoutes } from './modules/scheduled-payments/scheduled-payments.routes';
import { autopayRoutes } from './modules/autopay/autopay.routes';
import { createTestClock } from './jobs/test-clock';
import { paymentHistoryRoutes } from './modules/payments/payment-history.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createMailer } from './modules/mail/mailer';
import { readOrInitSetting } from './modules/system/app-settings.repository';
import { createConfigSecrets } from './modules/system/config-secrets';
import { systemRoutes } from './modules/system/system.routes';
import { authPlugin } from './plugins/auth';
import { maintenancePlugin } from './plugins/maintenance';
import { createBlackoutWindow } from './modules/maintenance/blackout-window';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { themesRoutes } from './modules/themes/themes.routes';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { eventLoopPlugin } from './plugins/event-loop';
import { jsonBodyPlugin } from './plugins/json-body';
import { nulCharactersPlugin } from './plugins/nul-characters';
import { openApiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { contractSerializerCompiler } from './http/serializer';
import { usersRoutes } from './modules/users/users.routes';
import { registrationRequestsRoutes } from './modules/registration-requests/registration-requests.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { ledgerFeedRoutes } from './modules/ledger-feed/ledger-feed.routes';
import { ledgerImportsRoutes } from './modules/ledger-imports/ledger-imports.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { paymentsReceivedRoutes } from './modules/payments-received/payments-received.routes';
import { collectionsRoutes } from './modules/collections/collections.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { disputeAttachmentsRoutes } from './modules/disputes/dispute-attachments.routes';
import { paymentReversalsRoutes } from './modules/payment-reversals/payment-reversals.routes';
import { integrationRoutes } from './modules/integration/integration.routes';

export type RegisteredRoute = { method: string; url: string; public: boolean };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Db;
  now?: () => Date;
  /** The ERP; the built-in ledger on the same database by default. */
  erp?: ErpConnector;
  /** The payment provider; the built-in sandbox gateway (served by this app) by default. */
  gateway?: PaymentGateway;
  /** The configuration key when CONFIG_ENCRYPTION_KEY is unset (server.ts reads it from DATA_DIR when embedded). */
  encryptionKey?: string;
  /** pino options; tests pass false. */
  logger?: boolean | object;
  /**
   * Addresses whose X-Forwarded-For is believed, instead of TRUST_PROXY's all-or-nothing: the API tests over a socket
   * (test/socket-inject.ts) send each test's client address this way from the loopback, as a reverse proxy would.
   */
  trustProxy?: string;
};

export { logSerializers };

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refreshToken',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: redactedPaths, serializers: logSerializers },
    logController: new OneLineAccessLog(),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY || (options.trustProxy ?? false),
    bodyLimit: 1_048_576,
    // Signed download links carry their claims in the path (GET /api/invoice/pdf/:token, up to 200 documents).
    routerOptions: { maxParamLength: 8192 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ checkResponses: config.RESPONSE_CHECK }));

  const secret =
    config.ACCESS_TOKEN_SECRET ??
    (await readOrInitSetting(db, 'access_token_secret', () => randomBytes(48).toString('base64url')));
  // Issue 29: test systems may run on a clock that tests move (TEST_CLOCK; never in production, config.ts).
  const testClock = !options.now && config.TEST_CLOCK ? createTestClock(db) : null;
  await testClock?.refresh();
  const now = options.now ?? testClock?.now ?? (() => new Date());
  // The sandbox answers on the portal's origin unless SANDBOX_GATEWAY_ORIGIN names another host of this server.
  const sandboxOrigin = config.SANDBOX_GATEWAY_ORIGIN ? new URL(config.SANDBOX_GATEWAY_ORIGIN).origin : null;
  const stripe =
    !options.gateway && config.PAYMENT_GATEWAY === 'stripe'
      ? createStripeGateway(db, {
          secretKey: config.STRIPE_SECRET_KEY!,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiUrl: config.STRIPE_API_URL,
          timeoutMs: config.STRIPE_TIMEOUT_MS,
          tokenKey: await readOrInitSetting(db, STRIPE_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url')),
          merchantName: async () => (await readApplicationSettings(db)).companyName,
          now,
        })
      : null;
  const sandbox: SandboxGateway | null =
    options.gateway || stripe
      ? null
      : createSandboxGateway(db, {
          frameOrigin: sandboxOrigin,
          portalOrigin: sandboxOrigin ? new URL(config.PUBLIC_URL).origin : null,
          secret: await readOrInitSetting(db, SANDBOX_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url')),
          now,
          slowAnswerMs: config.SANDBOX_GATEWAY_SLOW_ANSWER_MS,
          returnAfterSeconds: config.SANDBOX_RETURN_AFTER_SECONDS,
        });
  const encryptionKey = config.CONFIG_ENCRYPTION_KEY ?? options.encryptionKey;
  const secrets = createConfigSecrets(
    encryptionKey ??
      (await readOrInitSetting(db, 'config_encryption_key', () => randomBytes(32).toString('base64url'))),
  );
  const ctx: AppContext = {
    config,
    db,
    secrets,
    mail: createMailer({ config, db, secrets }),
    tokens: createAccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    erp: options.erp ?? erpConnectorOf(config, db, now),
    urlSigningKey: createHmac('sha256', secret).update('portal signed download links v1').digest(),
    gateway: options.gateway ?? stripe ?? sandbox!,
    now,
    blackout: createBlackoutWindow(db, now),
    sessions: createSessionCache(db, changeFeedOf(db)),
    instance: { id: randomUUID(), startedAt: now() },
    testClock,
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.sessions.close());
  if ('close' in ctx.erp) app.addHook('onClose', async () => (ctx.erp as HttpErpConnector).close());
  if (!encryptionKey)
    app.log.warn('CONFIG_ENCRYPTION_KEY is not set: secrets at rest are sealed with a key kept in the database');
  // Every route, listed for the deny-by-default test and the OpenAPI document.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: an onRoute hook of a nested scope may still mark the route public after this one.
      if (method !== 'HEAD')
        registeredRoutes.push({
          method,
          url: route.url,
          get public() {
            return route.config?.public ?? false;
          },
        });
    }
  });

  await app.register(eventLoopPlugin);
  await app.register(errorsPlugin);
  await app.register(requestContextPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(nulCharactersPlugin);
  await app.register(securityHeadersPlugin, {
    gatewayOrigin: ctx.gateway.frameOrigin,
    gatewaySources: ctx.gateway.contentSecurity,
    corsOrigins: config.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  });
  await app.register(cookie);
  // A general ceiling on API calls per client address; shared across instances through Redis when REDIS_URL is set.
  // The web app's files are outside it: one page load fetches a dozen chunks, and an office behind one address
  // would otherwise be locked out of the portal's HTML by its own browsing (a blank page, not an error).
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis ? { redis, nameSpace: 'portal-rl-' } : {}),
  });
  await app.register(authPlugin);
  await app.register(maintenancePlugin);
  await app.register(openApiPlugin);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(customersRoutes);
  await app.register(configurationRoutes);
  await app.register(maintenanceRoutes);
  await app.register(themesRoutes);
  await app.register(paymentMethodsRoutes);
  // The sandbox gateway's own router (its frame, /Ajax, 3-D Secure pages), outside /api with its own CSP.
  if (sandbox)
    await app.register(sandboxGatewayRoutes, { gateway: sandbox, onDisputeDecided: () => kickGatewayInbox(app.ctx) });
  await app.register(invoicesRoutes);
  await app.register(statementsRoutes);
  await app.register(scheduledPaymentsRoutes);
  await app.register(autopayRoutes);
  await app.register(paymentsRoutes);
  await app.register(gatewayEventsRoutes);
  await app.register(paymentHistoryRoutes);
  await app.register(depositsRoutes);
  // Guest lookups and account proofs are both oracles of invoice amounts: one limit counts them together.
  const lookupLimiter = createGuestLookupLimiter(app, config);
  await app.register(guestPaymentRoutes, { limiter: lookupLimiter });
  await app.register(registrationRoutes, { limiter: lookupLimiter });
  await app.register(profileRoutes, { limiter: lookupLimiter });
  await app.register(mailRoutes);
  await app.register(usersRoutes);
  await app.register(registrationRequestsRoutes);
  await app.register(auditRoutes);
  await app.register(paymentsReceivedRoutes);
  await app.register(collectionsRoutes);
  await app.register(disputesRoutes);
  await app.register(disputeAttachmentsRoutes);
  await app.register(paymentReversalsRoutes);
  await app.register(adminRecoveryRoutes);
  await app.register(ledgerImportsRoutes);
  await app.register(ledgerFeedRoutes);
  await app.register(webhooksRoutes);
  await app.register(integrationRoutes);

  await app.register(webAppPlugin, { root: config.WEB_DIST || defaultWebDist() });
  return app;
}

function defaultWebDist(): string {
  // src/app.ts and dist/server.js both sit two levels below apps/.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** The ERP behind the portal: ERP_URL's over the ERP contract (issue 28), else the built-in ledger in this database. */
export function erpConnectorOf(config: Config, db: Db, now: () => Date): ErpConnector {
  if (!config.ERP_URL) return createLedgerConnector(db, { now, pdfUnicodeFont: config.PDF_UNICODE_FONT });
  return createHttpErpConnector({
    url: config.ERP_URL,
    token: config.ERP_TOKEN,
    timeoutMs: config.ERP_TIMEOUT_SECONDS * 1000,
    configurationTtlMs: config.ERP_CONFIGURATION_CACHE_SECONDS * 1000,
    db,
  });
}
