// TEST_TRANSPORT=http (issue 35): the API tests' `app.inject` goes over a real socket. The app listens on a loopback
// port and each call is sent by undici, the HTTP client of Node itself, the way a browser, an ERP or curl would send
// it: the request's bytes are parsed by Node's HTTP parser, its body arrives as a stream from a socket, the answer is
// written to one. `inject` builds a small request object in memory instead, and hid a route that stopped the whole
// server on its first real request (a content-type parser's stream walked by a hook). The tests stay as they are:
// this module gives `inject`'s options and answer their meaning over TCP.
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import setCookieParser from 'set-cookie-parser';
import { Agent, request } from 'undici';

/** What `inject` gives tests, answered over the socket of the listening app. */
export type SocketInject = (options: InjectOptions | string) => Promise<LightMyRequestResponse>;

/**
 * Makes the app listen on a free loopback port and replaces its `inject` with calls over that socket. Returns what
 * closes the client's connections (call it before `app.close()`). The app must believe X-Forwarded-For from
 * 127.0.0.1 (buildApp's trustProxy), which carries the client address a test plays.
 */
export async function injectOverSocket(app: FastifyInstance): Promise<() => Promise<void>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  // A call left unanswered fails its test with an error after a minute instead of hanging it.
  const agent = new Agent({ keepAliveTimeout: 1_000, headersTimeout: 60_000, bodyTimeout: 60_000 });

  const inject: SocketInject = async (input) => {
    const options: InjectOptions = typeof input === 'string' ? { url: input } : input;
    const { path, headers, body } = requestOf(options);
    const answer = await request(`${origin}${path}`, {
      method: (options.method ?? 'GET').toUpperCase() as 'GET',
      headers,
      body,
      dispatcher: agent,
    });
    const rawPayload = Buffer.from(await answer.body.arrayBuffer());
    return responseOf(answer.statusCode, answer.headers, rawPayload);
  };
  Object.defineProperty(app, 'inject', { value: inject, configurable: true, writable: true });

  return () => agent.close();
}

/** `inject`'s request options as a client sends them (light-my-request's rules for payloads and defaults). */
function requestOf(options: InjectOptions) {
  const url = typeof options.url === 'string' ? options.url : String(options.url ?? options.path ?? '/');
  const target = new URL(url, 'http://localhost');
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, string | string[]>)) {
    for (const item of [value].flat()) target.searchParams.append(name, item);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  // As under `inject`: the Host a browser on PUBLIC_URL's default sends, and a user agent.
  headers.host ??= 'localhost:80';
  headers['user-agent'] ??= 'lightMyRequest';
  // The client address a test plays (`remoteAddress`), as a reverse proxy on the loopback names it: the app believes
  // X-Forwarded-For from 127.0.0.1 only (test-app.ts), so limits and audit rows per address stay what they are.
  headers['x-forwarded-for'] = options.remoteAddress ?? '127.0.0.1';
  if (options.cookies) {
    const pairs = Object.entries(options.cookies).map(
      ([name, value]) => `${name}=${encodeURIComponent(String(typeof value === 'string' ? value : value.value))}`,
    );
    headers.cookie = [headers.cookie, ...pairs].filter(Boolean).join('; ');
  }
  let payload = (options.payload ?? options.body ?? null) as unknown;
  if (payload === '') payload = null;
  let body: string | Buffer | Readable | undefined;
  if (payload === null || payload === undefined) body = undefined;
  else if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
  else if (payload instanceof Readable) body = payload;
  else {
    body = JSON.stringify(payload);
    headers['content-type'] ??= 'application/json';
  }
  return { path: `${target.pathname}${target.search}`, headers, body };
}

/** undici's answer in the shape of light-my-request's (status, headers, body, json(), cookies). */
function responseOf(
  statusCode: number,
  headers: Record<string, string | string[] | undefined>,
  rawPayload: Buffer,
): LightMyRequestResponse {
  const payload = rawPayload.toString('utf8');
  const response = {
    statusCode,
    statusMessage: '',
    headers,
    rawPayload,
    payload,
    body: payload,
    trailers: {},
    json: () => JSON.parse(payload) as unknown,
    stream: () => Readable.from([rawPayload]),
    get cookies() {
      const raw = headers['set-cookie'];
      return setCookieParser.parse(raw === undefined ? [] : [raw].flat(), { decodeValues: true });
    },
  };
  return response as unknown as LightMyRequestResponse;
}
