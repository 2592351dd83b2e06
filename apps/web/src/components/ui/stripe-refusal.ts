// What a refused Stripe confirmation (confirmSetup) means for the entry (issue 36): its own file, so that it is tested
// without loading Stripe's React components.
import type { StripeError } from '@stripe/stripe-js';
import type { EntryResult } from './payment-entry-handle';

type Translate = (key: string) => string;

/**
 * What a refused confirmation tells the payer, in the portal's words: a declined card, a failed authentication (3-D
 * Secure), or the provider's own message for the rest (Stripe writes it in the element's language). A network or
 * API failure is "failed": the provider could not be reached.
 */
export function refusalOf(error: StripeError, t: Translate): EntryResult {
  if (error.type === 'api_connection_error' || error.type === 'api_error' || error.type === 'rate_limit_error')
    return { type: 'failed' };
  if (error.type === 'validation_error') return { type: 'invalid', errors: {} };
  const code = error.code ?? '';
  if (/authenticat/i.test(code))
    return { type: 'invalid', errors: { entry: t('payment-methods.entry.authentication_failed') } };
  if (error.type === 'card_error') return { type: 'invalid', errors: { entry: t('payment-methods.entry.declined') } };
  return { type: 'invalid', errors: { entry: error.message ?? t('payment-methods.frame.failed') } };
}
