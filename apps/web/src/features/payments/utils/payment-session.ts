// What the pay flow keeps in session storage (spec §4):
// - across the 3-D Secure redirect: the request being paid (with the CVV, as the spec says: it is removed as soon as
//   the return reads it), its Idempotency-Key and the access token the return address will carry as ?id=;
// - after paying: the answer the status page shows (so that a reload of the status page still shows it).
import type { PayInvoicesRequest } from '@portal/contracts';
import { sessionStore } from '../../../lib/browser-storage';
import { createOutcomeStore, createPendingStore } from '../../../lib/payment-outcome';

export { isPaymentSuccess, type PaymentOutcome } from '../../../lib/payment-outcome';

export type PendingPayment = { accessToken: string; idempotencyKey: string; request: PayInvoicesRequest };

export const pendingPayment = createPendingStore<PendingPayment>('portal.payments.pending3ds');

export const paymentOutcome = createOutcomeStore(sessionStore, 'portal.payments.result');
