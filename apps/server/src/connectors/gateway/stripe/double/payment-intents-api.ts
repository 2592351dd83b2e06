// /v1/payment_intents: create (and confirm at once), read (with the client secret from a browser), list by
// customer, search by metadata, update, confirm, capture and cancel. The parameters are checked as Stripe checks
// them; the state changes are payment-intent-flow.ts.
import type Stripe from 'stripe';
import { allowedWith, checkClientSecret } from './client-secrets';
import type { DoubleContext } from './double-context';
import { invalidRequest, noSuch, unexpectedState } from './double-errors';
import { buildPaymentIntent } from './double-objects';
import { json, route, type ApiCall, type Route } from './double-router';
import { expand, listPage, type PaymentIntentRecord, type ThreeDSecureRequest } from './double-store';
import { paymentIntentView } from './intent-views';
import { methodTypesOf, readMethodTypes } from './method-types';
import { resolvePaymentMethod } from './payment-method-data';
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  confirmPaymentIntent,
  planConfirm,
  runConfirm,
  type ConfirmInput,
} from './payment-intent-flow';
import { echo, mergeMetadata, type Params } from './request-params';
import { attachToCustomer, customerOf } from './saved-methods';
import { searchPage } from './search-query';

const CREATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  // Refused with an explanation (method-types.ts) rather than as any unknown parameter.
  'payment_method_types',
  'automatic_payment_methods',
  'confirm',
  'off_session',
  'setup_future_usage',
  'capture_method',
  'metadata',
  'description',
  'statement_descriptor_suffix',
  'payment_method_options',
  'payment_method_data',
  'mandate_data',
  'mandate',
  'return_url',
  'receipt_email',
  'use_stripe_sdk',
] as const;

const CONFIRM_PARAMS = [
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'payment_method_types',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'mandate_data',
  'mandate',
  'off_session',
  'return_url',
  'setup_future_usage',
  'receipt_email',
  'use_stripe_sdk',
] as const;

const UPDATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'payment_method',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'payment_method_types',
  'receipt_email',
  'setup_future_usage',
  'statement_descriptor_suffix',
  'capture_method',
] as const;

// Stripe's minimum charge amounts, in the currency's smallest unit, for the currencies a portal is likely to use.
const MINIMUM_AMOUNTS: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, chf: 50, jpy: 50 };

export function paymentIntentRoutes(ctx: DoubleContext): Route[] {
  return [
    route('POST', '/v1/payment_intents', 'secret', (call) => json(createPaymentIntent(ctx, call))),
    route('GET', '/v1/payment_intents', 'secret', (call) => {
      call.params.allowOnly(['customer', 'limit', 'starting_after', 'ending_before']);
      const customer = call.params.string('customer');
      const intents = [...ctx.store.paymentIntents.values()]
        .map((record) => record.object)
        .filter((intent) => !customer || intent.customer === customer);
      return json(expand(listPage(intents, call.params, '/v1/payment_intents'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/payment_intents/search', 'secret', (call) => {
      call.params.allowOnly(['query', 'limit', 'page']);
      const intents = [...ctx.store.paymentIntents.values()].map((record) => record.object);
      return json(
        expand(searchPage(intents, call.params, '/v1/payment_intents/search'), call.params.expand(), ctx.store),
      );
    }),
    route('GET', '/v1/payment_intents/:id', 'client_secret', (call) => {
      call.params.allowOnly(allowedWith(call, []));
      const record = intentFor(ctx, call);
      return json(expand(paymentIntentView(record.object, call), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_intents/:id', 'secret', (call) => json(updatePaymentIntent(ctx, call))),
    route('POST', '/v1/payment_intents/:id/confirm', 'client_secret', (call) => {
      call.params.allowOnly(allowedWith(call, CONFIRM_PARAMS));
      const record = intentFor(ctx, call);
      applyThreeDSecureOption(record, call.params);
      const receiptEmail = call.params.nullableString('receipt_email', { maxLength: 800 });
      if (receiptEmail !== undefined) record.object.receipt_email = receiptEmail;
      applyMethodTypes(
        record.object,
        readMethodTypes(call.params, record.object.currency, methodTypesOf(record.object)),
      );
      confirmPaymentIntent(ctx, call, record, confirmInput(call, call.params));
      return json(expand(paymentIntentView(record.object, call), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_intents/:id/cancel', 'secret', (call) => {
      call.params.allowOnly(['cancellation_reason']);
      const record = intentFor(ctx, call);
      const reason = call.params.oneOf('cancellation_reason', [
        'abandoned',
        'duplicate',
        'fraudulent',
        'requested_by_customer',
      ] as const);
      cancelPaymentIntent(ctx, call, record, reason ?? null);
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_intents/:id/capture', 'secret', (call) => {
      call.params.allowOnly(['amount_to_capture']);
      const record = intentFor(ctx, call);
      capturePaymentIntent(ctx, call, record, call.params.integer('amount_to_capture', { min: 1 }));
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
  ];
}

function createPaymentIntent(ctx: DoubleContext, call: ApiCall): Stripe.PaymentIntent {
  const params = call.params.allowOnly(CREATE_PARAMS);
  const currency = readCurrency(params, true) as string;
  const amount = readAmount(params, currency, true) as number;
  const customer = readCustomer(ctx, params);
  const confirm = params.boolean('confirm') ?? false;
  const offSession = readOffSession(params);
  if (offSession && !confirm) {
    throw invalidRequest('You can only set off_session when confirm is true.', { param: 'off_session' });
  }
  for (const onlyWithConfirm of ['return_url', 'payment_method_data', 'mandate_data', 'mandate', 'use_stripe_sdk']) {
    if (params.has(onlyWithConfirm) && !confirm) {
      throw invalidRequest(`You can only set ${onlyWithConfirm} when confirm is true.`, { param: onlyWithConfirm });
    }
  }
  const types = readMethodTypes(params, currency);
  const requestThreeDSecure = readThreeDSecure(params) ?? 'automatic';
  const input = {
    created: ctx.now(),
    amount,
    currency,
    customer,
    description: params.string('description', { maxLength: 1000 }) ?? null,
    metadata: mergeMetadata({}, params.metadata()),
    methodTypes: types,
    captureMethod:
      params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const) ?? 'automatic_async',
    setupFutureUsage: params.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null,
    statementDescriptorSuffix: readDescriptorSuffix(params),
    receiptEmail: params.string('receipt_email', { maxLength: 800 }) ?? null,
    requestThreeDSecure,
  };
  const methodId = params.string('payment_method');
  // A test id (pm_card_visa) becomes its own pm_… now, as on Stripe, so that the intent names a real method.
  const resolved = methodId ? resolvePaymentMethod(ctx, methodId, 'payment_method') : null;
  const intent = buildPaymentIntent(ctx.fixtures, { ...input, paymentMethod: resolved?.record.object.id ?? null });
  const confirmation = confirm ? { ...confirmInput(call, params), resolved: resolved ?? undefined } : null;
  // Checked before the intent exists: a create-and-confirm refused for its parameters creates nothing.
  const plan = confirmation ? planConfirm(ctx, call, intent, confirmation) : null;
  const record: PaymentIntentRecord = {
    object: intent,
    offSession: false,
    returnUrl: null,
    useStripeSdk: false,
    requestThreeDSecure,
    mandate: null,
    settleTimer: null,
  };
  ctx.store.paymentIntents.set(intent.id, record);
  ctx.events.emit('payment_intent.created', intent, call.request);
  if (confirmation && plan) runConfirm(ctx, call, record, confirmation, plan);
  else if (resolved?.fromTestId && customer) attachToCustomer(ctx, call, resolved.record, customer, { verify: false });
  return expand(intent, params.expand(), ctx.store);
}

function updatePaymentIntent(ctx: DoubleContext, call: ApiCall): Stripe.PaymentIntent {
  const params = call.params.allowOnly(UPDATE_PARAMS);
  const record = intentFor(ctx, call);
  const intent = record.object;
  const changesPayment = [
    'amount',
    'currency',
    'customer',
    'payment_method',
    'allowed_payment_method_types',
    'excluded_payment_method_types',
    'capture_method',
  ].some((key) => params.has(key));
  if (
    changesPayment &&
    !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)
  ) {
    throw unexpectedState(
      'payment_intent',
      `You cannot update this PaymentIntent because it has a status of ${intent.status}. You may only update a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  const currency = readCurrency(params, false) ?? intent.currency;
  const amount = readAmount(params, currency, false);
  if (amount !== undefined) intent.amount = amount;
  intent.currency = currency;
  if (params.has('customer')) intent.customer = readCustomer(ctx, params);
  applyMethodTypes(intent, readMethodTypes(params, currency, methodTypesOf(intent)));
  const description = params.nullableString('description', { maxLength: 1000 });
  if (description !== undefined) intent.description = description;
  const receiptEmail = params.nullableString('receipt_email', { maxLength: 800 });
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
  const setupFutureUsage = params.oneOf('setup_future_usage', ['on_session', 'off_session'] as const);
  if (params.values.setup_future_usage === '') intent.setup_future_usage = null;
  else if (setupFutureUsage) intent.setup_future_usage = setupFutureUsage;
  if (params.has('statement_descriptor_suffix')) intent.statement_descriptor_suffix = readDescriptorSuffix(params);
  const captureMethod = params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
  if (captureMethod) intent.capture_method = captureMethod;
  intent.metadata = mergeMetadata(intent.metadata, params.metadata());
  const methodId = params.string('payment_method');
  if (methodId) {
    intent.payment_method = methodForIntent(ctx, call, methodId, customerOf(intent));
    intent.status = 'requires_confirmation';
    intent.next_action = null;
  }
  return expand(intent, params.expand(), ctx.store);
}

/**
 * A test id (pm_card_visa) becomes its own pm_… when the intent is created, as on Stripe, and is saved on the
 * intent's customer when there is one, so that the intent names a method its customer may use.
 */
function methodForIntent(ctx: DoubleContext, call: ApiCall, methodId: string, customer: string | null): string {
  const { record, fromTestId } = resolvePaymentMethod(ctx, methodId, 'payment_method');
  if (fromTestId && customer) attachToCustomer(ctx, call, record, customer, { verify: false });
  return record.object.id;
}

function intentFor(ctx: DoubleContext, call: ApiCall): PaymentIntentRecord {
  const id = call.pathParams.id ?? '';
  const record = ctx.store.paymentIntents.get(id);
  if (call.publishable || call.params.has('client_secret')) {
    checkClientSecret(call, 'payment_intent', record?.object, id);
  }
  if (!record) throw noSuch('payment_intent', id, { param: 'intent', inPath: true });
  return record;
}

function confirmInput(call: ApiCall, params: Params): ConfirmInput {
  const offSession = readOffSession(params);
  if (offSession && call.publishable) {
    throw invalidRequest(
      'off_session cannot be used with a publishable key: off-session payments are made by a server.',
      {
        param: 'off_session',
      },
    );
  }
  return {
    paymentMethod: params.string('payment_method'),
    paymentMethodData: params.object('payment_method_data'),
    mandateData: params.object('mandate_data'),
    mandate: params.string('mandate'),
    offSession,
    returnUrl: params.string('return_url', { maxLength: 2048 }),
    useStripeSdk: params.boolean('use_stripe_sdk'),
    setupFutureUsage:
      params.values.setup_future_usage === ''
        ? null
        : params.oneOf('setup_future_usage', ['on_session', 'off_session'] as const),
  };
}

/** Stripe accepts true/false or the older 'one_off' / 'recurring'. */
function readOffSession(params: Params): boolean {
  const raw = params.string('off_session');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true' || raw === 'one_off' || raw === 'recurring') return true;
  throw invalidRequest(`Invalid off_session: must be a boolean, one_off or recurring`, { param: 'off_session' });
}

function readCurrency(params: Params, required: boolean): string | undefined {
  const raw = required ? params.requiredString('currency') : params.string('currency');
  if (raw === undefined) return undefined;
  const currency = raw.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${echo(raw)}`, { param: 'currency' });
  return currency;
}

function readAmount(params: Params, currency: string, required: boolean): number | undefined {
  const amount = params.integer('amount');
  if (amount === undefined) {
    if (required)
      throw invalidRequest('Missing required param: amount.', { param: 'amount', code: 'parameter_missing' });
    return undefined;
  }
  const minimum = MINIMUM_AMOUNTS[currency] ?? 50;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${minimum} ${currency} minor units`, {
      param: 'amount',
      code: 'amount_too_small',
    });
  }
  if (amount > 99_999_999) {
    throw invalidRequest('Amount must be no more than 99999999 minor units', {
      param: 'amount',
      code: 'amount_too_large',
    });
  }
  return amount;
}

function readCustomer(ctx: DoubleContext, params: Params): string | null {
  const customer = params.string('customer');
  if (customer === undefined) return null;
  if (!ctx.store.customers.has(customer)) throw noSuch('customer', customer, { param: 'customer', inPath: false });
  return customer;
}

function readDescriptorSuffix(params: Params): string | null {
  const suffix = params.string('statement_descriptor_suffix');
  if (suffix === undefined) return null;
  if (suffix.length > 22 || /[<>\\'"*]/.test(suffix) || !/[A-Za-z]/.test(suffix)) {
    throw invalidRequest(
      'The statement descriptor suffix must be at most 22 characters, contain at least one letter, and not contain any of the special characters < > \\ \' " *.',
      { param: 'statement_descriptor_suffix' },
    );
  }
  return suffix;
}

function readThreeDSecure(params: Params): ThreeDSecureRequest | undefined {
  // Other payment_method_options are accepted and not reproduced (README).
  const card = params.object('payment_method_options')?.object('card');
  return card?.oneOf('request_three_d_secure', ['automatic', 'any', 'challenge'] as const);
}

function applyMethodTypes(intent: Stripe.PaymentIntent, types: ReturnType<typeof readMethodTypes>): void {
  intent.allowed_payment_method_types = types.allowed;
  intent.excluded_payment_method_types = types.excluded;
  intent.payment_method_types = types.types;
  if (!types.automatic) intent.automatic_payment_methods = null;
  const card = intent.payment_method_options?.card;
  if (types.types.includes('card') && !card) {
    intent.payment_method_options = {
      ...intent.payment_method_options,
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    };
  }
}

function applyThreeDSecureOption(record: PaymentIntentRecord, params: Params): void {
  const requested = readThreeDSecure(params);
  if (!requested) return;
  record.requestThreeDSecure = requested;
  const card = record.object.payment_method_options?.card;
  if (card) card.request_three_d_secure = requested;
}
