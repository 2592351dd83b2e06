// /v1/refunds and the objects a payment leaves behind (charges, mandates; disputes are disputes-api.ts). Partial refunds add up on the
// charge; asking for more than what is left is Stripe's invalid_request_error.
import type Stripe from 'stripe';
import type { DoubleContext } from './double-context';
import { invalidRequest, missingParam, noSuch } from './double-errors';
import { buildRefund } from './double-objects';
import { json, route, type ApiCall, type Route } from './double-router';
import { expand, listPage } from './double-store';
import { mergeMetadata } from './request-params';

export function refundRoutes(ctx: DoubleContext): Route[] {
  return [
    route('POST', '/v1/refunds', 'secret', (call) =>
      json(expand(createRefund(ctx, call), call.params.expand(), ctx.store)),
    ),
    route('GET', '/v1/refunds', 'secret', (call) => {
      call.params.allowOnly(['payment_intent', 'charge', 'limit', 'starting_after', 'ending_before']);
      const intent = call.params.string('payment_intent');
      const charge = call.params.string('charge');
      const refunds = [...ctx.store.refunds.values()].filter(
        (refund) => (!intent || refund.payment_intent === intent) && (!charge || refund.charge === charge),
      );
      return json(expand(listPage(refunds, call.params, '/v1/refunds'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/refunds/:id', 'secret', (call) => read(ctx, call, ctx.store.refunds, 'refund')),
    route('GET', '/v1/charges', 'secret', (call) => {
      call.params.allowOnly(['payment_intent', 'customer', 'limit', 'starting_after', 'ending_before']);
      const intent = call.params.string('payment_intent');
      const customer = call.params.string('customer');
      const charges = [...ctx.store.charges.values()].filter(
        (charge) => (!intent || charge.payment_intent === intent) && (!customer || charge.customer === customer),
      );
      return json(expand(listPage(charges, call.params, '/v1/charges'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/charges/:id', 'secret', (call) => read(ctx, call, ctx.store.charges, 'charge')),
    route('GET', '/v1/mandates/:id', 'secret', (call) => read(ctx, call, ctx.store.mandates, 'mandate')),
  ];
}

function read<T>(ctx: DoubleContext, call: ApiCall, objects: Map<string, T>, kind: string) {
  call.params.allowOnly([]);
  const id = call.pathParams.id ?? '';
  const object = objects.get(id);
  if (object === undefined) throw noSuch(kind, id, { param: 'id', inPath: true });
  return json(expand(object, call.params.expand(), ctx.store));
}

function createRefund(ctx: DoubleContext, call: ApiCall): Stripe.Refund {
  const params = call.params.allowOnly(['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
  const intentId = params.string('payment_intent');
  const chargeId = params.string('charge');
  if (!intentId && !chargeId) throw missingParam('payment_intent');
  let charge: Stripe.Charge | undefined;
  if (intentId) {
    const record = ctx.store.paymentIntents.get(intentId);
    if (!record) throw noSuch('payment_intent', intentId, { param: 'payment_intent', inPath: false });
    charge = record.object.latest_charge ? ctx.store.charges.get(String(record.object.latest_charge)) : undefined;
    if (!charge || record.object.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
        code: 'charge_not_refundable',
      });
    }
    if (chargeId && chargeId !== charge.id) {
      throw invalidRequest(`The charge ${chargeId} does not belong to the PaymentIntent ${intentId}.`, {
        param: 'charge',
      });
    }
  } else if (chargeId) {
    charge = ctx.store.charges.get(chargeId);
    if (!charge) throw noSuch('charge', chargeId, { param: 'charge', inPath: false });
    if (charge.status !== 'succeeded' || !charge.captured) {
      throw invalidRequest(`Charge ${chargeId} has not succeeded and cannot be refunded.`, {
        param: 'charge',
        code: 'charge_not_refundable',
      });
    }
  }
  if (!charge) throw missingParam('payment_intent');
  const disputed = charge.id;
  // Stripe refuses to refund what a dispute took back already (the cardholder would get it twice).
  if (
    [...ctx.store.disputes.values()].some((dispute) => dispute.charge === disputed && !dispute.is_charge_refundable)
  ) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: 'charge_disputed',
    });
  }
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = params.integer('amount', { min: 1 }) ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${amount} ${charge.currency} minor units) is greater than unrefunded amount on charge (${remaining} ${charge.currency} minor units)`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const refund = buildRefund(ctx.fixtures, {
    created: ctx.now(),
    amount,
    charge,
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    metadata: mergeMetadata({}, params.metadata()),
  });
  ctx.store.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount_captured;
  ctx.events.emit('charge.refunded', charge, call.request, { amount_refunded: charge.amount_refunded - amount });
  ctx.events.emit('refund.created', refund, call.request);
  return refund;
}
