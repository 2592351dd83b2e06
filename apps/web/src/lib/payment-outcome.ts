// What a pay flow (invoices, deposits, guest payment) shows on its status page, kept in web storage so that a
// reload of the status page still shows it (spec §2: the guest status page reads it from local storage).
import type { PayInvoicesResponse } from '@portal/contracts';
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
