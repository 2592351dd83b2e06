// Issue 36: a charge answered requires_action (the issuer wants the payer to authenticate, 3-D Secure). Stripe.js
// shows the bank's page over the portal's (stripe.handleNextAction); whatever the payer did, the caller then sends the
// same pay request again with the same Idempotency-Key and the server says posted, declined or processing.
import type { PaymentSummary } from '@portal/contracts';
import { loadStripeFor } from './load-stripe';

export type NextAction = NonNullable<PaymentSummary['next_action']>;

/** completed: the provider has what it asked for. failed: the payer failed or left it, or Stripe.js did not load. */
export type NextActionResult = { type: 'completed' } | { type: 'failed'; code: string };

export async function handleStripeNextAction(action: NextAction): Promise<NextActionResult> {
  const stripe = await loadStripeFor(action.publishable_key);
  if (!stripe) return { type: 'failed', code: 'stripe_unavailable' };
  const { error } = await stripe.handleNextAction({ clientSecret: action.client_secret });
  if (error) return { type: 'failed', code: error.code ?? error.type };
  return { type: 'completed' };
}
