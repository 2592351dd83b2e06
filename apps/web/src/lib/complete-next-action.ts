// Issue 36 (ADR 0031): a pay request (invoices, deposit, guest) may be answered requires_action: the issuer wants the
// payer to authenticate before it says yes. The provider's component lets the payer do it, then the SAME request goes
// again with the SAME Idempotency-Key (it can never pay twice), and the server answers posted, declined or processing.
// A failed or abandoned authentication is sent again too: the server then answers the decline, which the status page
// shows; an answer that still asks for the payer after that is shown as it is (nothing taken, the payer is told).
import type { PaymentSummary } from '@portal/contracts';
import { log } from './log';
import { handleStripeNextAction, type NextAction, type NextActionResult } from './stripe-next-action';

export type Authenticate = (action: NextAction) => Promise<NextActionResult>;

/** The provider's own authentication; the built-in sandbox never asks for one (its 3-D Secure is the portal's step). */
export const authenticateWithProvider: Authenticate = async (action) =>
  action.provider === 'stripe' ? handleStripeNextAction(action) : { type: 'failed', code: 'unsupported_provider' };

export async function sendCompletingAction<A>(
  send: () => Promise<A>,
  summaryOf: (answer: A) => PaymentSummary | undefined,
  authenticate: Authenticate = authenticateWithProvider,
): Promise<A> {
  const first = await send();
  const summary = summaryOf(first);
  if (summary?.state !== 'requires_action' || !summary.next_action) return first;
  const result = await authenticate(summary.next_action).catch((error: unknown): NextActionResult => {
    log.warn('The provider could not show the authentication', error);
    return { type: 'failed', code: 'authentication_unavailable' };
  });
  if (result.type === 'failed') log.warn('Authentication not completed', { code: result.code });
  return send();
}
