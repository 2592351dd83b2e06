// A SetupIntent saves a payment method for later: the card is verified with its issuer (a card that declines
// fails the setup, one that needs 3-D Secure goes to requires_action), a bank account gets its mandate, and on
// success the method is attached to the customer, marked as set up with authentication when the holder passed it.
import type Stripe from 'stripe';
import type { CallContext, DoubleContext } from './double-context';
import { DoubleError, docUrl, invalidRequest, unexpectedState, type StripeErrorBody } from './double-errors';
import type { PaymentMethodRecord, SetupIntentRecord } from './double-store';
import { setupIntentView } from './intent-views';
import { MANDATE_REQUIRED_MESSAGE, createMandate, readAcceptance } from './mandates';
import { createFromData, resolvePaymentMethod, type ResolvedMethod } from './payment-method-data';
import type { Params } from './request-params';
import { attachToCustomer, checkMethodUsable, customerOf } from './saved-methods';
import { threeDSecureNextAction } from './three-d-secure';

export type SetupConfirmInput = {
  paymentMethod: string | undefined;
  /** A method resolved already (a test id cloned when the intent was created with it). */
  resolved?: ResolvedMethod;
  paymentMethodData: Params | undefined;
  mandateData: Params | undefined;
  returnUrl: string | undefined;
  useStripeSdk: boolean | undefined;
};

/** Decided before anything changes, as for PaymentIntents (payment-intent-flow.ts). */
export type SetupPlan =
  | { kind: 'setup'; method: PaymentMethodRecord; acceptance: Stripe.Mandate.CustomerAcceptance | null }
  | { kind: 'card_refused'; error: StripeErrorBody };

export function confirmSetupIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: SetupIntentRecord,
  input: SetupConfirmInput,
): void {
  runSetupConfirm(ctx, call, record, input, planSetupConfirm(ctx, call, record.object, input));
}

export function planSetupConfirm(
  ctx: DoubleContext,
  call: CallContext,
  intent: Stripe.SetupIntent,
  input: SetupConfirmInput,
): SetupPlan {
  assertConfirmable(intent);
  const resolved = methodForConfirm(ctx, call, intent, input);
  if ('error' in resolved) return { kind: 'card_refused', error: resolved.error };
  const type = resolved.record.object.type;
  if (!intent.payment_method_types.includes(type)) {
    throw invalidRequest(
      `The PaymentMethod provided (${type}) is not allowed for this SetupIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.`,
      { param: 'payment_method', code: 'setup_intent_invalid_parameter' },
    );
  }
  if (!resolved.fromTestId) checkMethodUsable(resolved.record, customerOf(intent), 'payment_method');
  const acceptance = type !== 'card' && input.mandateData ? readAcceptance(ctx, call, input.mandateData) : null;
  if (type !== 'card' && !acceptance) {
    throw invalidRequest(MANDATE_REQUIRED_MESSAGE.replace('PaymentIntent', 'SetupIntent'), { param: 'mandate_data' });
  }
  return { kind: 'setup', method: resolved.record, acceptance };
}

export function runSetupConfirm(
  ctx: DoubleContext,
  call: CallContext,
  record: SetupIntentRecord,
  input: SetupConfirmInput,
  plan: SetupPlan,
): void {
  const intent = record.object;
  if (plan.kind === 'card_refused') {
    failSetup(ctx, call, record, plan.error);
    throw new DoubleError(402, { ...plan.error, setup_intent: setupIntentView(intent, call) });
  }
  const { method, acceptance } = plan;
  if (input.returnUrl !== undefined) record.returnUrl = input.returnUrl;
  record.useStripeSdk = input.useStripeSdk ?? !record.returnUrl;
  intent.payment_method = method.object.id;
  intent.last_setup_error = null;
  intent.next_action = null;

  if (acceptance) {
    intent.mandate = createMandate(ctx, method, acceptance, { multiUse: true, amount: null, currency: null }).id;
    succeed(ctx, call, record, method, false);
    return;
  }
  const behaviour = method.card;
  if (!behaviour) throw new Error(`card payment method ${method.object.id} has no behaviour`);
  if (behaviour.declineOnSetup && behaviour.decline) {
    const decline = behaviour.decline;
    const error: StripeErrorBody = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      doc_url: docUrl(decline.code),
      message: decline.message,
      payment_method: structuredClone(method.object),
    };
    failSetup(ctx, call, record, error);
    throw new DoubleError(402, { ...error, setup_intent: setupIntentView(intent, call) });
  }
  const requestThreeDSecure = intent.payment_method_options?.card?.request_three_d_secure;
  if (behaviour.authentication !== 'none' || requestThreeDSecure === 'challenge') {
    intent.status = 'requires_action';
    intent.next_action = threeDSecureNextAction(ctx.baseUrl(), intent.id, record);
    ctx.events.emit('setup_intent.requires_action', intent, call.request);
    return;
  }
  succeed(ctx, call, record, method, false);
}

function assertConfirmable(intent: Stripe.SetupIntent): void {
  if (['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) return;
  if (intent.status === 'succeeded') {
    throw unexpectedState(
      'setup_intent',
      'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
    );
  }
  throw unexpectedState(
    'setup_intent',
    `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
  );
}

function methodForConfirm(
  ctx: DoubleContext,
  call: CallContext,
  intent: Stripe.SetupIntent,
  input: SetupConfirmInput,
): ResolvedMethod | { error: StripeErrorBody } {
  if (input.paymentMethodData) {
    try {
      return { record: createFromData(ctx, call, input.paymentMethodData), fromTestId: false };
    } catch (error) {
      if (error instanceof DoubleError && error.status === 402) return { error: error.body };
      throw error;
    }
  }
  if (input.resolved) return input.resolved;
  const current = intent.payment_method;
  const id = input.paymentMethod ?? (typeof current === 'string' ? current : current?.id);
  if (!id) {
    throw unexpectedState(
      'setup_intent',
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again, or confirm it with a payment method.",
    );
  }
  return resolvePaymentMethod(ctx, id, 'payment_method');
}

function succeed(
  ctx: DoubleContext,
  call: CallContext,
  record: SetupIntentRecord,
  method: PaymentMethodRecord,
  authenticated: boolean,
): void {
  const intent = record.object;
  const customer = customerOf(intent);
  if (customer) attachToCustomer(ctx, call, method, customer, { verify: false });
  if (authenticated) method.authenticatedForOffSession = true;
  intent.status = 'succeeded';
  intent.next_action = null;
  ctx.events.emit('setup_intent.succeeded', intent, call.request);
}

function failSetup(ctx: DoubleContext, call: CallContext, record: SetupIntentRecord, error: StripeErrorBody): void {
  const intent = record.object;
  const { payment_intent: _intent, setup_intent: _setup, charge: _charge, ...lastError } = error;
  intent.status = 'requires_payment_method';
  intent.last_setup_error = lastError;
  intent.payment_method = null;
  intent.next_action = null;
  ctx.events.emit('setup_intent.setup_failed', intent, call.request);
}

export function authenticateSetupIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: SetupIntentRecord,
  succeeded: boolean,
): void {
  const intent = record.object;
  if (intent.status !== 'requires_action') {
    throw unexpectedState(
      'setup_intent',
      `This SetupIntent is not awaiting authentication (its status is ${intent.status}).`,
    );
  }
  const method = ctx.store.paymentMethods.get(String(intent.payment_method));
  if (!method) throw new Error(`setup intent ${intent.id} awaits authentication without a payment method`);
  if (succeeded) {
    succeed(ctx, call, record, method, true);
    return;
  }
  failSetup(ctx, call, record, {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    doc_url: docUrl('setup_intent_authentication_failure'),
    message: 'The latest attempt to set up the payment method has failed because authentication failed.',
    payment_method: structuredClone(method.object),
  });
}

const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function cancelSetupIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: SetupIntentRecord,
  reason: Stripe.SetupIntent.CancellationReason | null,
): void {
  const intent = record.object;
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      'setup_intent',
      `You cannot cancel this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  intent.status = 'canceled';
  intent.cancellation_reason = reason;
  intent.next_action = null;
  ctx.events.emit('setup_intent.canceled', intent, call.request);
}
