// Security headers on every answer (helmet): a CSP without inline script, no plugins, no <base>, framing only
// by the portal itself; HSTS, nosniff, a strict referrer policy. CORS stays closed unless origins are configured.
//
// helmet computes the headers once, at start: @fastify/helmet built helmet's whole middleware again on every request
// (parsing the CSP each time: a seventh of what a small call cost, issue 17). The headers do not depend on the
// request (no nonces), so they are written as they are.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { noContentSecurity, type GatewayContentSecurity } from '../connectors/gateway/payment-gateway';

// The pages host the payment gateway's card frame: frame-src names only the gateway's origin ('self' when the
// built-in sandbox answers on the portal's own), and form-action adds it for the 3-D Secure post
// (docs/payment-page-scripts.md).
/**
 * Every powerful feature off, the portal's pages need none; payment stays open to the portal and the gateway's
 * card frame (a wallet button there needs it).
 */
export function permissionsPolicy(gatewayOrigin: string | null | undefined, frames: string[] = []): string {
  const origins = [gatewayOrigin, ...frames].filter((origin): origin is string => Boolean(origin));
  const payment = origins.length ? `payment=(self ${origins.map((o) => `"${o}"`).join(' ')})` : 'payment=(self)';
  return (
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), ' +
    `midi=(), ${payment}, serial=(), usb=(), xr-spatial-tracking=()`
  );
}

export const securityHeadersPlugin = fp<{
  corsOrigins: string[];
  gatewayOrigin?: string | null;
  /** What the provider's own browser component needs (Stripe.js: exactly the sources Stripe documents). */
  gatewaySources?: GatewayContentSecurity;
}>(async (app, options) => {
  const sources = options.gatewaySources ?? noContentSecurity;
  const gateway = [...(options.gatewayOrigin ? [options.gatewayOrigin] : ["'self'"]), ...sources.frameSrc];
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...sources.scriptSrc],
        // Mantine writes CSS variables in style elements and attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Sign-in banners may show an image from the supplier's own site (https only; issue 15).
        imgSrc: ["'self'", 'data:', 'https:', ...sources.imgSrc],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sources.connectSrc],
        frameSrc: gateway,
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: [
          ...new Set(["'self'", ...(options.gatewayOrigin ? [options.gatewayOrigin] : []), ...sources.formAction]),
        ],
        frameAncestors: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, { origin: options.corsOrigins.length ? options.corsOrigins : false, credentials: true });
  const policy = permissionsPolicy(options.gatewayOrigin, sources.frameSrc);
  app.addHook('onSend', async (request, reply) => {
    // No browser feature the portal does not use, on any answer.
    reply.header('permissions-policy', policy);
    // API answers are personal (invoices, payments, profiles): no shared or browser cache keeps them (issue 16).
    // A route that is static and public says otherwise itself (uploaded files: immutable).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});

/** The headers helmet's middleware sets with these options, as one object (they depend on no request). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}
