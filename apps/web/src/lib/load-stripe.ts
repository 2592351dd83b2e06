// Stripe.js comes from Stripe itself, as PCI DSS asks (never bundled or served by the portal): @stripe/stripe-js only
// adds its script tag (https://js.stripe.com/endive/stripe.js) the first time a page needs it, so the sandbox's pages
// and every page without a payment never load it. One Stripe object per publishable key serves every entry and every
// authentication of the visit.
import type { Stripe } from '@stripe/stripe-js';

const instances = new Map<string, Promise<Stripe | null>>();

export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch((error: unknown) => {
        // A failed load (offline, blocked) is tried again by the next entry or payment.
        instances.delete(publishableKey);
        throw error;
      });
    instances.set(publishableKey, instance);
  }
  return instance;
}
