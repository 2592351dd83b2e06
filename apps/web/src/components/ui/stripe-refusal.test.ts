import type { StripeError } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './stripe-refusal';

const t = (key: string) => `t:${key}`;
const error = (fields: Partial<StripeError>) => ({ type: 'card_error', ...fields }) as StripeError;

describe('refusalOf', () => {
  it('says the card was declined in the portal’s words', () => {
    expect(refusalOf(error({ code: 'card_declined', decline_code: 'generic_decline' }), t)).toEqual({
      type: 'invalid',
      errors: { entry: 't:payment-methods.entry.declined' },
    });
  });

  it('tells a failed 3-D Secure authentication apart', () => {
    expect(refusalOf(error({ type: 'invalid_request_error', code: 'setup_intent_authentication_failure' }), t)).toEqual(
      { type: 'invalid', errors: { entry: 't:payment-methods.entry.authentication_failed' } },
    );
  });

  it('leaves what the element refused to the element, which shows it in place', () => {
    expect(refusalOf(error({ type: 'validation_error', code: 'incomplete_number' }), t)).toEqual({
      type: 'invalid',
      errors: {},
    });
  });

  it('reads an unreachable provider as failed', () => {
    expect(refusalOf(error({ type: 'api_connection_error' }), t)).toEqual({ type: 'failed' });
    expect(refusalOf(error({ type: 'api_error' }), t)).toEqual({ type: 'failed' });
  });

  it('shows Stripe’s own message for anything else', () => {
    expect(
      refusalOf(error({ type: 'invalid_request_error', code: 'routing_number_invalid', message: 'Bad routing.' }), t),
    ).toEqual({ type: 'invalid', errors: { entry: 'Bad routing.' } });
  });
});
