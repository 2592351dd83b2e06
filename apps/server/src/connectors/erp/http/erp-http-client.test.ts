import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createErpHttpClient,
  ErpRefusedError,
  ErpUnavailableError,
  type ErpHttpClient,
  type ErpHttpClientOptions,
} from './erp-http-client';

type Hit = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = (hit: Hit, response: http.ServerResponse, request: http.IncomingMessage) => void;
type TestErp = { url: string; hits: Hit[]; answer: (next: Answer) => void; close: () => Promise<void> };

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Clients first: a pool closes gracefully only while its server still answers.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real ERP stand-in on 127.0.0.1: it keeps every request and answers as the test says. */
async function startErp(first: Answer): Promise<TestErp> {
  const hits: Hit[] = [];
  let next = first;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      next(hit, response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    answer: (answer) => {
      next = answer;
    },
    close,
  };
}

function client(url: string, options: Partial<ErpHttpClientOptions> = {}): ErpHttpClient {
  const created = createErpHttpClient({
    url,
    token: 'erp-token',
    // Long enough for a first request on a loaded CI machine; the tests of time-outs set their own short deadline.
    timeoutMs: 5_000,
    retries: 2,
    random: () => 0,
    ...options,
  });
  cleanups.push(() => created.close());
  return created;
}

const json =
  (status: number, body: unknown): Answer =>
  (_hit, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

const hang: Answer = () => undefined;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

async function unavailable(promise: Promise<unknown>): Promise<ErpUnavailableError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ErpUnavailableError);
  return error as ErpUnavailableError;
}

const read = { method: 'POST', path: '/erp/v1/invoices/search', body: { payer: '1000' }, read: true } as const;
const write = { method: 'POST', path: '/erp/v1/payments', body: { amount_minor: '100' }, read: false } as const;

describe('createErpHttpClient', () => {
  it('sends the bearer token and the JSON body, and parses a JSON answer', async () => {
    const erp = await startErp(json(200, { documents: [1, 2] }));
    const answer = await client(erp.url).json<{ documents: number[] }>(read);
    expect(answer).toEqual({ documents: [1, 2] });
    expect(erp.hits).toHaveLength(1);
    expect(erp.hits[0]).toMatchObject({ method: 'POST', path: '/erp/v1/invoices/search', body: '{"payer":"1000"}' });
    expect(erp.hits[0]?.headers).toMatchObject({
      authorization: 'Bearer erp-token',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('sends the Idempotency-Key of a write', async () => {
    const erp = await startErp(json(201, { message_type: 'S' }));
    await client(erp.url).json({ ...write, idempotencyKey: 'intent-42' });
    expect(erp.hits[0]?.headers['idempotency-key']).toBe('intent-42');
  });

  it('retries a read after a 503 and returns the answer that follows', async () => {
    const erp = await startErp((_hit, response) => {
      erp.answer(json(200, { ok: true }));
      response.writeHead(503).end('busy');
    });
    const erpClient = client(erp.url);
    await expect(erpClient.json(read)).resolves.toEqual({ ok: true });
    expect(erp.hits).toHaveLength(2);
    expect(erpClient.state()).toMatchObject({ circuit: 'closed', consecutiveFailures: 0 });
  });

  it('retries a GET even when the request does not say read', async () => {
    const erp = await startErp((_hit, response) => {
      erp.answer(json(200, { ok: true }));
      response.writeHead(502).end();
    });
    await expect(client(erp.url).json({ method: 'GET', path: '/erp/v1/configuration', read: false })).resolves.toEqual({
      ok: true,
    });
    expect(erp.hits).toHaveLength(2);
  });

  it('takes a 501 to an optional operation as a refusal: asked once, the circuit untouched; elsewhere as a failure', async () => {
    const notImplemented = { message_type: 'E', message_line_string: 'Not offered.', code: 'not_implemented' };
    const erp = await startErp(json(501, notImplemented));
    const erpClient = client(erp.url);
    const put = { method: 'PUT', path: '/erp/v1/disputes/d-1', body: {}, read: true, optional: true } as const;
    for (let i = 0; i < 6; i += 1) {
      const error = await failure(erpClient.json(put));
      expect(error).toBeInstanceOf(ErpRefusedError);
      expect(error).toMatchObject({ status: 501, body: notImplemented });
    }
    expect(erp.hits).toHaveLength(6);
    expect(erpClient.state()).toMatchObject({ circuit: 'closed', consecutiveFailures: 0 });
    expect(await unavailable(erpClient.json(read))).toMatchObject({ reason: 'server_error', status: 501 });
  });

  it('does not retry a write after a 503', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(503).end());
    const error = await unavailable(client(erp.url).json(write));
    expect(error).toMatchObject({ reason: 'server_error', status: 503 });
    expect(erp.hits).toHaveLength(1);
  });

  it('gives up on a read after the configured retries', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(500).end());
    const error = await unavailable(client(erp.url, { retries: 2 }).json(read));
    expect(error.reason).toBe('server_error');
    expect(erp.hits).toHaveLength(3);
  });

  it('times out on an ERP that never answers, once: a read is not retried after a time-out', async () => {
    const erp = await startErp(hang);
    const error = await unavailable(client(erp.url, { retries: 2, timeoutMs: 200 }).json(read));
    expect(error.reason).toBe('timeout');
    expect(erp.hits).toHaveLength(1);
  });

  it('times out on an answer whose body stops half way', async () => {
    const erp = await startErp((_hit, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"documents": [');
    });
    const error = await unavailable(client(erp.url, { retries: 0, timeoutMs: 200 }).json(read));
    expect(error.reason).toBe('timeout');
  });

  it('times out on a body that keeps trickling past the deadline', async () => {
    const erp = await startErp((_hit, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const trickle = setInterval(() => response.write('1,'), 50);
      response.on('close', () => clearInterval(trickle));
    });
    const error = await unavailable(client(erp.url, { retries: 0, timeoutMs: 200 }).json(read));
    expect(error.reason).toBe('timeout');
  });

  it('gives the socket of a failed answer back to the pool', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(503).end('x'.repeat(1_000_000)));
    const erpClient = client(erp.url, {
      retries: 0,
      connections: 1,
      breaker: { failures: 100, coolDownMs: 1 },
    });
    for (let i = 0; i < 5; i += 1) expect((await unavailable(erpClient.json(write))).reason).toBe('server_error');
    erp.answer(json(200, { ok: true }));
    await expect(erpClient.json(write)).resolves.toEqual({ ok: true });
    expect(erp.hits).toHaveLength(6);
  });

  it('reports a closed port as refused', async () => {
    const erp = await startErp(hang);
    await erp.close();
    const erpClient = client(erp.url, { retries: 1 });
    const error = await unavailable(erpClient.json(read));
    expect(error.reason).toBe('refused');
    expect(erpClient.state()).toMatchObject({
      consecutiveFailures: 1,
      lastError: 'ERP POST /erp/v1/invoices/search: refused',
    });
  });

  it('reports a connection reset by the ERP as refused, and retries it for a read', async () => {
    const erp = await startErp((_hit, _response, request) => request.socket.destroy());
    const error = await unavailable(client(erp.url, { retries: 1 }).json(read));
    expect(error.reason).toBe('refused');
    expect(erp.hits).toHaveLength(2);
  });

  it('reports a 2xx answer that is not JSON as malformed', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(200).end('<html>gateway</html>'));
    const erpClient = client(erp.url, { retries: 0 });
    const error = await unavailable(erpClient.json(read));
    expect(error).toMatchObject({ reason: 'malformed', status: 200 });
    expect(erpClient.state().consecutiveFailures).toBe(1);
  });

  it('retries a malformed answer to a read', async () => {
    const erp = await startErp((_hit, response) => {
      erp.answer(json(200, { ok: true }));
      response.writeHead(200).end('{"truncated');
    });
    await expect(client(erp.url).json(read)).resolves.toEqual({ ok: true });
    expect(erp.hits).toHaveLength(2);
  });

  it('throws a 4xx as a refusal with the ERP message, without retrying', async () => {
    const body = { message_type: 'E', message_line_string: 'payer_data is required', code: 'invalid_request' };
    const erp = await startErp(json(400, body));
    const error = await failure(client(erp.url).json(read));
    expect(error).toBeInstanceOf(ErpRefusedError);
    expect(error).toMatchObject({ status: 400, body });
    expect(erp.hits).toHaveLength(1);
  });

  it('throws a 4xx without a JSON body as a refusal with no body', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(404).end('not here'));
    const error = await failure(client(erp.url).json(read));
    expect(error).toBeInstanceOf(ErpRefusedError);
    expect(error).toMatchObject({ status: 404, body: undefined });
  });

  it('counts a 4xx as a sign of life: it resets the failures and never opens the circuit', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(503).end());
    const erpClient = client(erp.url, { retries: 0, breaker: { failures: 2, coolDownMs: 1000 } });
    await unavailable(erpClient.json(read));
    expect(erpClient.state().consecutiveFailures).toBe(1);
    erp.answer(json(409, { message_type: 'E', message_line_string: 'conflict', code: 'idempotency_conflict' }));
    for (let i = 0; i < 3; i += 1) expect(await failure(erpClient.json(write))).toBeInstanceOf(ErpRefusedError);
    expect(erpClient.state()).toMatchObject({ circuit: 'closed', consecutiveFailures: 0, openedAt: null });
    expect(erp.hits).toHaveLength(4);
  });

  it('never puts the request body in an error message', async () => {
    const erp = await startErp((_hit, response) => response.writeHead(500).end('secret-iban-DE89'));
    const erpClient = client(erp.url, { retries: 0 });
    const error = await unavailable(
      erpClient.json({ ...write, path: '/erp/v1/payments?payer=1000', body: { iban: 'secret-iban-DE89' } }),
    );
    expect(error.message).toBe('ERP POST /erp/v1/payments answered 500 (server_error)');
    expect(erpClient.state().lastError).not.toContain('secret');
  });

  describe('circuit breaker', () => {
    async function openCircuit() {
      let clock = 1_000_000;
      const erp = await startErp((_hit, response) => response.writeHead(503).end());
      const erpClient = client(erp.url, {
        retries: 2,
        breaker: { failures: 3, coolDownMs: 5000 },
        now: () => clock,
      });
      for (let i = 0; i < 3; i += 1) expect((await unavailable(erpClient.json(write))).reason).toBe('server_error');
      return { erp, erpClient, advance: (ms: number) => (clock += ms), openedAt: clock };
    }

    it('opens after the configured consecutive failed calls, then fails fast without calling the ERP', async () => {
      const { erp, erpClient, openedAt } = await openCircuit();
      expect(erpClient.state()).toEqual({
        circuit: 'open',
        consecutiveFailures: 3,
        openedAt,
        lastError: 'ERP POST /erp/v1/payments answered 503 (server_error)',
      });
      const error = await unavailable(erpClient.json(read));
      expect(error.reason).toBe('circuit_open');
      expect(await unavailable(erpClient.stream({ ...read, accept: 'pdf' }))).toMatchObject({ reason: 'circuit_open' });
      expect(erp.hits).toHaveLength(3);
    });

    it('counts a call with all its retries as one failure', async () => {
      const erp = await startErp((_hit, response) => response.writeHead(503).end());
      const erpClient = client(erp.url, { retries: 2, breaker: { failures: 2, coolDownMs: 5000 } });
      await unavailable(erpClient.json(read));
      expect(erpClient.state()).toMatchObject({ circuit: 'closed', consecutiveFailures: 1 });
      expect(erp.hits).toHaveLength(3);
    });

    it('goes half-open after the cool-down and closes on a successful probe', async () => {
      const { erp, erpClient, advance } = await openCircuit();
      advance(4999);
      expect(erpClient.state().circuit).toBe('open');
      advance(1);
      expect(erpClient.state().circuit).toBe('half_open');
      erp.answer(json(200, { ok: true }));
      await expect(erpClient.json(read)).resolves.toEqual({ ok: true });
      expect(erpClient.state()).toMatchObject({ circuit: 'closed', consecutiveFailures: 0, openedAt: null });
      expect(erp.hits).toHaveLength(4);
    });

    it('re-opens for another cool-down when the probe fails, the probe asking once', async () => {
      const { erp, erpClient, advance } = await openCircuit();
      const reopenedAt = advance(5000);
      expect((await unavailable(erpClient.json(read))).reason).toBe('server_error');
      expect(erp.hits).toHaveLength(4);
      expect(erpClient.state()).toMatchObject({ circuit: 'open', openedAt: reopenedAt, consecutiveFailures: 4 });
      advance(4999);
      expect((await unavailable(erpClient.json(read))).reason).toBe('circuit_open');
      expect(erp.hits).toHaveLength(4);
    });

    it('lets a single probe through at a time in half-open', async () => {
      const { erp, erpClient, advance } = await openCircuit();
      advance(5000);
      let held: http.ServerResponse | undefined;
      const probeArrived = new Promise<void>((resolve) =>
        erp.answer((_hit, response) => {
          held = response;
          resolve();
        }),
      );
      const probe = erpClient.json(read);
      await probeArrived;
      expect(erpClient.state().circuit).toBe('half_open');
      expect((await unavailable(erpClient.json(read))).reason).toBe('circuit_open');
      expect(erp.hits).toHaveLength(4);
      held?.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      await expect(probe).resolves.toEqual({ ok: true });
      expect(erpClient.state().circuit).toBe('closed');
    });
  });

  describe('stream', () => {
    it('returns the body of a PDF answer unread', async () => {
      const pdf = Buffer.from('%PDF-1.7\n%fake\n');
      const erp = await startErp((_hit, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf', 'erp-billing-document-numbers': '90001,90002' });
        response.end(pdf);
      });
      const response = await client(erp.url).stream({ ...read, path: '/erp/v1/invoices/pdf', accept: 'pdf' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['erp-billing-document-numbers']).toBe('90001,90002');
      expect(erp.hits[0]?.headers.accept).toBe('application/pdf');
      expect(response.body.readableEnded).toBe(false);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(pdf);
    });

    it('does not cut off a body read after the deadline of its attempt', async () => {
      const erp = await startErp((_hit, response) => {
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        response.end('{"a":1}\n');
      });
      const response = await client(erp.url, { timeoutMs: 100 }).stream({ ...read, accept: 'ndjson' });
      await new Promise((resolve) => setTimeout(resolve, 250));
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('{"a":1}\n');
    });

    it('throws a 4xx and a 5xx as for json()', async () => {
      const erp = await startErp(
        json(404, { message_type: 'E', message_line_string: 'no such pdf', code: 'not_found' }),
      );
      const erpClient = client(erp.url, { retries: 0 });
      expect(await failure(erpClient.stream({ ...read, accept: 'pdf' }))).toMatchObject({ status: 404 });
      erp.answer((_hit, response) => response.writeHead(503).end());
      expect(await unavailable(erpClient.stream({ ...read, accept: 'pdf' }))).toMatchObject({ reason: 'server_error' });
    });
  });
});
