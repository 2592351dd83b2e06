// 3-D Secure as the double plays it: an intent that needs the cardholder goes to requires_action with Stripe's
// next_action, whose URL is the double's own stand-in for the issuer's challenge page (three-d-secure-page.ts).
// Stripe.js (use_stripe_sdk) opens it in a frame; a server-side confirm with a return_url gets redirect_to_url, and
// the page then sends the browser back to that return_url, as Stripe's hosted page does.
import type Stripe from 'stripe';
import { newId } from './double-ids';

export function threeDSecureNextAction(
  baseUrl: string,
  intentId: string,
  redirect: { returnUrl: string | null; useStripeSdk: boolean },
): Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction {
  const url = `${baseUrl}/_double/3ds/${intentId}`;
  if (redirect.returnUrl && !redirect.useStripeSdk) {
    return { type: 'redirect_to_url', redirect_to_url: { return_url: redirect.returnUrl, url } };
  }
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: newId('src') },
  };
}
