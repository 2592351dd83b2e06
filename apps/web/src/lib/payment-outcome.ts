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
