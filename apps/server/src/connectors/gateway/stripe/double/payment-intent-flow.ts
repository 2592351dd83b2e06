// A PaymentIntent's life, in the order Stripe runs it: confirm (method checks, mandate, 3-D Secure), the card
// authorisation or the bank debit that stays processing until it settles, then capture, cancel, refund elsewhere.
// Every transition emits its Stripe event; a decline answers 402 with the intent embedded, as Stripe does.
import type Stripe from 'stripe';
import type { CallContext, DoubleContext } from './double-context';
import { DoubleError, docUrl, invalidRequest, unexpectedState, type StripeErrorBody } from './double-errors';
import { NO_REQUEST } from './double-events';
import { approvedOutcome, buildCharge, declinedOutcome, type ChargeInput } from './double-objects';
import type { PaymentIntentRecord, PaymentMethodRecord } from './double-store';
import { paymentIntentView } from './intent-views';
import {
  MANDATE_REQUIRED_MESSAGE,
  createMandate,
  deactivateMandates,
  existingMandate,
  readAcceptance,
} from './mandates';
import { disputeLater, openDispute } from './disputes';
import { debitCurrency } from './method-types';
import { createFromData, resolvePaymentMethod, type ResolvedMethod } from './payment-method-data';
import type { Params } from './request-params';
import { attachToCustomer, checkMethodUsable, customerOf, ownerOf } from './saved-methods';
import { threeDSecureNextAction } from './three-d-secure';

export type ConfirmInput = {
  paymentMethod: string | undefined;
  /** A method resolved already (a test id cloned when the intent was created with it). */
  resolved?: ResolvedMethod;
  paymentMethodData: Params | undefined;
  mandateData: Params | undefined;
  mandate: string | undefined;
  offSession: boolean;
  returnUrl: string | undefined;
  useStripeSdk: boolean | undefined;
  setupFutureUsage: 'on_session' | 'off_session' | null | undefined;
};

/**
 * What a confirmation will do, decided before anything changes: a confirmation refused for its parameters leaves
 * the intent (and, at creation, the whole request) as if it had not been made, as on Stripe.
 */
export type ConfirmPlan =
  | {
      kind: 'charge';
      method: PaymentMethodRecord;
      fromTestId: boolean;
      acceptance: Stripe.Mandate.CustomerAcceptance | null;
      mandate: Stripe.Mandate | null;
    }
  /** The card was refused as it was read (a wrong number, an expired card): a failed attempt on the intent. */
  | { kind: 'card_refused'; error: StripeErrorBody };

const AUTHENTICATION_REQUIRED_MESSAGE = 'Your card was declined. This transaction requires authentication.';

export function confirmPaymentIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  input: ConfirmInput,
): void {
  runConfirm(ctx, call, record, input, planConfirm(ctx, call, record.object, input));
}

/** Every check of a confirmation; creates nothing but the (unattached) method of payment_method_data. */
export function planConfirm(
  ctx: DoubleContext,
  call: CallContext,
  intent: Stripe.PaymentIntent,
  input: ConfirmInput,
): ConfirmPlan {
  assertConfirmable(intent);
  const customer = customerOf(intent);
  const resolved = methodForConfirm(ctx, call, intent, input);
  if ('error' in resolved) return { kind: 'card_refused', error: resolved.error };
  const { record: method, fromTestId } = resolved;
  const type = method.object.type;
  if (!intent.payment_method_types.includes(type)) {
    throw invalidRequest(
      `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}. Alternatively update the allowed_payment_method_types of this PaymentIntent to include "${type}".`,
      { param: 'payment_method', code: 'payment_intent_incompatible_payment_method' },
    );
  }
  const currency = debitCurrency(type);
  if (currency && intent.currency !== currency) {
    throw invalidRequest(
      `The currency provided (${intent.currency}) is invalid. Payments with ${type} support the following currencies: ${currency}.`,
      { param: 'currency' },
    );
  }
  // Bank debits have no separate authorisation to capture later: Stripe supports manual capture for cards only.
  if (type !== 'card' && intent.capture_method === 'manual') {
    throw invalidRequest(
      `capture_method=manual is not supported for ${type} payments: use automatic or automatic_async.`,
      { param: 'capture_method' },
    );
  }
  if (!fromTestId) checkMethodUsable(method, customer, 'payment_method');
  if (input.offSession) {
    if (!customer) {
      throw invalidRequest(
        'An off-session payment charges a customer: pass the `customer` whose saved PaymentMethod it uses.',
        { param: 'customer' },
      );
    }
    if (!fromTestId && ownerOf(method) !== customer) {
      throw invalidRequest(
        `The PaymentMethod ${method.object.id} is not attached to the customer ${customer}. Off-session payments use a PaymentMethod saved on the customer (a SetupIntent, setup_future_usage, or /attach).`,
        { param: 'payment_method' },
      );
    }
  }
  if (type === 'card') return { kind: 'charge', method, fromTestId, acceptance: null, mandate: null };
  const acceptance = input.mandateData ? readAcceptance(ctx, call, input.mandateData) : null;
  const mandate = acceptance
    ? null
    : input.mandate
      ? existingMandate(ctx, input.mandate, method)
      : (activeMandate(ctx, method) ?? null);
  if (!acceptance && !mandate) throw invalidRequest(MANDATE_REQUIRED_MESSAGE, { param: 'mandate_data' });
  return { kind: 'charge', method, fromTestId, acceptance, mandate };
}

export function runConfirm(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  input: ConfirmInput,
  plan: ConfirmPlan,
): void {
  const intent = record.object;
  if (plan.kind === 'card_refused') {
    failIntent(ctx, call, record, plan.error, null);
    throw withIntent(plan.error, record, call);
  }
  const { method } = plan;
  const customer = customerOf(intent);
  if (input.setupFutureUsage !== undefined) intent.setup_future_usage = input.setupFutureUsage;
  if (plan.fromTestId && customer) attachToCustomer(ctx, call, method, customer, { verify: false });
  if (input.returnUrl !== undefined) record.returnUrl = input.returnUrl;
  record.useStripeSdk = input.useStripeSdk ?? !record.returnUrl;
  record.offSession = input.offSession;
  intent.payment_method = method.object.id;
  intent.last_payment_error = null;
  intent.next_action = null;

  if (method.object.type === 'card') {
    confirmCard(ctx, call, record, method);
    return;
  }
  // A one-off debit is authorised for its amount only; one that saves the account, for later debits too.
  const multiUse = intent.setup_future_usage !== null;
  const mandate = plan.acceptance
    ? createMandate(ctx, method, plan.acceptance, {
        multiUse,
        amount: multiUse ? null : intent.amount,
        currency: multiUse ? null : intent.currency,
      })
    : plan.mandate;
  if (!mandate) throw new Error('a debit passed the mandate check without a mandate');
  startProcessing(ctx, call, record, method, mandate.id);
}

function assertConfirmable(intent: Stripe.PaymentIntent): void {
  if (['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) return;
  if (intent.status === 'succeeded') {
    throw unexpectedState(
      'payment_intent',
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  }
  throw unexpectedState(
    'payment_intent',
    `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
  );
}

function methodForConfirm(
  ctx: DoubleContext,
  call: CallContext,
  intent: Stripe.PaymentIntent,
  input: ConfirmInput,
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
      'payment_intent',
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  return resolvePaymentMethod(ctx, id, 'payment_method');
}

function confirmCard(ctx: DoubleContext, call: CallContext, record: PaymentIntentRecord, method: PaymentMethodRecord) {
  const behaviour = method.card;
  if (!behaviour) throw new Error(`card payment method ${method.object.id} has no behaviour`);
  const setUp = record.offSession && method.authenticatedForOffSession;
  const needsAuthentication =
    behaviour.authentication === 'always' ||
    (behaviour.authentication === 'unless_set_up' && !setUp) ||
    (record.requestThreeDSecure === 'challenge' && !record.offSession);
  if (needsAuthentication && record.offSession) {
    failCard(ctx, call, record, method, {
      code: 'authentication_required',
      declineCode: 'authentication_required',
      message: AUTHENTICATION_REQUIRED_MESSAGE,
    });
  }
  if (needsAuthentication) {
    const intent = record.object;
    intent.status = 'requires_action';
    intent.next_action = threeDSecureNextAction(ctx.baseUrl(), intent.id, record);
    ctx.events.emit('payment_intent.requires_action', intent, call.request);
    return;
  }
  chargeCard(ctx, call, record, method, false);
}

/** The 3-D Secure page's answer for an intent in requires_action. */
export function authenticatePaymentIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  succeeded: boolean,
): void {
  const intent = record.object;
  if (intent.status !== 'requires_action') {
    throw unexpectedState(
      'payment_intent',
      `This PaymentIntent is not awaiting authentication (its status is ${intent.status}).`,
    );
  }
  const method = ctx.store.paymentMethods.get(String(intent.payment_method));
  if (!method) throw new Error(`payment intent ${intent.id} awaits authentication without a payment method`);
  intent.next_action = null;
  if (succeeded) {
    chargeCard(ctx, call, record, method, true);
    return;
  }
  failIntent(
    ctx,
    call,
    record,
    {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      doc_url: docUrl('payment_intent_authentication_failure'),
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: structuredClone(method.object),
    },
    null,
  );
}

function chargeCard(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  threeDSecure: boolean,
): void {
  const intent = record.object;
  const decline = method.card?.decline;
  if (decline) failCard(ctx, call, record, method, decline, threeDSecure);
  const manual = intent.capture_method === 'manual';
  const charge = newCharge(ctx, intent, method, {
    status: 'succeeded',
    captured: !manual,
    outcome: approvedOutcome(),
    failure: null,
    threeDSecure,
    mandate: null,
  });
  saveIfAsked(ctx, call, record, method, threeDSecure);
  intent.latest_charge = charge.id;
  ctx.events.emit('charge.succeeded', charge, call.request);
  if (manual) {
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    ctx.events.emit('payment_intent.amount_capturable_updated', intent, call.request);
  } else {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    ctx.events.emit('payment_intent.succeeded', intent, call.request);
    disputeIfTheCardDoes(ctx, method, charge);
  }
}

/** The dispute test card: the cardholder disputes the payment shortly after it succeeds. */
function disputeIfTheCardDoes(ctx: DoubleContext, method: PaymentMethodRecord | undefined, charge: Stripe.Charge) {
  const dispute = method?.card?.dispute;
  if (dispute) disputeLater(ctx, charge, { reason: dispute.reason, networkReasonCode: dispute.networkReasonCode });
}

function failCard(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  decline: { code: string; declineCode: string; message: string },
  threeDSecure = false,
): never {
  const charge = newCharge(ctx, record.object, method, {
    status: 'failed',
    captured: false,
    outcome: declinedOutcome(decline.declineCode),
    failure: { code: decline.code, message: decline.message },
    threeDSecure,
    mandate: null,
  });
  ctx.events.emit('charge.failed', charge, call.request);
  const error: StripeErrorBody = {
    type: 'card_error',
    code: decline.code,
    decline_code: decline.declineCode,
    doc_url: docUrl(decline.code),
    message: decline.message,
    charge: charge.id,
    payment_method: structuredClone(method.object),
  };
  failIntent(ctx, call, record, error, charge.id);
  throw withIntent(error, record, call);
}

/** Back to requires_payment_method with the attempt's error, as Stripe leaves an intent after any failure. */
function failIntent(
  ctx: DoubleContext,
  call: Pick<CallContext, 'request'>,
  record: PaymentIntentRecord,
  error: StripeErrorBody,
  chargeId: string | null,
): void {
  const intent = record.object;
  const { payment_intent: _intent, setup_intent: _setup, ...lastError } = error;
  intent.status = 'requires_payment_method';
  intent.last_payment_error = lastError;
  intent.payment_method = null;
  intent.next_action = null;
  if (chargeId) intent.latest_charge = chargeId;
  ctx.events.emit('payment_intent.payment_failed', intent, call.request);
}

function withIntent(error: StripeErrorBody, record: PaymentIntentRecord, call: CallContext): DoubleError {
  return new DoubleError(402, { ...error, payment_intent: paymentIntentView(record.object, call) });
}

/** setup_future_usage saves the method on the customer once the payment went through (or is processing). */
function saveIfAsked(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  authenticated: boolean,
): void {
  const customer = customerOf(record.object);
  if (record.object.setup_future_usage && customer) {
    attachToCustomer(ctx, call, method, customer, { verify: false });
    if (authenticated) method.authenticatedForOffSession = true;
  }
  if (!ownerOf(method)) method.consumed = true;
}

function activeMandate(ctx: DoubleContext, method: PaymentMethodRecord): Stripe.Mandate | undefined {
  const mandate = method.mandate ? ctx.store.mandates.get(method.mandate) : undefined;
  return mandate?.status === 'active' ? mandate : undefined;
}

function startProcessing(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  mandateId: string,
): void {
  const intent = record.object;
  const charge = newCharge(ctx, intent, method, {
    status: 'pending',
    captured: true,
    outcome: approvedOutcome(),
    failure: null,
    threeDSecure: false,
    mandate: mandateId,
  });
  record.mandate = mandateId;
  saveIfAsked(ctx, call, record, method, false);
  intent.status = 'processing';
  intent.latest_charge = charge.id;
  ctx.events.emit('charge.pending', charge, call.request);
  ctx.events.emit('payment_intent.processing', intent, call.request);
  if (ctx.processingSettleMs > 0) {
    const timer = setTimeout(() => settlePaymentIntent(ctx, record), ctx.processingSettleMs);
    timer.unref();
    record.settleTimer = timer;
    ctx.timers.add(timer);
  }
}

/** The bank's answer to a debit: succeeded, or failed with the account's failure code (and return code). */
export function settlePaymentIntent(ctx: DoubleContext, record: PaymentIntentRecord): void {
  if (record.settleTimer) {
    clearTimeout(record.settleTimer);
    ctx.timers.delete(record.settleTimer);
    record.settleTimer = null;
  }
  const intent = record.object;
  if (intent.status !== 'processing') return;
  const charge = ctx.store.charges.get(String(intent.latest_charge));
  const method = charge?.payment_method ? ctx.store.paymentMethods.get(charge.payment_method) : undefined;
  if (!charge || !method) throw new Error(`processing payment intent ${intent.id} lost its charge or method`);
  const failure = method.debit?.failure ?? null;
  if (!failure) {
    charge.status = 'succeeded';
    charge.paid = true;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    ctx.events.emit('charge.succeeded', charge, NO_REQUEST);
    ctx.events.emit('payment_intent.succeeded', intent, NO_REQUEST);
    // A debit the bank returns after it succeeded: Stripe makes it a dispute on the succeeded charge (disputes.ts).
    const returned = method.debit?.returned;
    if (returned)
      openDispute(ctx, NO_REQUEST, charge, { reason: returned.reason, networkReasonCode: returned.returnCode });
    return;
  }
  charge.status = 'failed';
  charge.paid = false;
  charge.failure_code = failure.code;
  charge.failure_message = failure.message;
  charge.outcome = declinedOutcome(failure.code, failure.returnCode);
  ctx.events.emit('charge.failed', charge, NO_REQUEST);
  if (failure.blockReason && method.object.us_bank_account) {
    method.object.us_bank_account.status_details = {
      blocked: { network_code: failure.returnCode, reason: failure.blockReason },
    };
  }
  failIntent(
    ctx,
    { request: NO_REQUEST },
    record,
    {
      type: 'card_error',
      code: failure.code,
      doc_url: docUrl(failure.code),
      message: failure.message,
      charge: charge.id,
      payment_method: structuredClone(method.object),
    },
    charge.id,
  );
  if (failure.blockReason) deactivateMandates(ctx, method);
}

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'];

export function cancelPaymentIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  reason: Stripe.PaymentIntent.CancellationReason | null,
): void {
  const intent = record.object;
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      'payment_intent',
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  if (intent.status === 'requires_capture') {
    // Canceling an uncaptured payment releases the authorisation: the charge shows it as refunded.
    const charge = ctx.store.charges.get(String(intent.latest_charge));
    if (charge) {
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      ctx.events.emit('charge.refunded', charge, call.request);
    }
    intent.amount_capturable = 0;
  }
  intent.status = 'canceled';
  intent.canceled_at = ctx.now();
  intent.cancellation_reason = reason;
  intent.next_action = null;
  ctx.events.emit('payment_intent.canceled', intent, call.request);
}

export function capturePaymentIntent(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentIntentRecord,
  amountToCapture: number | undefined,
): void {
  const intent = record.object;
  if (intent.status !== 'requires_capture') {
    throw unexpectedState(
      'payment_intent',
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const amount = amountToCapture ?? intent.amount_capturable;
  if (amount > intent.amount_capturable) {
    throw invalidRequest(
      `The amount_to_capture (${amount}) is greater than the amount capturable (${intent.amount_capturable}).`,
      { param: 'amount_to_capture', code: 'amount_too_large' },
    );
  }
  const charge = ctx.store.charges.get(String(intent.latest_charge));
  if (!charge) throw new Error(`payment intent ${intent.id} awaits capture without a charge`);
  charge.captured = true;
  charge.amount_captured = amount;
  // A partial capture releases the rest, which Stripe shows as refunded.
  charge.amount_refunded = charge.amount - amount;
  intent.amount_capturable = 0;
  intent.amount_received = amount;
  intent.status = 'succeeded';
  ctx.events.emit('charge.captured', charge, call.request);
  ctx.events.emit('payment_intent.succeeded', intent, call.request);
  disputeIfTheCardDoes(
    ctx,
    charge.payment_method ? ctx.store.paymentMethods.get(charge.payment_method) : undefined,
    charge,
  );
}

function newCharge(
  ctx: DoubleContext,
  intent: Stripe.PaymentIntent,
  method: PaymentMethodRecord,
  fields: Omit<ChargeInput, 'created' | 'intent' | 'paymentMethod'>,
): Stripe.Charge {
  const charge = buildCharge(ctx.fixtures, { created: ctx.now(), intent, paymentMethod: method.object, ...fields });
  ctx.store.charges.set(charge.id, charge);
  return charge;
}
