// The HTTP face of the double: Stripe's authentication (Bearer or Basic with the key as user, or Stripe.js's `key`
// parameter), its wire format, its idempotency, its error envelope and its headers (Request-Id on every answer,
// CORS for Stripe.js in a browser). A malformed request is a 400, an unexpected failure a 500: never a crash.
import type { IncomingMessage, ServerResponse } from 'node:http';
import process from 'node:process';
import Stripe from 'stripe';
import { DoubleError, invalidRequest, unrecognizedUrl } from './double-errors';
import { newId } from './double-ids';
import { matchRoute, type ApiCall, type Route, type RouteAnswer } from './double-router';
import { FormEncodingError, decodeForm, formFromJson, type FormObject } from './form-encoding';
import { IdempotencyStore } from './idempotency';
import { Params, echo } from './request-params';

const MAX_BODY_BYTES = 1024 * 1024;

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | null };

export type HttpOptions = {
  routes: Route[];
  secretKey: string;
  publishableKey: string;
  onRequest: (request: RecordedRequest) => void;
};

type KeyUse = { kind: 'secret' | 'publishable'; key: string } | { kind: 'none' } | { kind: 'invalid'; key: string };

export function createRequestHandler(options: HttpOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const idempotency = new IdempotencyStore();
  return (req, res) => {
    void handle(options, idempotency, req, res).catch((error: unknown) => {
      // Only reached if writing the answer itself failed (the client went away): nothing left to answer.
      process.stderr.write(
        `stripe double: could not answer: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      res.destroy();
    });
  };
}

async function handle(options: HttpOptions, idempotency: IdempotencyStore, req: IncomingMessage, res: ServerResponse) {
  const requestId = newId('req');
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://double.invalid');
  const idempotencyKey = header(req, 'idempotency-key');
  res.setHeader('Request-Id', requestId);
  res.setHeader('Stripe-Version', Stripe.API_VERSION);
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed, Original-Request',
  );
  res.setHeader('Cache-Control', 'no-cache, no-store');
  if (method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers':
        header(req, 'access-control-request-headers') ?? 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
      'Access-Control-Max-Age': '300',
    });
    res.end();
    return;
  }
  options.onRequest({ method, path: url.pathname, idempotencyKey });
  try {
    const answer = await dispatch(options, idempotency, req, url, method, requestId, idempotencyKey, res);
    send(res, answer);
  } catch (error) {
    if (error instanceof DoubleError) {
      if (error.status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="Stripe"');
      send(res, { status: error.status, body: { error: error.body } });
    } else if (error instanceof FormEncodingError) {
      send(res, { status: 400, body: { error: { type: 'invalid_request_error', message: error.message } } });
    } else {
      // A bug in the double: said on stderr (no parameters: they may hold card numbers), answered as Stripe's 500.
      process.stderr.write(
        `stripe double: ${method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      send(res, {
        status: 500,
        body: {
          error: { type: 'api_error', message: `An unknown error occurred in the Stripe double (${requestId}).` },
        },
      });
    }
  }
}

async function dispatch(
  options: HttpOptions,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  url: URL,
  method: string,
  requestId: string,
  idempotencyKey: string | null,
  res: ServerResponse,
): Promise<RouteAnswer> {
  const body = method === 'POST' ? await readBody(req) : '';
  const values = parseParams(req, url, method, body);
  const key = resolveKey(req, values, options);
  const matched = matchRoute(options.routes, method, url.pathname);
  if (!matched) {
    // Stripe authenticates before it routes: an unknown /v1 URL without a valid key is a 401.
    if (url.pathname.startsWith('/v1/') && key.kind !== 'secret' && key.kind !== 'publishable') {
      throw authenticationError(key);
    }
    throw unrecognizedUrl(method, url.pathname);
  }
  const { route, pathParams } = matched;
  const version = header(req, 'stripe-version');
  if (url.pathname.startsWith('/v1/') && version !== null && version !== Stripe.API_VERSION) {
    // Objects are rendered in one version only: a client pinned to another would get shapes it does not expect.
    throw invalidRequest(
      `The Stripe double answers API version ${Stripe.API_VERSION} (the stripe package's) only; this request asked for ${echo(version)}.`,
      { param: 'Stripe-Version' },
    );
  }
  const secret = key.kind === 'secret';
  checkAccess(route, key, values);
  const call: ApiCall = {
    method,
    path: url.pathname,
    pathParams: decodePathParams(pathParams),
    params: new Params(values),
    secret,
    publishable: !secret && route.access !== 'public',
    request: { id: requestId, idempotency_key: idempotencyKey },
    ip: req.socket.remoteAddress ?? null,
    userAgent: header(req, 'user-agent'),
  };
  if (!(
    route.idempotent &&
    method === 'POST' &&
    idempotencyKey &&
    (key.kind === 'secret' || key.kind === 'publishable')
  )) {
    return route.handle(call);
  }
  const endpoint = `${method} ${url.pathname}`;
  res.setHeader('Idempotency-Key', idempotencyKey);
  const saved = idempotency.find(key.key, idempotencyKey, endpoint, values);
  if (saved) {
    res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Original-Request', saved.requestId);
    return { status: saved.status, body: saved.body };
  }
  try {
    const answer = await route.handle(call);
    if ('body' in answer) {
      idempotency.save(key.key, idempotencyKey, endpoint, values, {
        status: answer.status ?? 200,
        body: answer.body,
        requestId,
      });
    }
    return answer;
  } catch (error) {
    if (error instanceof DoubleError && error.replayable) {
      idempotency.save(key.key, idempotencyKey, endpoint, values, {
        status: error.status,
        body: { error: error.body },
        requestId,
      });
    }
    throw error;
  }
}

function parseParams(req: IncomingMessage, url: URL, method: string, body: string): FormObject {
  if (method !== 'POST') return decodeForm(url.search.slice(1));
  const contentType = (header(req, 'content-type') ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) {
    if (url.pathname.startsWith('/_double/')) return formFromJson(body);
    throw new FormEncodingError(
      'Invalid request: the Stripe API takes application/x-www-form-urlencoded bodies (bracket notation for hashes and arrays), not JSON.',
    );
  }
  return decodeForm(body);
}

function resolveKey(req: IncomingMessage, values: FormObject, options: HttpOptions): KeyUse {
  const authorization = header(req, 'authorization');
  let key: string | null = null;
  if (authorization) {
    const [scheme, credentials = ''] = authorization.split(/\s+/, 2);
    if (scheme?.toLowerCase() === 'bearer') key = credentials;
    else if (scheme?.toLowerCase() === 'basic')
      key = Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? '';
    else key = authorization;
  } else if (typeof values.key === 'string' && values.key !== '') {
    key = values.key;
  }
  if (key === null || key === '') return { kind: 'none' };
  if (key === options.secretKey) return { kind: 'secret', key };
  if (key === options.publishableKey) return { kind: 'publishable', key };
  return { kind: 'invalid', key };
}

function checkAccess(route: Route, key: KeyUse, values: FormObject): void {
  if (route.access === 'public') return;
  if (key.kind === 'invalid') throw authenticationError(key);
  if (route.access === 'authentication' || key.kind === 'secret') return;
  if (key.kind === 'none') throw authenticationError(key);
  if (route.access === 'publishable') return;
  if (route.access === 'client_secret' && typeof values.client_secret === 'string' && values.client_secret !== '')
    return;
  throw new DoubleError(401, {
    type: 'invalid_request_error',
    message:
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
  });
}

function authenticationError(key: KeyUse): DoubleError {
  if (key.kind === 'invalid') {
    return new DoubleError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${redact(key.key)}`,
    });
  }
  return new DoubleError(401, {
    type: 'invalid_request_error',
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
  });
}

/** Stripe shows a wrong key's prefix and last four characters only. */
function redact(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return `${prefix}${'*'.repeat(Math.max(0, Math.min(rest.length - 4, 40)))}${rest.length > 4 ? rest.slice(-4) : ''}`;
}

function decodePathParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw new FormEncodingError('Invalid percent-encoding in the request path.');
    }
  }
  return decoded;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        reject(new FormEncodingError('The request body is too large (1 MB at most).'));
        req.resume();
        return;
      }
      if (!refused) chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, answer: RouteAnswer): void {
  if (res.headersSent) return;
  if ('html' in answer) {
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(answer.html);
    return;
  }
  res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
  res.end(`${JSON.stringify(answer.body, null, 2)}\n`);
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}
