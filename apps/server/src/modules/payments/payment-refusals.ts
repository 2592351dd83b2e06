// How a payment use case refuses, alike for invoice payments, deposits and guest payments: a failed check of
// packages/domain is PAYMENT_REFUSED with the check's message key (the web shows the same toast as its own check).
import { textInLanguage } from '@portal/domain';
import { AppError } from '../../errors';

type Failure = { key: string; documentIndex?: number; values?: Record<string, string>; field?: string };

/** The payments-off messages an administrator wrote (access spec §3) and the caller's language. */
export type PaymentsOffMessages = { messages: Record<string, string>; language: string };

/** The caller's language, else English, else any language the administrator wrote (issue 15). */
export function paymentsOffMessage({ messages, language }: PaymentsOffMessages): string | undefined {
  return textInLanguage(messages, language);
}

export function paymentRefused(failure: Failure, paymentsOff?: PaymentsOffMessages): AppError {
  const message =
    failure.key === 'validation.payment.payments_disabled' && paymentsOff ? paymentsOffMessage(paymentsOff) : undefined;
  return new AppError('PAYMENT_REFUSED', {
    messageKey: failure.key,
    ...(message ? { message } : {}),
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
