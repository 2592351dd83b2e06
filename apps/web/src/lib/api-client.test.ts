import { listLedgerImports } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { asErrorResponse, call } from './api-client';
import { notify } from './notify';

vi.mock('./notify', () => ({ notify: { error: vi.fn(), warning: vi.fn(), info: vi.fn(), success: vi.fn() } }));

describe('asErrorResponse', () => {
  it("reads the server's one error shape", () => {
    const body = { error: 'NOT_FOUND', messageKey: 'errors.codes.NOT_FOUND', message: 'Not found', uniqueId: 'abc' };
    expect(asErrorResponse({ ...body, details: { documentIndex: 1 } })).toMatchObject(body);
  });

  it('refuses what is not that shape: a proxy page, a half answer, a wrong type', () => {
    expect(asErrorResponse('<html>502 Bad Gateway</html>')).toBeUndefined();
    expect(asErrorResponse(null)).toBeUndefined();
    expect(asErrorResponse({ error: 'NOT_FOUND', message: 'Not found' })).toBeUndefined();
    expect(asErrorResponse({ error: 'X', messageKey: 'k', message: 'm', uniqueId: 7 })).toBeUndefined();
  });
});

describe('call', () => {
  it('does not report a call cancelled while its answer is read as a broken answer', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        // The answer starts, then the caller cancels before the rest comes (as fetch does, the body then fails).
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"imports": ['));
            init.signal?.addEventListener('abort', () => stream.error(new DOMException('Aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    try {
      const pending = call(listLedgerImports, undefined, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      const failure = await pending.catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'AbortError' });
      expect(notify.error).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says that the ERP is not answering, once a minute however many calls find it down, instead of a System Error', async () => {
    const body = {
      error: 'ERP_UNAVAILABLE',
      messageKey: 'errors.codes.ERP_UNAVAILABLE',
      message: 'The accounting system (ERP) is not answering right now.',
      uniqueId: 'req-1',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.mocked(notify.error).mockClear();
    try {
      await expect(call(listLedgerImports, undefined, {})).rejects.toMatchObject({ status: 503 });
      await expect(call(listLedgerImports, undefined, {})).rejects.toMatchObject({ status: 503 });
      expect(vi.mocked(notify.error).mock.calls).toEqual([[expect.stringContaining('ERP'), { id: 'erp-unavailable' }]]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
