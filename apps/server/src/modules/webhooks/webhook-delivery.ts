// One delivery attempt over HTTP: resolve and check the destination (webhook-destination.ts), connect to the checked
// address only (a `lookup` that answers it: no second DNS query, so rebinding cannot redirect the connection; the
// Host header and the TLS server name stay the URL's host, so certificates are checked as usual), post the signed
// body, and read at most a few KB of the answer for the log. Redirects are not followed: a 3xx is a failed attempt.
// The whole attempt, resolution included, is bounded by WEBHOOK_TIMEOUT_SECONDS.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  DestinationError,
  hostOf,
  resolveDestination,
  type ResolvedAddress,
  type WebhookResolver,
} from './webhook-destination';

/** What is read of an answer; the rest is dropped with the connection. */
const answerReadBytes = 4096;
/** What of it is kept in the log. */
const answerKeptChars = 500;

export type DeliveryResult = {
  /** The HTTP status answered; null when no answer came. */
  status: number | null;
  durationMs: number;
  /** '' on a 2xx answer; else why the attempt failed, with the answer's first characters. */
  error: string;
};

export type DeliveryOptions = {
  allowPrivate: boolean;
  resolve: WebhookResolver;
  timeoutMs: number;
};

export async function deliverWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const url = new URL(target);
    const address = await Promise.race([
      resolveDestination(url, options),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
      ),
    ]);
    const answer = await post(url, address, headers, body, controller.signal);
    const durationMs = elapsed();
    if (answer.status >= 200 && answer.status < 300) return { status: answer.status, durationMs, error: '' };
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.location ? `: ${answer.location.slice(0, 200)}` : '';
      return { status: answer.status, durationMs, error: `redirect not followed${location}` };
    }
    return {
      status: answer.status,
      durationMs,
      error: `HTTP ${answer.status}${answer.text ? `: ${answer.text}` : ''}`,
    };
  } catch (cause) {
    const durationMs = elapsed();
    if (controller.signal.aborted)
      return { status: null, durationMs, error: `timed out after ${options.timeoutMs / 1000} s` };
    return { status: null, durationMs, error: describeFailure(cause) };
  } finally {
    clearTimeout(timer);
  }
}

function describeFailure(cause: unknown): string {
  if (cause instanceof DestinationError) return cause.message;
  const error = cause as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    EPIPE: 'connection closed while sending',
    CERT_HAS_EXPIRED: 'TLS certificate expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate self-signed',
    ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not name the host',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
    SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted',
  };
  const code = error.code ?? '';
  return (known[code] ? `${known[code]} (${code})` : `${code || 'error'}: ${error.message}`).slice(0, 500);
}

type Answer = { status: number; location: string | undefined; text: string };

function post(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<Answer> {
  // Answers the checked address whatever is asked, in both shapes Node asks for (one, or all with autoSelectFamily).
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: hostOf(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        // A fresh connection per attempt: no pooled socket made for another address or endpoint is reused.
        agent: false,
        lookup: pinned,
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'AR-Portal-Webhooks/1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const text = Buffer.concat(chunks)
            .subarray(0, answerReadBytes)
            .toString('utf8')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, answerKeptChars);
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, text });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= answerReadBytes) {
            // Enough for the log: the rest of a large answer is not waited for.
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        // A body cut short (closed, reset, the time-out) still has its status: the attempt is judged by it.
        response.on('error', finish);
        response.on('close', finish);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
