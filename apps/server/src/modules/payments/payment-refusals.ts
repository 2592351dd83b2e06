// How a payment use case refuses, alike for invoice payments, deposits and guest payments: a failed check of
// packages/domain is PAYMENT_REFUSED with the check's message key (the web shows the same toast as its own check).
import { AppError } from '../../errors';

type Failure = { key: string; documentIndex?: number; values?: Record<string, string>; field?: string };

export function paymentRefused(failure: Failure): AppError {
  return new AppError('PAYMENT_REFUSED', {
    messageKey: failure.key,
    details: {
      check: failure.key,
      ...(failure.documentIndex === undefined ? {} : { documentIndex: failure.documentIndex }),
      ...(failure.field === undefined ? {} : { field: failure.field }),
      ...(failure.values ? { values: failure.values } : {}),
    },
  });
}

export function validationFailed(reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { reason });
}
