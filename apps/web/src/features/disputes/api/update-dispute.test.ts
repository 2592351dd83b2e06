import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateDispute } from './update-dispute';
import { uploadDisputeAttachment } from './upload-dispute-attachment';

describe('the dispute calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a change as a PATCH with its JSON body, like a PUT', async () => {
    const fetch = vi.fn(async () => new Response('{"id":"x"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await updateDispute('8d5a3c1e-2b4f-4a6d-9c8e-1f2a3b4c5d6e', { status: 'in_review' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/disputes\/8d5a3c1e-2b4f-4a6d-9c8e-1f2a3b4c5d6e$/);
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"status":"in_review"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('uploads a file as multipart under the field "file", letting the browser write the boundary', async () => {
    const fetch = vi.fn(async () => new Response('{"attachments":[]}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    await uploadDisputeAttachment('8d5a3c1e-2b4f-4a6d-9c8e-1f2a3b4c5d6e', new File(['%PDF-1.7'], 'note.pdf'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/disputes\/8d5a3c1e-2b4f-4a6d-9c8e-1f2a3b4c5d6e\/attachments$/);
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
