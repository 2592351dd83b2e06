// The double's routes: a method, a path pattern, who may call it, and a handler. Who may call is Stripe's split:
// secret-key endpoints, the client-secret endpoints Stripe.js calls with a publishable key, and the double's own
// /_double routes (test controls with the secret key, the 3-D Secure page with nothing or a client secret).
import type { CallContext } from './double-context';
import type { Params } from './request-params';

export type Access =
  /** The secret key only; a publishable key is refused as Stripe refuses it. */
  | 'secret'
  /** The secret key, or a publishable key with the intent's client_secret. */
  | 'client_secret'
  /** The secret key or a publishable key (what Stripe.js creates without an intent: PaymentMethods). */
  | 'publishable'
  /** Any key or none: the handler checks the client_secret when the secret key was not used. */
  | 'authentication'
  /** Nothing: a page for the browser. */
  | 'public';

export type ApiCall = CallContext & {
  method: string;
  path: string;
  pathParams: Record<string, string>;
  params: Params;
  /** The secret key authenticated the call. */
  secret: boolean;
};

export type RouteAnswer = { status?: number; body: unknown } | { status?: number; html: string };

export type Route = {
  method: 'GET' | 'POST';
  pattern: string;
  access: Access;
  /** Stripe's /v1 endpoints keep idempotent results; the double's test controls do not. */
  idempotent?: boolean;
  handle: (call: ApiCall) => RouteAnswer | Promise<RouteAnswer>;
};

export function route(method: Route['method'], pattern: string, access: Access, handle: Route['handle']): Route {
  return { method, pattern, access, idempotent: pattern.startsWith('/v1/'), handle };
}

export function json(body: unknown, status = 200): RouteAnswer {
  return { status, body };
}

export type RouteMatch = { route: Route; pathParams: Record<string, string> };

/** The first route whose pattern matches (literal segments win when listed before `:params`). */
export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | null {
  const segments = path.split('/');
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const pattern = candidate.pattern.split('/');
    if (pattern.length !== segments.length) continue;
    const pathParams: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        if (segment === '') return false;
        pathParams[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) return { route: candidate, pathParams };
  }
  return null;
}
