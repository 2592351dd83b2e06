// A closed-loop HTTP load on loopback: `connections` clients each send a request, wait for the whole answer and
// send the next, until a request count or a time limit is reached. Keep-alive sockets, one per client, like
// browsers behind a proxy. Latency is measured from sending the request to the last byte of the answer.
import http from 'node:http';

export type HttpCall = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
};

export type HttpAnswer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

export type LoadResult = {
  requests: number;
  errors: number;
  firstError?: string;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export type HttpClient = {
  send: (call: HttpCall, onChunk?: (chunk: Buffer) => void) => Promise<HttpAnswer>;
  close: () => void;
};

export function httpClient(port: number, connections: number): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const send = (call: HttpCall, onChunk?: (chunk: Buffer) => void) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: call.method,
          path: call.path,
          agent,
          headers: {
            ...call.headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => (onChunk ? onChunk(chunk) : chunks.push(chunk)));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export type LoadOptions = {
  port: number;
  connections: number;
  /** The call each request makes; `sequence` counts requests, so that callers can vary the call. */
  call: (sequence: number) => HttpCall;
  /** Not measured: fills caches, plans and JIT first. */
  warmupSeconds: number;
  /** Called between the warm-up and the measured part (a caller reads its counters there). */
  onMeasureStart?: () => void;
  maxRequests: number;
  maxSeconds: number;
};

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const client = httpClient(options.port, options.connections);
  try {
    let sequence = 0;
    const loop = async (until: number, limit: number, latencies: number[] | null, failures: string[]) => {
      while (performance.now() < until && sequence < limit) {
        const call = options.call(sequence++);
        const started = performance.now();
        try {
          const answer = await client.send(call);
          latencies?.push(performance.now() - started);
          if (answer.status >= 400) failures.push(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    const warmupFailures: string[] = [];
    const warmupEnd = performance.now() + options.warmupSeconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, () =>
        loop(warmupEnd, Number.POSITIVE_INFINITY, null, warmupFailures),
      ),
    );
    sequence = 0;
    options.onMeasureStart?.();
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    const end = started + options.maxSeconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, () => loop(end, options.maxRequests, latencies, failures)),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      errors: failures.length,
      ...(failures[0] || warmupFailures[0] ? { firstError: failures[0] ?? warmupFailures[0] } : {}),
      seconds: round(seconds, 1),
      perSecond: Math.round(latencies.length / seconds),
      p50: round(percentile(latencies, 0.5), 1),
      p95: round(percentile(latencies, 0.95), 1),
      p99: round(percentile(latencies, 0.99), 1),
      max: round(latencies[latencies.length - 1] ?? Number.NaN, 1),
    };
  } finally {
    client.close();
  }
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
