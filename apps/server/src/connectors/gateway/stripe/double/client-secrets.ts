// An intent's client_secret is what lets a browser holding only the publishable key read and confirm that one
// intent. A wrong one answers exactly as an unknown intent does (Stripe's "No such payment_intent"), so a browser
// cannot learn which ids exist.
import { noSuch } from './double-errors';
import type { ApiCall } from './double-router';

/** Stripe.js's own parameters, sent beside the documented ones on publishable-key calls. */
export const STRIPE_JS_PARAMS = [
  'key',
  '_stripe_version',
  '_stripe_account',
  'client_secret',
  'expected_payment_method_type',
  'payment_user_agent',
  'time_on_page',
  'guid',
  'muid',
  'sid',
  'client_context',
  'use_stripe_sdk',
  // Sent by Stripe.js when it reads an intent (retrieveSetupIntent, handleNextAction).
  'is_stripe_sdk',
  'return_url',
] as const;

export function checkClientSecret(
  call: ApiCall,
  kind: 'payment_intent' | 'setup_intent',
  intent: { id: string; client_secret: string | null } | undefined,
  id: string,
): void {
  const given = call.params.string('client_secret');
  if (intent && given === undefined && call.secret) return;
  if (!intent || given !== intent.client_secret) throw noSuch(kind, id, { param: 'intent', inPath: true });
}

export function allowedWith(call: ApiCall, documented: readonly string[]): string[] {
  return call.publishable ? [...documented, ...STRIPE_JS_PARAMS] : [...documented, 'client_secret'];
}
