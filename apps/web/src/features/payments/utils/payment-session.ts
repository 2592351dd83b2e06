// What the pay flow keeps in session storage (spec §4):
// - across the 3-D Secure redirect: the request being paid (with the CVV, as the spec says: it is removed as soon as
//   the return reads it), its Idempotency-Key and the access token the return address will carry as ?id=;
// - after paying: the answer the status page shows (so that a reload of the status page still shows it).
import type { PayInvoicesRequest, PayInvoicesResponse } from '@portal/contracts';
import { sessionStore } from '../../../lib/browser-storage';
import type { PaymentRefusal } from './payment-refusal';

const pendingKey = 'portal.payments.pending3ds';
const resultKey = 'portal.payments.result';

export type PendingPayment = { accessToken: string; idempotencyKey: string; request: PayInvoicesRequest };

export type PaymentOutcome =
  | { kind: 'answer'; response: PayInvoicesResponse }
  /** The server refused the payment after the 3-D Secure return (e.g. the step failed): nothing was charged. */
  | { kind: 'refused'; refusal: PaymentRefusal; documents: PayInvoicesRequest['documents'] }
  /** The payment could not be completed and there is no answer to show (spec: 'Something is wrong with the site'). */
  | { kind: 'failed' };

function read<T>(key: string): T | null {
  const raw = sessionStore.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const pendingPayment = {
  save(pending: PendingPayment): void {
    sessionStore.set(pendingKey, JSON.stringify(pending));
  },
  /** The cached payment of this 3-D Secure return, read once; null when none matches the id. */
  take(accessToken: string): PendingPayment | null {
    const pending = read<PendingPayment>(pendingKey);
    if (!pending || pending.accessToken !== accessToken) return null;
    sessionStore.remove(pendingKey);
    return pending;
  },
};

export const paymentOutcome = {
  save(outcome: PaymentOutcome): void {
    sessionStore.set(resultKey, JSON.stringify(outcome));
  },
  read(): PaymentOutcome | null {
    return read<PaymentOutcome>(resultKey);
  },
};

/** spec §4: the result is success when any status message is type S. */
export function isPaymentSuccess(response: PayInvoicesResponse): boolean {
  return response.status.some((entry) => entry.message_type === 'S');
}
