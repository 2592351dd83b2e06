// The HTTP transport of the ERP connector: one keep-alive pool to the ERP's origin, a deadline per attempt, retries
// for reads only, and a circuit breaker so that a dead ERP costs the portal a fast failure, not a timeout per call.
// Request bodies may hold customer data: no error message or log line here ever carries one.
import type { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';

export type ErpHttpClientOptions = {
  /** The ERP's origin, e.g. http://127.0.0.1:4100; request paths start with /erp/v1/. */
  url: string;
  /** Sent as Authorization: Bearer <token>. */
  token: string;
  /** Per attempt: the headers and, for json(), the whole body must arrive within it. */
  timeoutMs: number;
  /** Extra attempts for reads (GET, or `read: true`); writes are never retried. */
  retries: number;
  /** Keep-alive pool size (default 16). */
  connections?: number;
  /** Consecutive failed calls that open the circuit, and how long it stays open (default 5 and 10 s). */
  breaker?: { failures: number; coolDownMs: number };
  /** The breaker's clock (tests). */
  now?: () => number;
  /** The backoff's jitter source, in [0, 1) (tests). */
  random?: () => number;
};

export type ErpRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** JSON-serialised; a BigInt must have been converted by the caller (JSON.stringify refuses it). */
  body?: unknown;
  /** true: safe to retry (a read, or a PUT: the same resource again replaces it). */
  read: boolean;
  /** Sent as Idempotency-Key, so that the ERP answers a repeated write with its first result. */
  idempotencyKey?: string;
  /** An optional operation of the contract: 501 is the ERP saying it does not offer it (a refusal), not a failure. */
  optional?: boolean;
  accept?: 'json' | 'pdf' | 'ndjson';
};

export type ErpResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The undici body stream, unread: the caller must consume or destroy it. */
  body: Readable;
};

export type ErpUnavailableReason = 'refused' | 'timeout' | 'server_error' | 'circuit_open' | 'malformed';

/** The ERP could not be reached or did not answer properly: these count against the circuit breaker. */
export class ErpUnavailableError extends Error {
  override readonly name = 'ErpUnavailableError';
  readonly reason: ErpUnavailableReason;
  readonly status?: number;

  constructor(message: string, reason: ErpUnavailableReason, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
    this.status = status;
  }
}

export type ErpRefusalBody = { message_type: string; message_line_string: string; code: string };

/**
 * The ERP answered 4xx, or 501 to an optional operation (it does not offer it): it works and said no, so this neither
 * retries nor counts against the breaker.
 */
export class ErpRefusedError extends Error {
  override readonly name = 'ErpRefusedError';
  readonly status: number;
  readonly body: ErpRefusalBody | undefined;

  constructor(message: string, status: number, body: ErpRefusalBody | undefined) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export type ErpCircuitState = {
  circuit: 'closed' | 'open' | 'half_open';
  consecutiveFailures: number;
  openedAt: number | null;
  /** The message of the last failure, kept after recovery for the health page. */
  lastError: string | null;
};

export type ErpHttpClient = {
  /** Parses the JSON body of a 2xx answer; a body that is not JSON is ErpUnavailableError('malformed'). */
  json: <T>(request: ErpRequest) => Promise<T>;
  /** A 2xx answer with its body left unread (PDFs, NDJSON). */
  stream: (request: ErpRequest) => Promise<ErpResponse>;
  state: () => ErpCircuitState;
  close: () => Promise<void>;
};

const acceptHeaders = { json: 'application/json', pdf: 'application/pdf', ndjson: 'application/x-ndjson' } as const;
const maxBackoffMs = 1000;
const baseBackoffMs = 50;
// A refusal's body is a short JSON message; a larger one is not the ERP contract's and is not worth holding.
const maxRefusalBodyBytes = 64 * 1024;
// These mean the portal misused undici or closed the client: bugs or shutdown, not an ERP that is down.
const notErpFailureCodes = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_INVALID_RETURN_VALUE',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);
const timeoutCodes = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

export function createErpHttpClient(options: ErpHttpClientOptions): ErpHttpClient {
  const { timeoutMs, retries, token } = options;
  const { failures: failuresToOpen, coolDownMs } = options.breaker ?? { failures: 5, coolDownMs: 10_000 };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  // undici's own timeouts back up the per-attempt deadline below; bodyTimeout is also the only guard of a stream()
  // body once it is handed to the caller, since a total deadline would cut off a slow reader of a large PDF.
  const pool = new Pool(options.url, {
    connections: options.connections ?? 16,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
  });

  let consecutiveFailures = 0;
  let openedAt: number | null = null;
  let lastError: string | null = null;
  let probeInFlight = false;

  function circuit(): ErpCircuitState['circuit'] {
    if (openedAt === null) return 'closed';
    return probeInFlight || now() - openedAt >= coolDownMs ? 'half_open' : 'open';
  }

  function recordSuccess(): void {
    consecutiveFailures = 0;
    openedAt = null;
    // The System tab says "connected" only while the last call succeeded.
    lastError = null;
  }

  function recordFailure(error: ErpUnavailableError, isProbe: boolean): void {
    consecutiveFailures += 1;
    lastError = error.message;
    // Calls already in flight when the circuit opened may fail later: they must not push the cool-down back.
    if (isProbe || (openedAt === null && consecutiveFailures >= failuresToOpen)) openedAt = now();
  }

  /** One attempt: resolves with a 2xx answer (its body read through `read` while the deadline still runs). */
  async function attempt<R>(
    request: ErpRequest,
    body: string | undefined,
    read: (response: Dispatcher.ResponseData) => Promise<R>,
  ): Promise<R> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const label = describe(request);
    try {
      let response: Dispatcher.ResponseData;
      try {
        response = await pool.request({
          method: request.method,
          path: request.path,
          headers: headersOf(request, token, body !== undefined),
          body,
          signal: controller.signal,
        });
      } catch (error) {
        throw classify(error, label, timedOut);
      }
      const status = response.statusCode;
      if ((status >= 400 && status < 500) || (status === 501 && request.optional)) {
        throw new ErpRefusedError(`${label} refused with ${status}`, status, await readRefusal(response.body));
      }
      if (status < 200 || status >= 300) {
        // Read what is small so the socket goes back to the pool; a large or stalled body is destroyed instead.
        await response.body.dump().catch(() => undefined);
        throw new ErpUnavailableError(`${label} answered ${status} (server_error)`, 'server_error', status);
      }
      try {
        return await read(response);
      } catch (error) {
        response.body.destroy();
        throw classify(error, label, timedOut);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async function call<R>(request: ErpRequest, read: (response: Dispatcher.ResponseData) => Promise<R>): Promise<R> {
    // Serialised once, before the breaker: a body that cannot be serialised is the caller's bug, not the ERP's.
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const label = describe(request);

    let isProbe = false;
    if (openedAt !== null) {
      if (now() - openedAt < coolDownMs || probeInFlight) {
        throw new ErpUnavailableError(`${label}: circuit_open`, 'circuit_open');
      }
      isProbe = true;
      probeInFlight = true;
    }

    // A probe asks once: the ERP has just been failing, and the answer to "is it back?" must come within one deadline.
    const extraAttempts = isProbe || !(request.method === 'GET' || request.read) ? 0 : retries;
    try {
      for (let attemptIndex = 0; ; attemptIndex += 1) {
        try {
          const result = await attempt(request, body, read);
          recordSuccess();
          return result;
        } catch (error) {
          if (error instanceof ErpRefusedError) {
            recordSuccess();
            throw error;
          }
          if (!(error instanceof ErpUnavailableError)) throw error;
          // A time-out is not retried: the user has waited one deadline already, and a screen must say that the ERP
          // is down within 10 s (issue 28), not after three deadlines.
          if (attemptIndex >= extraAttempts || error.reason === 'timeout') {
            recordFailure(error, isProbe);
            throw error;
          }
          // Full jitter: clients that failed together do not come back together.
          await delay(random() * Math.min(maxBackoffMs, baseBackoffMs * 2 ** attemptIndex));
        }
      }
    } finally {
      if (isProbe) probeInFlight = false;
    }
  }

  return {
    json: <T>(request: ErpRequest) =>
      call(request, async (response) => {
        const text = await response.body.text();
        try {
          return JSON.parse(text) as T;
        } catch (error) {
          throw new ErpUnavailableError(
            `${describe(request)} answered ${response.statusCode} (malformed)`,
            'malformed',
            response.statusCode,
            { cause: error },
          );
        }
      }),
    stream: (request) =>
      call(request, async (response) => ({
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
      })),
    state: () => ({ circuit: circuit(), consecutiveFailures, openedAt, lastError }),
    close: () => pool.close(),
  };
}

function headersOf(request: ErpRequest, token: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: acceptHeaders[request.accept ?? 'json'],
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  return headers;
}

// The query string may carry customer identifiers: messages name the path only.
function describe(request: ErpRequest): string {
  return `ERP ${request.method} ${request.path.split('?')[0]}`;
}

function classify(error: unknown, label: string, timedOut: boolean): unknown {
  if (error instanceof ErpUnavailableError || error instanceof ErpRefusedError) return error;
  const code = errorCode(error);
  if (timedOut || (code !== undefined && timeoutCodes.has(code))) {
    return new ErpUnavailableError(`${label}: timeout`, 'timeout', undefined, { cause: error });
  }
  if (code !== undefined && notErpFailureCodes.has(code)) return error;
  // Refused, reset, closed mid-answer, DNS: whatever the socket said, the ERP could not be talked to.
  return new ErpUnavailableError(`${label}: refused`, 'refused', undefined, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Connection errors to a host with several addresses come wrapped in an AggregateError.
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

async function readRefusal(body: Dispatcher.ResponseData['body']): Promise<ErpRefusalBody | undefined> {
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxRefusalBodyBytes) {
        body.destroy();
        return undefined;
      }
      chunks.push(chunk);
    }
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return isRefusalBody(parsed) ? parsed : undefined;
  } catch {
    // A refusal without a readable body is still a refusal; only its explanation is missing.
    body.destroy();
    return undefined;
  }
}

function isRefusalBody(value: unknown): value is ErpRefusalBody {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.message_type === 'string' &&
    typeof record.message_line_string === 'string' &&
    typeof record.code === 'string'
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
