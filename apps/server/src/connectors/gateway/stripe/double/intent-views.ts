// What a publishable key sees of an intent: Stripe.js gets the fields a browser needs to finish a payment
// (status, next action, the last error, the client secret it already holds), never the customer or metadata.
import type Stripe from 'stripe';
import type { CallContext } from './double-context';

const PUBLISHABLE_PAYMENT_INTENT_FIELDS = [
  'id',
  'object',
  'amount',
  'amount_details',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'excluded_payment_method_types',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'source',
  'status',
] as const satisfies ReadonlyArray<keyof Stripe.PaymentIntent>;

const PUBLISHABLE_SETUP_INTENT_FIELDS = [
  'id',
  'object',
  'automatic_payment_methods',
  'cancellation_reason',
  'client_secret',
  'created',
  'description',
  'excluded_payment_method_types',
  'last_setup_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'status',
  'usage',
] as const satisfies ReadonlyArray<keyof Stripe.SetupIntent>;

export type PublishablePaymentIntent = Pick<Stripe.PaymentIntent, (typeof PUBLISHABLE_PAYMENT_INTENT_FIELDS)[number]>;
export type PublishableSetupIntent = Pick<Stripe.SetupIntent, (typeof PUBLISHABLE_SETUP_INTENT_FIELDS)[number]>;

export function paymentIntentView(
  intent: Stripe.PaymentIntent,
  call: Pick<CallContext, 'publishable'>,
): Stripe.PaymentIntent | PublishablePaymentIntent {
  return call.publishable ? pick(intent, PUBLISHABLE_PAYMENT_INTENT_FIELDS) : structuredClone(intent);
}

export function setupIntentView(
  intent: Stripe.SetupIntent,
  call: Pick<CallContext, 'publishable'>,
): Stripe.SetupIntent | PublishableSetupIntent {
  return call.publishable ? pick(intent, PUBLISHABLE_SETUP_INTENT_FIELDS) : structuredClone(intent);
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const copy = structuredClone(source);
  const result = {} as Pick<T, K>;
  for (const key of keys) result[key] = copy[key];
  return result;
}
