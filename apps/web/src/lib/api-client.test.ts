import { describe, expect, it, vi } from 'vitest';
import { asErrorResponse } from './api-client';

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
