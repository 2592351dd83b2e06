import { z } from 'zod';
import { defineRoute } from './route';

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  duringBlackout: true,
  public: true,
  summary: "The process is up (liveness), with its event loop's delay and the last time it was blocked.",
  response: z.object({
    status: z.literal('ok'),
    version: z.string(),
    // Issue 35: a server that says when it is stuck (apps/server/src/http/event-loop-watch.ts).
    event_loop: z.object({
      delay_ms: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
      since: z.string(),
      last_block: z
        .object({
          ended_at: z.string(),
          blocked_ms: z.number(),
          route: z.string().nullable(),
          in_flight: z.array(z.string()),
        })
        .nullable(),
      unready_until: z.string().nullable(),
    }),
  }),
});

export const ready = defineRoute({
  method: 'GET',
  path: '/api/ready',
  duringBlackout: true,
  public: true,
  summary: 'Ready for traffic (readiness): the database answers and the event loop was not blocked lately (else 503).',
  response: z.object({ status: z.literal('ready') }),
});

export const FooterLinks = z.object({
  privacyPolicy: z.string(),
  termsAndConditions: z.string(),
  contactUs: z.string(),
});

/** What the shell needs before sign-in: which buttons to show on the sign-in screen. */
export const publicConfig = defineRoute({
  method: 'GET',
  path: '/api/config',
  duringBlackout: true,
  public: true,
  summary: 'Public switches for the sign-in screen and the shell.',
  response: z.object({
    allowRegistration: z.boolean(),
    allowGuestPayment: z.boolean(),
    companyName: z.string(),
    version: z.string(),
    /** Which payment provider's component the payment pages mount (issue 36, ADR 0031). */
    paymentGateway: z.object({
      provider: z.enum(['sandbox', 'stripe']),
      mode: z.enum(['test', 'live']),
      /** portal-step: the portal's own 3-D Secure step (TO) before a charge; in-charge: the provider's, in it. */
      authentication: z.enum(['portal-step', 'in-charge']),
      /** Stripe's publishable key (pk_...); '' for the sandbox. Public by design. */
      publishableKey: z.string(),
    }),
  }),
});

export const footerLinks = defineRoute({
  method: 'GET',
  path: '/api/configuration/getfooterlinks',
  allowUnconfirmed: true,
  summary: 'Footer links (shown only when signed in and configured).',
  response: FooterLinks,
});
