import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { refundFailureOf } from './refund-outcome';

const body = (error: string, messageKey: string) => ({ error, messageKey, message: 'text', uniqueId: 'req-1' });

describe('refundFailureOf', () => {
  it("takes the server's refusals for certain: nothing was refunded", () => {
    const above = body('REFUND_REFUSED', 'money-back.errors.refund_above_rest');
    expect(refundFailureOf(new ApiError(409, 'text', above))).toEqual({ kind: 'refused', body: above });
    const format = body('VALIDATION_FAILED', 'money-back.errors.refund_amount_format');
    expect(refundFailureOf(new ApiError(400, 'text', format))).toEqual({ kind: 'refused', body: format });
  });

  it('asks again with the same key when the outcome is not known', () => {
    expect(refundFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'unknown', inFlight: false });
    expect(refundFailureOf(new ApiError(502, 'Bad Gateway'))).toEqual({ kind: 'unknown', inFlight: false });
    expect(refundFailureOf(new ApiError(500, 'x', body('INTERNAL', 'errors.codes.INTERNAL')))).toEqual({
      kind: 'unknown',
      inFlight: false,
    });
    expect(
      refundFailureOf(new ApiError(409, 'x', body('IDEMPOTENCY_IN_FLIGHT', 'errors.codes.IDEMPOTENCY_IN_FLIGHT'))),
    ).toEqual({ kind: 'unknown', inFlight: true });
  });
});
