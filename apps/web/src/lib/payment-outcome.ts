// What a pay flow (invoices, deposits, guest payment) shows on its status page, kept in web storage so that a
// reload of the status page still shows it (spec §2: the guest status page reads it from local storage).
import type { PayInvoicesResponse } from '@portal/contracts';
import { sessionStore } from './browser-storage';
import type { PaymentRefusal, RefusedDocument } from './payment-refusal';

export type PaymentOutcome =
  | { kind: 'answer'; response: PayInvoicesResponse }
  /** The server refused the payment after the 3-D Secure return (e.g. the step failed): nothing was charged. */
  | { kind: 'refused'; refusal: PaymentRefusal; documents: RefusedDocument[]; currency_key?: string }
  /** The payment could not be completed and there is no answer to show (spec: 'Something is wrong with the site'). */
  | { kind: 'failed' };

type Storage = { get(key: string): string | null; set(key: string, value: string): void };

export type OutcomeStore = { save(outcome: PaymentOutcome): void; read(): PaymentOutcome | null };

export function createOutcomeStore(storage: Storage, key: string): OutcomeStore {
  return {
    save: (outcome) => storage.set(key, JSON.stringify(outcome)),
    read: () => readJson<PaymentOutcome>(storage, key),
  };
}

export function readJson<T>(storage: Pick<Storage, 'get'>, key: string): T | null {
  const raw = storage.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** spec §4: the result is success when any status message is type S. */
export function isPaymentSuccess(response: PayInvoicesResponse): boolean {
  return response.status.some((entry) => entry.message_type === 'S');
}

/**
 * What the status page says of an answer (issue 36 adds processing and the failed authentication):
 * - success: paid (spec §4: any status S);
 * - pending: the provider's answer is not known yet, the reconciler settles it;
 * - processing: a bank debit the provider started, posted when the bank confirms it (days);
 * - authentication_failed: the issuer asked the payer to authenticate (3-D Secure) and it failed or was not done;
 * - declined: refused for another reason (the server's message says which).
 */
export type PaymentStatusKind = 'success' | 'pending' | 'processing' | 'authentication_failed' | 'declined';

export function paymentStatusOf(response: PayInvoicesResponse): PaymentStatusKind {
  const { state } = response.payment;
  // Checked first: whether the ledger shows a bank debit at its start or at its end is the server's rule (ADR 0031).
  if (state === 'processing') return 'processing';
  if (isPaymentSuccess(response)) return 'success';
  if (state === 'pending') return 'pending';
  if (state === 'requires_action') return 'authentication_failed';
  return response.status.some((entry) => isAuthenticationDecline(entry.message_line_string))
    ? 'authentication_failed'
    : 'declined';
}

/**
 * The server's decline message names the provider's reason ("Payment declined: authentication_required",
 * "…: payment_intent_authentication_failure"); the contract has no code of its own for it.
 */
export function isAuthenticationDecline(message: string): boolean {
  return /authenticat/i.test(message);
}

/**
 * A submission cached in session storage across the 3-D Secure redirect (spec §4), under the access token the return
 * address carries as ?id=: `peek` leaves it in place, `take` reads it once. Whatever is cached is removed as soon as
 * the return reads it.
 */
export function createPendingStore<P extends { accessToken: string }>(key: string) {
  const peek = (accessToken: string): P | null => {
    const pending = readJson<P>(sessionStore, key);
    return pending && pending.accessToken === accessToken ? pending : null;
  };
  return {
    save: (pending: P): void => sessionStore.set(key, JSON.stringify(pending)),
    peek,
    take: (accessToken: string): P | null => {
      const pending = peek(accessToken);
      if (pending) sessionStore.remove(key);
      return pending;
    },
  };
}
