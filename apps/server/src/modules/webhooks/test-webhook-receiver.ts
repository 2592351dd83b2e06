// A real HTTP receiver for the webhook tests, on 127.0.0.1 and a free port: it keeps every request it took (headers
// and raw body) and answers as the test tells it (a status, a redirect, or no answer at all).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** How the receiver answers the next requests: a status (with optional headers and body), or silence. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export type TestWebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  answer: (next: ReceiverAnswer) => void;
  /** Forgets what was received and answers 204 again. */
  reset: () => void;
  close: () => Promise<void>;
};

export async function startTestWebhookReceiver(): Promise<TestWebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let next: ReceiverAnswer = { status: 204 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (next === 'hang') return;
      response.writeHead(next.status, next.headers ?? {});
      response.end(next.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer: (answer) => {
      next = answer;
    },
    reset: () => {
      received.length = 0;
      next = { status: 204 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
