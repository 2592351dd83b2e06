// A Stripe API test double in its own process (or in a test): the official `stripe` SDK talks to it as to Stripe
// (`new Stripe(key, { host, port, protocol: 'http' })`), a Stripe.js stand-in calls its client-secret endpoints with
// the publishable key, and it sends signed webhooks to the portal. State lives in memory; README.md says what it
// reproduces and what it does not.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { controlRoutes } from './control-api';
import { customerRoutes } from './customers-api';
import { disputeRoutes } from './disputes-api';
import { openDueDisputes } from './disputes';
import type { DoubleContext } from './double-context';
import { EventLog } from './double-events';
import { createRequestHandler, type RecordedRequest } from './double-http';
import { DoubleStore } from './double-store';
import { eventRoutes } from './events-api';
import { settlePaymentIntent } from './payment-intent-flow';
import { paymentIntentRoutes } from './payment-intents-api';
import { refundRoutes } from './refunds-api';
import { setupIntentRoutes } from './setup-intents-api';
import { loadStripeFixtures } from './stripe-fixtures';
import { WebhookDelivery } from './webhook-delivery';

export type StripeDoubleOptions = {
  /** 0 or absent: a free port (the answer says which). */
  port?: number;
  host?: string;
  /** Where events are POSTed, signed; null or absent: events are only recorded. */
  webhookUrl?: string | null;
  webhookSecret?: string;
  secretKey?: string;
  publishableKey?: string;
  /**
   * How long what Stripe does later on its own takes: a bank debit stays `processing` that long before it settles,
   * and the dispute test card's dispute comes that long after its charge; 0: only when settled by hand. Default 2000.
   */
  processingSettleMs?: number;
  /** The double's clock, for `created` fields and webhook signature timestamps. */
  now?: () => Date;
  /** Stripe's fixtures3.json; default: STRIPE_FIXTURES_PATH, else <repo>/vendor/stripe-openapi/. */
  fixturesPath?: string;
};

export type StripeDouble = {
  url: string;
  port: number;
  close(): Promise<void>;
  setWebhook(url: string | null, secret?: string): void;
  /**
   * Settles every processing bank debit and opens the disputes due now (what Stripe does later on its own), and
   * resolves once their webhooks have been tried.
   */
  settleProcessing(): Promise<void>;
  /** Tries every pending webhook delivery now (retries included), and resolves when they have answered. */
  deliverPending(): Promise<void>;
  events(): Stripe.Event[];
  requests(): RecordedRequest[];
};

export const DEFAULT_SECRET_KEY = 'sk_test_double';
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_double';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_test_double';
const DEFAULT_SETTLE_MS = 2000;

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.now ?? (() => new Date());
  const now = () => Math.floor(clock().getTime() / 1000);
  const processingSettleMs = options.processingSettleMs ?? DEFAULT_SETTLE_MS;
  if (!Number.isFinite(processingSettleMs) || processingSettleMs < 0) {
    throw new Error('processingSettleMs must be 0 (settle by hand) or a positive number of milliseconds');
  }
  let webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const fixtures = loadStripeFixtures(options.fixturesPath);
  const delivery = new WebhookDelivery(
    options.webhookUrl ? { url: options.webhookUrl, secret: webhookSecret } : null,
    now,
  );
  let baseUrl = '';
  const ctx: DoubleContext = {
    store: new DoubleStore(),
    fixtures,
    events: new EventLog(fixtures, now, (event) => delivery.enqueue(event)),
    now,
    baseUrl: () => baseUrl,
    processingSettleMs,
    timers: new Set(),
  };
  const settle = (paymentIntentId?: string) => {
    const settled: string[] = [];
    for (const record of ctx.store.paymentIntents.values()) {
      if (record.object.status !== 'processing') continue;
      if (paymentIntentId && record.object.id !== paymentIntentId) continue;
      settlePaymentIntent(ctx, record);
      settled.push(record.object.id);
    }
    return { settled, disputes: openDueDisputes(ctx, paymentIntentId) };
  };
  const recorded: RecordedRequest[] = [];
  const server = createServer(
    createRequestHandler({
      routes: [
        ...customerRoutes(ctx),
        ...paymentIntentRoutes(ctx),
        ...setupIntentRoutes(ctx),
        ...refundRoutes(ctx),
        ...disputeRoutes(ctx),
        ...eventRoutes(ctx),
        ...controlRoutes(ctx, {
          settle,
          deliverDue: () => delivery.deliverDue(),
          resend: (event) => delivery.resend(event),
        }),
      ],
      secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
      publishableKey: options.publishableKey ?? DEFAULT_PUBLISHABLE_KEY,
      onRequest: (request) => recorded.push(request),
    }),
  );
  const port = await listen(server, options.port ?? 0, host);
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: baseUrl,
    port,
    async close() {
      for (const timer of ctx.timers) clearTimeout(timer);
      ctx.timers.clear();
      await delivery.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    setWebhook(url, secret) {
      if (secret !== undefined) webhookSecret = secret;
      delivery.setEndpoint(url ? { url, secret: webhookSecret } : null);
    },
    async settleProcessing() {
      settle();
      await delivery.deliverDue();
    },
    deliverPending: () => delivery.deliverPending(),
    events: () => structuredClone(ctx.events.all()),
    requests: () => recorded.map((request) => ({ ...request })),
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
