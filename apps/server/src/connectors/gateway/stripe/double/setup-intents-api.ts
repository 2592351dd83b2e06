// /v1/setup_intents: create (and confirm at once), read (with the client secret from a browser), list, confirm
// and cancel. The state changes are setup-intent-flow.ts.
import type Stripe from 'stripe';
import { allowedWith, checkClientSecret } from './client-secrets';
import type { DoubleContext } from './double-context';
import { invalidRequest, noSuch } from './double-errors';
import { buildSetupIntent } from './double-objects';
import { json, route, type ApiCall, type Route } from './double-router';
import { expand, listPage, type SetupIntentRecord } from './double-store';
import { setupIntentView } from './intent-views';
import { methodTypesOf, readMethodTypes } from './method-types';
import { resolvePaymentMethod } from './payment-method-data';
import { mergeMetadata, type Params } from './request-params';
import {
  cancelSetupIntent,
  confirmSetupIntent,
  planSetupConfirm,
  runSetupConfirm,
  type SetupConfirmInput,
} from './setup-intent-flow';

const CREATE_PARAMS = [
  'customer',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  // Refused with an explanation (method-types.ts) rather than as any unknown parameter.
  'payment_method_types',
  'automatic_payment_methods',
  'usage',
  'metadata',
  'description',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'confirm',
  'mandate_data',
  'return_url',
  'use_stripe_sdk',
] as const;

const CONFIRM_PARAMS = [
  'allowed_payment_method_types',
  'payment_method_types',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'mandate_data',
  'return_url',
  'use_stripe_sdk',
] as const;

export function setupIntentRoutes(ctx: DoubleContext): Route[] {
  return [
    route('POST', '/v1/setup_intents', 'secret', (call) => json(createSetupIntent(ctx, call))),
    route('GET', '/v1/setup_intents', 'secret', (call) => {
      call.params.allowOnly(['customer', 'payment_method', 'limit', 'starting_after', 'ending_before']);
      const customer = call.params.string('customer');
      const method = call.params.string('payment_method');
      const intents = [...ctx.store.setupIntents.values()]
        .map((record) => record.object)
        .filter(
          (intent) => (!customer || intent.customer === customer) && (!method || intent.payment_method === method),
        );
      return json(expand(listPage(intents, call.params, '/v1/setup_intents'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/setup_intents/:id', 'client_secret', (call) => {
      call.params.allowOnly(allowedWith(call, []));
      const record = intentFor(ctx, call);
      return json(expand(setupIntentView(record.object, call), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/setup_intents/:id/confirm', 'client_secret', (call) => {
      call.params.allowOnly(allowedWith(call, CONFIRM_PARAMS));
      const record = intentFor(ctx, call);
      applyThreeDSecureOption(record, call.params);
      const types = readMethodTypes(call.params, null, methodTypesOf(record.object));
      record.object.allowed_payment_method_types = types.allowed;
      record.object.payment_method_types = types.types;
      confirmSetupIntent(ctx, call, record, confirmInput(call.params));
      return json(expand(setupIntentView(record.object, call), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/setup_intents/:id/cancel', 'secret', (call) => {
      call.params.allowOnly(['cancellation_reason']);
      const record = intentFor(ctx, call);
      const reason = call.params.oneOf('cancellation_reason', [
        'abandoned',
        'duplicate',
        'requested_by_customer',
      ] as const);
      cancelSetupIntent(ctx, call, record, reason ?? null);
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
  ];
}

function createSetupIntent(ctx: DoubleContext, call: ApiCall): Stripe.SetupIntent {
  const params = call.params.allowOnly(CREATE_PARAMS);
  const customer = params.string('customer') ?? null;
  if (customer && !ctx.store.customers.has(customer)) {
    throw noSuch('customer', customer, { param: 'customer', inPath: false });
  }
  const confirm = params.boolean('confirm') ?? false;
  for (const onlyWithConfirm of ['return_url', 'payment_method_data', 'mandate_data', 'use_stripe_sdk']) {
    if (params.has(onlyWithConfirm) && !confirm) {
      throw invalidRequest(`You can only set ${onlyWithConfirm} when confirm is true.`, { param: onlyWithConfirm });
    }
  }
  const types = readMethodTypes(params, null);
  const requestThreeDSecure = readThreeDSecure(params) ?? 'automatic';
  const usage = params.oneOf('usage', ['on_session', 'off_session'] as const) ?? 'off_session';
  const description = params.string('description', { maxLength: 1000 }) ?? null;
  const metadata = mergeMetadata({}, params.metadata());
  const methodId = params.string('payment_method');
  const resolved = methodId ? resolvePaymentMethod(ctx, methodId, 'payment_method') : null;
  const intent = buildSetupIntent(ctx.fixtures, {
    created: ctx.now(),
    customer,
    description,
    metadata,
    paymentMethod: resolved?.record.object.id ?? null,
    methodTypes: types,
    usage,
    requestThreeDSecure,
  });
  const confirmation = confirm ? { ...confirmInput(params), resolved: resolved ?? undefined } : null;
  // Checked before the intent exists: a create-and-confirm refused for its parameters creates nothing.
  const plan = confirmation ? planSetupConfirm(ctx, call, intent, confirmation) : null;
  const record: SetupIntentRecord = { object: intent, returnUrl: null, useStripeSdk: false };
  ctx.store.setupIntents.set(intent.id, record);
  ctx.events.emit('setup_intent.created', intent, call.request);
  if (confirmation && plan) runSetupConfirm(ctx, call, record, confirmation, plan);
  return expand(intent, params.expand(), ctx.store);
}

function intentFor(ctx: DoubleContext, call: ApiCall): SetupIntentRecord {
  const id = call.pathParams.id ?? '';
  const record = ctx.store.setupIntents.get(id);
  if (call.publishable || call.params.has('client_secret')) {
    checkClientSecret(call, 'setup_intent', record?.object, id);
  }
  if (!record) throw noSuch('setup_intent', id, { param: 'intent', inPath: true });
  return record;
}

function confirmInput(params: Params): SetupConfirmInput {
  return {
    paymentMethod: params.string('payment_method'),
    paymentMethodData: params.object('payment_method_data'),
    mandateData: params.object('mandate_data'),
    returnUrl: params.string('return_url', { maxLength: 2048 }),
    useStripeSdk: params.boolean('use_stripe_sdk'),
  };
}

function readThreeDSecure(params: Params) {
  const card = params.object('payment_method_options')?.object('card');
  return card?.oneOf('request_three_d_secure', ['automatic', 'any', 'challenge'] as const);
}

function applyThreeDSecureOption(record: SetupIntentRecord, params: Params): void {
  const requested = readThreeDSecure(params);
  const card = record.object.payment_method_options?.card;
  if (requested && card) card.request_three_d_secure = requested;
}
