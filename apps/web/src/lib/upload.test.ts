import { startLedgerImport } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setSessionExpiredHandler } from './api-client';
import { notify } from './notify';
import { session } from './session';
import { upload } from './upload';

vi.mock('./notify', () => ({ notify: { error: vi.fn(), warning: vi.fn(), info: vi.fn(), success: vi.fn() } }));

type Reply = { status: number; body: string };

/** A stand-in for the browser's XMLHttpRequest: records what was sent, reports progress, answers with `replies`. */
class FakeRequest {
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  static replies: Reply[] = [];
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
  send(body: unknown) {
    FakeRequest.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    const reply = FakeRequest.replies.shift();
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
      if (!reply) {
        this.onerror?.();
      } else {
        this.status = reply.status;
        this.statusText = String(reply.status);
        this.responseText = reply.body;
        this.onload?.();
      }
      this.onloadend?.();
    });
  }
}

const report = { id: '7d3c4b2a-0000-4000-8000-000000000001', status: 'running' };
const refusal = {
  error: 'PAYLOAD_TOO_LARGE',
  messageKey: 'errors.codes.PAYLOAD_TOO_LARGE',
  message: 'Too large',
  uniqueId: 'u-1',
};

beforeEach(() => {
  FakeRequest.sent = [];
  FakeRequest.replies = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  session.setAccessToken('token-1');
  vi.mocked(notify.error).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.setAccessToken(null);
});

describe('upload', () => {
  it('sends the body with the bearer token, language and query, reports progress and answers the JSON', async () => {
    FakeRequest.replies = [{ status: 202, body: JSON.stringify(report) }];
    const progress: number[] = [];
    const body = new Blob(['customer_number\n1\n']);
    const answer = await upload(startLedgerImport, {
      body,
      query: { kind: 'customers', origin: 'browser' },
      headers: { Prefer: 'respond-async' },
      onProgress: ({ sent, total }) => progress.push(sent / total),
    });
    expect(answer).toEqual(report);
    expect(progress).toEqual([0.5, 1]);
    const [sent] = FakeRequest.sent;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/api/ledger/imports?kind=customers&origin=browser',
      body,
      headers: { Authorization: 'Bearer token-1', Prefer: 'respond-async', Accept: 'application/json' },
    });
    expect(sent?.headers['Accept-Language']).toBeTruthy();
  });

  it('refreshes the token once on a 401 and sends the upload again with the new one', async () => {
    FakeRequest.replies = [
      { status: 401, body: '' },
      { status: 201, body: JSON.stringify(report) },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ token: 'token-2' }), { status: 200 })),
    );
    await expect(upload(startLedgerImport, { body: new Blob(['x']) })).resolves.toEqual(report);
    expect(FakeRequest.sent.map((request) => request.headers.Authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('logs the user out when the refresh is refused too', async () => {
    FakeRequest.replies = [{ status: 401, body: '' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    await expect(upload(startLedgerImport, { body: new Blob(['x']) })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
    expect(FakeRequest.sent).toHaveLength(1);
  });

  it("throws the server's refusal as an ApiError, toasting it unless silent", async () => {
    FakeRequest.replies = [{ status: 413, body: JSON.stringify(refusal) }];
    const failure = await upload(startLedgerImport, { body: new Blob(['x']), silent: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, body: refusal });
    expect(notify.error).not.toHaveBeenCalled();

    FakeRequest.replies = [{ status: 413, body: JSON.stringify(refusal) }];
    await expect(upload(startLedgerImport, { body: new Blob(['x']) })).rejects.toMatchObject({ status: 413 });
    expect(notify.error).toHaveBeenCalledOnce();
  });

  it('refuses a 2xx answer that is not JSON, and a connection that failed', async () => {
    FakeRequest.replies = [{ status: 200, body: '<html>proxy</html>' }];
    await expect(upload(startLedgerImport, { body: new Blob(['x']), silent: true })).rejects.toMatchObject({
      message: 'Invalid response',
    });
    FakeRequest.replies = [];
    await expect(upload(startLedgerImport, { body: new Blob(['x']), silent: true })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('does not send when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(upload(startLedgerImport, { body: new Blob(['x']), signal: controller.signal })).rejects.toMatchObject(
      { name: 'AbortError' },
    );
    expect(FakeRequest.sent).toHaveLength(0);
  });
});
