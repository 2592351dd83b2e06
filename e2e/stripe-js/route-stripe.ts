// Stripe's hosts in the browser tests (README.md): js.stripe.com serves the Stripe.js stand-in and its Payment
// Element frame from this folder; api.stripe.com and hooks.stripe.com go to the Stripe test double (STRIPE_API_URL).
// Routed on a page or a whole context, so the portal's CSP still decides, as with the real hosts, what may load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What js.stripe.com serves here: Stripe.js at each address @stripe/stripe-js may load it from, and the frame. */
const scripts: Record<string, { file: string; type: string }> = {
  '/endive/stripe.js': { file: 'stripe.js', type: 'text/javascript' },
  '/v3': { file: 'stripe.js', type: 'text/javascript' },
  '/v3/': { file: 'stripe.js', type: 'text/javascript' },
  '/v3/elements-inner-payment.html': { file: 'elements-inner-payment.html', type: 'text/html' },
  '/v3/elements-inner-payment.js': { file: 'elements-inner-payment.js', type: 'text/javascript' },
};

/** The double answers Stripe.js's calls from js.stripe.com frames and from the portal's page: CORS as Stripe does. */
function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, authorization, stripe-version, idempotency-key',
    'access-control-max-age': '300',
    vary: 'origin',
  };
}

export function stripeApiUrl(): string {
  const url = process.env.STRIPE_API_URL;
  if (!url)
    throw new Error('STRIPE_API_URL is not set: the Stripe test double must be running (e2e/run.mjs starts it).');
  return url.replace(/\/$/, '');
}

async function serveStripeJs(route: Route): Promise<void> {
  const { pathname } = new URL(route.request().url());
  const script = scripts[pathname];
  if (!script) {
    await route.fulfill({
      status: 404,
      contentType: 'text/plain',
      body: `Not part of the Stripe.js stand-in: ${pathname}`,
    });
    return;
  }
  await route.fulfill({
    status: 200,
    headers: { 'content-type': `${script.type}; charset=utf-8`, 'cache-control': 'no-store' },
    body: readFileSync(path.join(here, script.file)),
  });
}

async function forwardToDouble(route: Route, apiUrl: string): Promise<void> {
  const request = route.request();
  const origin = request.headers().origin;
  if (request.method() === 'OPTIONS') {
    await route.fulfill({ status: 204, headers: corsHeaders(origin) });
    return;
  }
  const { pathname, search } = new URL(request.url());
  try {
    const response = await route.fetch({ url: `${apiUrl}${pathname}${search}`, maxRedirects: 0 });
    await route.fulfill({ response, headers: { ...response.headers(), ...corsHeaders(origin) } });
  } catch (error) {
    // The double is down: what Stripe.js sees when api.stripe.com cannot be reached.
    await route.abort('connectionrefused');
    console.warn(`Stripe test double not reachable for ${pathname}: ${String(error)}`);
  }
}

/** Installs the routes on a page or on every page of a context. */
export async function routeStripe(target: Page | BrowserContext, apiUrl: string = stripeApiUrl()): Promise<void> {
  await target.route('https://js.stripe.com/**', serveStripeJs);
  await target.route(/^https:\/\/(api|hooks)\.stripe\.com\//, (route) => forwardToDouble(route, apiUrl));
}

/** The browser tests run against Stripe (its test double) rather than the built-in sandbox. */
export const stripeGateway = process.env.PAYMENT_GATEWAY === 'stripe';
