// What a refund submission that failed means (issue 37, ADR 0032), as a payment's does (lib/pay-submission.ts):
// refused, the server said no (more than is left, a dispute open, another refund still on its way, a check): nothing
// was refunded, the key is spent, the form says why; unknown (network, 5xx, the same key still in flight): ask again
// with the same key, which can never refund twice.
import type { ErrorResponse } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client';

export type RefundFailure = { kind: 'refused'; body: ErrorResponse } | { kind: 'unknown'; inFlight: boolean };

export function refundFailureOf(error: unknown): RefundFailure {
  const body = error instanceof ApiError ? error.body : undefined;
  if (body && (error as ApiError).status < 500 && body.error !== 'IDEMPOTENCY_IN_FLIGHT')
    return { kind: 'refused', body };
  return { kind: 'unknown', inFlight: body?.error === 'IDEMPOTENCY_IN_FLIGHT' };
}
