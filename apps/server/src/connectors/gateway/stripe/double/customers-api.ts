// /v1/customers and /v1/payment_methods: creating and updating customers, listing their saved methods, attaching
// and detaching methods, and the PaymentMethod creation Stripe.js does with a publishable key.
import type Stripe from 'stripe';
import { STRIPE_JS_PARAMS } from './client-secrets';
import type { DoubleContext } from './double-context';
import { invalidRequest, missingParam, noSuch } from './double-errors';
import { buildCustomer } from './double-objects';
import { json, route, type ApiCall, type Route } from './double-router';
import { expand, listPage } from './double-store';
import { SUPPORTED_METHOD_TYPES } from './method-types';
import { createFromData, readAddress, resolvePaymentMethod } from './payment-method-data';
import { mergeMetadata, type Params } from './request-params';
import { attachToCustomer, checkAttachable, detachFromCustomer, ownerOf } from './saved-methods';

const CUSTOMER_FIELDS = [
  'name',
  'email',
  'phone',
  'description',
  'metadata',
  'address',
  'invoice_settings',
  'preferred_locales',
] as const;

export function customerRoutes(ctx: DoubleContext): Route[] {
  return [
    route('POST', '/v1/customers', 'secret', (call) => json(createCustomer(ctx, call))),
    route('GET', '/v1/customers', 'secret', (call) => {
      call.params.allowOnly(['email', 'limit', 'starting_after', 'ending_before']);
      const email = call.params.string('email');
      const customers = [...ctx.store.customers.values()].filter((customer) => !email || customer.email === email);
      return json(expand(listPage(customers, call.params, '/v1/customers'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/customers/:id', 'secret', (call) => {
      call.params.allowOnly([]);
      return json(expand(customerOrThrow(ctx, call, true), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/customers/:id', 'secret', (call) => json(updateCustomer(ctx, call))),
    route('GET', '/v1/customers/:id/payment_methods', 'secret', (call) => {
      call.params.allowOnly(['type', 'limit', 'starting_after', 'ending_before', 'allow_redisplay']);
      const customer = customerOrThrow(ctx, call, true);
      const url = `/v1/customers/${customer.id}/payment_methods`;
      return json(
        expand(listPage(methodsOf(ctx, customer.id, call.params), call.params, url), call.params.expand(), ctx.store),
      );
    }),
    route('GET', '/v1/payment_methods', 'secret', (call) => {
      call.params.allowOnly(['customer', 'type', 'limit', 'starting_after', 'ending_before']);
      const customerId = call.params.string('customer');
      if (!customerId) throw missingParam('customer');
      if (!ctx.store.customers.has(customerId))
        throw noSuch('customer', customerId, { param: 'customer', inPath: false });
      const page = listPage(methodsOf(ctx, customerId, call.params), call.params, '/v1/payment_methods');
      return json(expand(page, call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_methods', 'publishable', (call) => {
      const record = createFromData(ctx, call, call.params, call.publishable ? STRIPE_JS_PARAMS : []);
      return json(record.object);
    }),
    route('GET', '/v1/payment_methods/:id', 'secret', (call) => {
      call.params.allowOnly([]);
      const { record } = resolvePaymentMethod(ctx, call.pathParams.id ?? '', 'payment_method');
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_methods/:id/attach', 'secret', (call) => {
      call.params.allowOnly(['customer']);
      const customerId = call.params.requiredString('customer');
      if (!ctx.store.customers.has(customerId))
        throw noSuch('customer', customerId, { param: 'customer', inPath: false });
      const { record } = resolvePaymentMethod(ctx, call.pathParams.id ?? '', 'payment_method');
      attachToCustomer(ctx, call, record, customerId, { verify: true });
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/payment_methods/:id/detach', 'secret', (call) => {
      call.params.allowOnly([]);
      const id = call.pathParams.id ?? '';
      const record = ctx.store.paymentMethods.get(id);
      if (!record) throw noSuch('PaymentMethod', id, { param: 'payment_method', inPath: true });
      detachFromCustomer(ctx, call, record);
      return json(expand(record.object, call.params.expand(), ctx.store));
    }),
  ];
}

function createCustomer(ctx: DoubleContext, call: ApiCall): Stripe.Customer {
  const params = call.params.allowOnly([...CUSTOMER_FIELDS, 'payment_method']);
  const fields = readCustomerFields(params);
  const methodId = params.string('payment_method');
  const method = methodId ? resolvePaymentMethod(ctx, methodId, 'payment_method').record : null;
  // Refused before the customer exists: a card that declines makes the whole request fail, as on Stripe.
  if (method) checkAttachable(method, { verify: true });
  const defaultMethod =
    fields.defaultPaymentMethod === methodId && method ? method.object.id : fields.defaultPaymentMethod;
  if (defaultMethod && defaultMethod !== method?.object.id) {
    throw invalidRequest('The default payment method must be the one attached with payment_method on creation.', {
      param: 'invoice_settings[default_payment_method]',
    });
  }
  const customer = buildCustomer(ctx.fixtures, ctx.now(), {
    name: fields.name ?? null,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    description: fields.description ?? null,
    metadata: mergeMetadata({}, fields.metadata),
    address: fields.address ?? null,
    defaultPaymentMethod: null,
    preferredLocales: fields.preferredLocales ?? [],
  });
  ctx.store.customers.set(customer.id, customer);
  ctx.events.emit('customer.created', customer, call.request);
  if (method) attachToCustomer(ctx, call, method, customer.id, { verify: true });
  if (defaultMethod) setDefaultMethod(ctx, customer, defaultMethod);
  return expand(customer, params.expand(), ctx.store);
}

function updateCustomer(ctx: DoubleContext, call: ApiCall): Stripe.Customer {
  const params = call.params.allowOnly(CUSTOMER_FIELDS);
  const customer = customerOrThrow(ctx, call, true);
  const fields = readCustomerFields(params);
  const before = structuredClone(customer);
  if (fields.name !== undefined) customer.name = fields.name;
  if (fields.email !== undefined) customer.email = fields.email;
  if (fields.phone !== undefined) customer.phone = fields.phone;
  if (fields.description !== undefined) customer.description = fields.description;
  if (fields.address !== undefined) customer.address = fields.address;
  if (fields.preferredLocales !== undefined) customer.preferred_locales = fields.preferredLocales;
  customer.metadata = mergeMetadata(customer.metadata, fields.metadata);
  if (fields.defaultPaymentMethod !== undefined) setDefaultMethod(ctx, customer, fields.defaultPaymentMethod);
  const previous: Partial<Stripe.Customer> = {};
  for (const key of Object.keys(customer) as Array<keyof Stripe.Customer>) {
    if (JSON.stringify(customer[key]) !== JSON.stringify(before[key])) Object.assign(previous, { [key]: before[key] });
  }
  if (Object.keys(previous).length > 0) ctx.events.emit('customer.updated', customer, call.request, previous);
  return expand(customer, params.expand(), ctx.store);
}

type CustomerFields = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  description?: string | null;
  address?: Stripe.Address | null;
  metadata?: Record<string, string> | null;
  preferredLocales?: string[];
  defaultPaymentMethod?: string | null;
};

function readCustomerFields(params: Params): CustomerFields {
  const address = params.object('address');
  address?.allowOnly(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
  const invoiceSettings = params.object('invoice_settings');
  invoiceSettings?.allowOnly(['default_payment_method', 'custom_fields', 'footer', 'rendering_options']);
  return {
    name: params.nullableString('name', { maxLength: 256 }),
    email: params.nullableString('email', { maxLength: 512 }),
    phone: params.nullableString('phone', { maxLength: 20 }),
    description: params.nullableString('description', { maxLength: 350 }),
    address: params.values.address === '' ? null : address ? readAddress(address) : undefined,
    metadata: params.metadata(),
    preferredLocales: params.stringArray('preferred_locales'),
    defaultPaymentMethod: invoiceSettings?.nullableString('default_payment_method'),
  };
}

function setDefaultMethod(ctx: DoubleContext, customer: Stripe.Customer, methodId: string | null): void {
  if (methodId) {
    const record = ctx.store.paymentMethods.get(methodId);
    if (!record)
      throw noSuch('PaymentMethod', methodId, { param: 'invoice_settings[default_payment_method]', inPath: false });
    if (ownerOf(record) !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
        { param: 'invoice_settings[default_payment_method]' },
      );
    }
  }
  customer.invoice_settings.default_payment_method = methodId;
}

function customerOrThrow(ctx: DoubleContext, call: ApiCall, inPath: boolean): Stripe.Customer {
  const id = call.pathParams.id ?? '';
  const customer = ctx.store.customers.get(id);
  if (!customer) throw noSuch('customer', id, { param: 'id', inPath });
  return customer;
}

function methodsOf(ctx: DoubleContext, customerId: string, params: Params): Stripe.PaymentMethod[] {
  const type = params.string('type');
  if (type !== undefined && !(SUPPORTED_METHOD_TYPES as readonly string[]).includes(type)) {
    throw invalidRequest(`Invalid type: must be one of ${SUPPORTED_METHOD_TYPES.join(', ')}`, { param: 'type' });
  }
  return [...ctx.store.paymentMethods.values()]
    .filter((record) => ownerOf(record) === customerId && (!type || record.object.type === type))
    .map((record) => record.object);
}
