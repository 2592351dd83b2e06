import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { notify } from './notify';
import { failedSubmission } from './pay-submission';

vi.mock('./notify', () => ({ notify: { error: vi.fn(), warning: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('./log', () => ({ log: { warn: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const t = (key: string) => `t:${key}`;
const refusal = (error: string, status = 400) =>
  new ApiError(status, error, { error, messageKey: `errors.codes.${error}`, message: error, uniqueId: 'req-1' });

describe('failedSubmission', () => {
  beforeEach(() => vi.mocked(notify.error).mockClear());

  it('reads a refusal of the server as refused: nothing was charged, nothing is toasted here', () => {
    expect(failedSubmission(refusal('PAYMENT_REFUSED'), t)).toMatchObject({
      kind: 'refused',
      refusal: { code: 'PAYMENT_REFUSED' },
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('asks again with the same key when the outcome is unknown (5xx, network), and says so', () => {
    expect(failedSubmission(refusal('INTERNAL', 500), t)).toEqual({ kind: 'retry' });
    expect(failedSubmission(new TypeError('Failed to fetch'), t)).toEqual({ kind: 'retry' });
    expect(notify.error).toHaveBeenCalledWith('t:payments.error.making_payment');
  });

  it('treats the same key still in flight as unknown, with its own message', () => {
    expect(failedSubmission(refusal('IDEMPOTENCY_IN_FLIGHT', 409), t)).toEqual({ kind: 'retry' });
    expect(notify.error).toHaveBeenCalledWith('t:errors.codes.IDEMPOTENCY_IN_FLIGHT');
  });
});
