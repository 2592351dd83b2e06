// What the pay flow keeps in session storage (spec §4):
// - across the 3-D Secure redirect: the request being paid (with the CVV, as the spec says: it is removed as soon as
//   the return reads it), its Idempotency-Key and the access token the return address will carry as ?id=;
// - after paying: the answer the status page shows (so that a reload of the status page still shows it).
import type { PayInvoicesRequest } from '@portal/contracts';
import { sessionStore } from '../../../lib/browser-storage';
import { createOutcomeStore, readJson } from '../../../lib/payment-outcome';

export { isPaymentSuccess, type PaymentOutcome } from '../../../lib/payment-outcome';

const pendingKey = 'portal.payments.pending3ds';

export type PendingPayment = { accessToken: string; idempotencyKey: string; request: PayInvoicesRequest };

export const pendingPayment = {
  save(pending: PendingPayment): void {
    sessionStore.set(pendingKey, JSON.stringify(pending));
  },
  /** The cached payment of this 3-D Secure return, read once; null when none matches the id. */
  take(accessToken: string): PendingPayment | null {
    const pending = readJson<PendingPayment>(sessionStore, pendingKey);
    if (!pending || pending.accessToken !== accessToken) return null;
    sessionStore.remove(pendingKey);
    return pending;
  },
};

export const paymentOutcome = createOutcomeStore(sessionStore, 'portal.payments.result');
