// What the deposit flow keeps in session storage (spec §4 "deposits work the same, ... with the form cached in
// session storage across the redirect"):
// - across the 3-D Secure redirect: the deposit request (with the CVV, as for invoices: removed as soon as the return
//   reads it), its Idempotency-Key and the access token the return address carries as ?id=;
// - after paying: the answer the status page shows (so that a reload of the status page still shows it).
import type { MakeDepositRequest } from '@portal/contracts';
import { sessionStore } from '../../../lib/browser-storage';
import { createOutcomeStore, createPendingStore } from '../../../lib/payment-outcome';

export type PendingDeposit = { accessToken: string; idempotencyKey: string; request: MakeDepositRequest };

export const pendingDeposit = createPendingStore<PendingDeposit>('portal.deposits.pending3ds');

export const depositOutcome = createOutcomeStore(sessionStore, 'portal.deposits.result');
