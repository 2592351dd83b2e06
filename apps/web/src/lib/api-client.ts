// The one typed client of the portal API (STYLE.md §3). Every call takes a route contract from
// @portal/contracts; request and response types come from its zod schemas. Answers are not parsed again here: the
// server writes each one from its route's schema and the API tests check every answer against it with zod; in the
// browser a route is only its method, path and flags (apps/web/build/contracts-manifest.ts, ADR 0018).
//
// spec §7: every call sends the bearer token, Accept-Language and X-Country.
// spec §8: a 401 logs the user out (after one refresh-and-retry), a 401 on login or refresh shows a failure
// toast, a 5xx shows 'System Error' and never internals, other errors show Error and Unique Id.
import {
  login,
  loginStatus,
  logout,
  refresh,
  type ErrorResponse,
  type RequestOf,
  type ResponseOf,
  type RouteContract,
} from '@portal/contracts';
import { env } from '../config/env';
import { i18n, getCountry } from './i18n';
import { log } from './log';
import { maintenanceSignal } from './maintenance-signal';
import { notify } from './notify';
import { requestCounter } from './request-counter';
import { session } from './session';

export type CallOptions = {
  /** Values for `:name` / `{name}` placeholders in the route's path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Do not toast failures (the caller handles or only logs them, e.g. footer links). */
  silent?: boolean;
  /** Extra request headers, e.g. the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  /** A multipart body (an upload) for a route that declares no JSON body. */
  formData?: FormData;
};

/** A failed call. `body` is the server's ErrorResponse when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse | undefined;
  constructor(status: number, message: string, body?: ErrorResponse) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.assign('/signin');
};

/** The app decides what "logged out by a 401" looks like (status, storage, navigation). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

// Calls that must not trigger the refresh-and-retry dance: they are the session calls themselves.
const sessionPaths = new Set<string>([login.path, refresh.path, loginStatus.path, logout.path]);
const credentialPaths = new Set<string>([login.path, refresh.path]);

export function buildUrl(path: string, params?: CallOptions['params'], query?: CallOptions['query']): string {
  const filled = path.replace(/:(\w+)|\{(\w+)\}/g, (_match, colon: string | undefined, brace: string | undefined) => {
    const name = (colon ?? brace) as string;
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

type BodyArgs<R extends RouteContract> = R['body'] extends undefined
  ? [body?: undefined, options?: CallOptions]
  : [body: RequestOf<R>, options?: CallOptions];

export async function call<R extends RouteContract>(
  route: R,
  ...[body, options = {}]: BodyArgs<R>
): Promise<ResponseOf<R>> {
  const first = await send(route, body, options);
  if (first.status === 401 && !sessionPaths.has(route.path)) {
    if (await refreshAccessToken()) {
      const retry = await send(route, body, options);
      if (retry.status !== 401) return finish(route, retry, options);
    }
    onSessionExpired();
    throw new ApiError(401, 'Unauthorized', await readError(first));
  }
  return finish(route, first, options);
}

/**
 * A call whose answer is a file (the route's `download`): the same headers, refresh-and-retry and toasts as
 * `call`, but the body comes back as a Blob instead of parsed JSON.
 */
export async function download<R extends RouteContract>(route: R, ...[body, options = {}]: BodyArgs<R>): Promise<Blob> {
  let response = await send(route, body, options);
  if (response.status === 401 && !sessionPaths.has(route.path)) {
    if (!(await refreshAccessToken())) {
      onSessionExpired();
      throw new ApiError(401, 'Unauthorized', await readError(response));
    }
    response = await send(route, body, options);
    if (response.status === 401) {
      onSessionExpired();
      throw new ApiError(401, 'Unauthorized', await readError(response));
    }
  }
  if (response.ok) return response.blob();
  throw failedCall(route, response, await readError(response), options);
}

/**
 * The headers of every call (spec §7): the bearer token, Accept-Language and X-Country, over the caller's own.
 * Exported for the one request that cannot go through fetch: an upload whose progress is shown (lib/upload.ts).
 */
export function requestHeaders(route: RouteContract, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    ...extra,
    Accept: route.download ? '*/*' : 'application/json',
    'Accept-Language': i18n.language || 'en',
  };
  const token = session.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const country = getCountry();
  if (country) headers['X-Country'] = country;
  return headers;
}

async function send(route: RouteContract, body: unknown, options: CallOptions): Promise<Response> {
  const headers = requestHeaders(route, options.headers);
  const hasBody = body !== undefined && route.method !== 'GET';
  // A FormData body sets its own multipart Content-Type with the boundary.
  if (hasBody && !options.formData) headers['Content-Type'] = 'application/json';
  requestCounter.start();
  try {
    return await fetch(env.apiBaseUrl + buildUrl(route.path, options.params, options.query), {
      method: route.method,
      headers,
      body: options.formData ?? (hasBody ? JSON.stringify(body) : undefined),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError') && !options.silent) {
      notify.error(i18n.t('errors.codes.SERVICE_UNAVAILABLE'));
    }
    throw error;
  } finally {
    requestCounter.finish();
  }
}

async function finish<R extends RouteContract>(
  route: R,
  response: Response,
  options: CallOptions,
): Promise<ResponseOf<R>> {
  if (response.ok) {
    if (response.status === 204) return undefined as ResponseOf<R>;
    try {
      return (await response.json()) as ResponseOf<R>;
    } catch (error) {
      // Cancelled while the body was read (react-query cancels a fetch it starts again): nobody waits for it.
      if (options.signal?.aborted) throw error;
      // Not JSON (a proxy's page, a cut-off answer): a failure like a 5xx, never a half-read answer.
      log.error(`Response of ${route.method} ${route.path} is not JSON`, error);
      if (!options.silent) notify.error(i18n.t('errors.toast.system_error'));
      throw new ApiError(response.status, 'Invalid response');
    }
  }
  throw failedCall(route, response, await readError(response), options);
}

/** The server's one error shape (ErrorResponse), or nothing when the answer is not one (a proxy's page, say). */
export function asErrorResponse(value: unknown): ErrorResponse | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  const texts = [body.error, body.messageKey, body.message, body.uniqueId];
  return texts.every((text) => typeof text === 'string') ? (body as ErrorResponse) : undefined;
}

async function readError(response: Response): Promise<ErrorResponse | undefined> {
  try {
    return asErrorResponse(await response.clone().json());
  } catch {
    return undefined;
  }
}

/** True when a call failed because the ERP behind the portal does not answer (issue 28: 503 ERP_UNAVAILABLE). */
export function isErpUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.body?.error === 'ERP_UNAVAILABLE';
}

/** The server's message in the user's language: our translation of its key, else its own text. */
export function errorText(body: ErrorResponse): string {
  return i18n.exists(body.messageKey) ? i18n.t(body.messageKey) : body.message;
}

/**
 * A failed answer as `call` reports it (a toast unless silent), and the ApiError to throw; for lib/upload.ts, whose
 * answers do not come from fetch. A 401 is the caller's: `expireSession` after its one refresh-and-retry.
 */
export function failedCall(
  route: RouteContract,
  response: Pick<Response, 'status' | 'statusText'>,
  body: ErrorResponse | undefined,
  options: CallOptions,
): ApiError {
  if (!options.silent) toastFailure(route, response, body);
  return new ApiError(response.status, body?.message ?? response.statusText, body);
}

/** The session was refused even after a refresh: the app logs the user out (setSessionExpiredHandler). */
export function expireSession(): void {
  onSessionExpired();
}

let lastErpNotice = 0;

function toastFailure(
  route: RouteContract,
  response: Pick<Response, 'status' | 'statusText'>,
  body: ErrorResponse | undefined,
): void {
  // A maintenance window began: its notice once (not a System Error per call), and the routes switch over.
  if (body?.error === 'MAINTENANCE') {
    notify.error(body.message, { id: 'maintenance' });
    maintenanceSignal.set((count) => count + 1);
    return;
  }
  // Issue 28: the ERP behind the portal is down. Said as it is, once however many calls fail, not as a System Error.
  // The screens ask again every 10 s while it is down (query-client.ts): the notice at most once a minute.
  if (body?.error === 'ERP_UNAVAILABLE') {
    if (Date.now() - lastErpNotice < 60_000) return;
    lastErpNotice = Date.now();
    notify.error(errorText(body), { id: 'erp-unavailable' });
    return;
  }
  if (response.status >= 500) {
    notify.error(i18n.t('errors.toast.system_error'));
    return;
  }
  if (response.status === 401 && credentialPaths.has(route.path)) {
    notify.error(body ? errorText(body) : i18n.t('errors.auth.invalid_credentials'));
    return;
  }
  if (body) {
    notify.error(`${i18n.t('errors.toast.unique_id')}: ${body.uniqueId}`, {
      title: `${i18n.t('errors.toast.error_label')}: ${errorText(body)}`,
      autoClose: 10_000,
    });
    return;
  }
  notify.error(response.statusText || String(response.status));
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time: concurrent 401s share it. Uses the httpOnly refresh cookie; the new access token
 * replaces the old one in memory. Failures are silent here: the caller logs the user out.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= send(refresh, {}, {})
    .then(async (response) => {
      if (!response.ok) return false;
      const { token } = (await response.json()) as ResponseOf<typeof refresh>;
      if (typeof token !== 'string' || !token) return false;
      session.setAccessToken(token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
