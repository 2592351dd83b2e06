// What the deposit flow keeps in session storage (spec §4 "deposits work the same, ... with the form cached in
// session storage across the redirect"):
// - across the 3-D Secure redirect: the deposit request (with the CVV, as for invoices: removed as soon as the return
//   reads it), its Idempotency-Key and the access token the return address carries as ?id=;
// - after paying: the answer the status page shows (so that a reload of the status page still shows it).
import type { MakeDepositRequest } from '@portal/contracts';
import { sessionStore } from '../../../lib/browser-storage';
import { createOutcomeStore, readJson } from '../../../lib/payment-outcome';

const pendingKey = 'portal.deposits.pending3ds';

export type PendingDeposit = { accessToken: string; idempotencyKey: string; request: MakeDepositRequest };

export const pendingDeposit = {
  save(pending: PendingDeposit): void {
    sessionStore.set(pendingKey, JSON.stringify(pending));
  },
  /** The cached deposit of this 3-D Secure step, left in place (the form restored by /deposits?id=...). */
  peek(accessToken: string): PendingDeposit | null {
    const pending = readJson<PendingDeposit>(sessionStore, pendingKey);
    return pending && pending.accessToken === accessToken ? pending : null;
  },
  /** The cached deposit of this 3-D Secure return, read once; null when none matches the id. */
  take(accessToken: string): PendingDeposit | null {
    const pending = pendingDeposit.peek(accessToken);
    if (pending) sessionStore.remove(pendingKey);
    return pending;
  },
};

export const depositOutcome = createOutcomeStore(sessionStore, 'portal.deposits.result');
