// The double's own routes, under /_double (Stripe has none of them): finishing 3-D Secure, settling bank debits,
// replaying a webhook, and opening and closing disputes — what Stripe's test mode does through its Dashboard,
// its hosted pages or the passing of time.
import type Stripe from 'stripe';
import type { DoubleContext } from './double-context';
import { invalidRequest, noSuch } from './double-errors';
import { buildDispute } from './double-objects';
import { json, route, type ApiCall, type Route } from './double-router';
import { paymentIntentView, setupIntentView } from './intent-views';
import { authenticatePaymentIntent } from './payment-intent-flow';
import { authenticateSetupIntent } from './setup-intent-flow';
import { renderChallengePage, renderMandatePage } from './three-d-secure-page';
import type { DeliveryResult } from './webhook-delivery';

export type DoubleControls = {
  /** Settles one processing debit, or all of them; answers the ids settled. */
  settle: (paymentIntentId?: string) => string[];
  /** Resolves when the webhooks due have been tried. */
  deliverDue: () => Promise<void>;
  resend: (event: Stripe.Event) => Promise<DeliveryResult>;
};

export function controlRoutes(ctx: DoubleContext, controls: DoubleControls): Route[] {
  return [
    route('GET', '/_double/3ds/:id', 'public', (call) => ({ html: challengePage(ctx, call) })),
    route('GET', '/_double/mandates/:id', 'public', (call) => {
      const mandate = ctx.store.mandates.get(call.pathParams.id ?? '');
      if (!mandate) throw noSuch('mandate', call.pathParams.id ?? '', { param: 'id', inPath: true });
      return { html: renderMandatePage(mandate.id, mandate.status) };
    }),
    route('POST', '/_double/authenticate/:id', 'authentication', async (call) => {
      call.params.allowOnly(['result', 'client_secret', 'key']);
      const succeeded = call.params.oneOf('result', ['succeed', 'fail'] as const);
      if (!succeeded) throw invalidRequest('Missing required param: result (succeed or fail).', { param: 'result' });
      const id = call.pathParams.id ?? '';
      let answer: unknown;
      if (id.startsWith('seti_')) {
        const record = ctx.store.setupIntents.get(id);
        checkSecret(call, 'setup_intent', id, record?.object.client_secret);
        if (!record) throw noSuch('setup_intent', id, { param: 'intent', inPath: true });
        authenticateSetupIntent(ctx, call, record, succeeded === 'succeed');
        answer = setupIntentView(record.object, call);
      } else {
        const record = ctx.store.paymentIntents.get(id);
        checkSecret(call, 'payment_intent', id, record?.object.client_secret);
        if (!record) throw noSuch('payment_intent', id, { param: 'intent', inPath: true });
        authenticatePaymentIntent(ctx, call, record, succeeded === 'succeed');
        answer = paymentIntentView(record.object, call);
      }
      await controls.deliverDue();
      return json(answer);
    }),
    route('POST', '/_double/settle', 'secret', async (call) => {
      call.params.allowOnly(['payment_intent']);
      const id = call.params.string('payment_intent');
      if (id && !ctx.store.paymentIntents.has(id))
        throw noSuch('payment_intent', id, { param: 'payment_intent', inPath: false });
      const settled = controls.settle(id);
      await controls.deliverDue();
      return json({ settled });
    }),
    route('POST', '/_double/events/:id/resend', 'secret', async (call) => {
      call.params.allowOnly([]);
      const id = call.pathParams.id ?? '';
      const event = ctx.events.get(id);
      if (!event) throw noSuch('event', id, { param: 'id', inPath: true });
      const result = await controls.resend(event);
      return json({ event: event.id, ...result });
    }),
    route('POST', '/_double/disputes', 'secret', async (call) => {
      call.params.allowOnly(['payment_intent', 'reason']);
      const dispute = openDispute(ctx, call);
      await controls.deliverDue();
      return json(dispute);
    }),
    route('POST', '/_double/disputes/:id/close', 'secret', async (call) => {
      call.params.allowOnly(['status']);
      const id = call.pathParams.id ?? '';
      const dispute = ctx.store.disputes.get(id);
      if (!dispute) throw noSuch('dispute', id, { param: 'id', inPath: true });
      const status = call.params.oneOf('status', ['won', 'lost'] as const);
      if (!status) throw invalidRequest('Missing required param: status (won or lost).', { param: 'status' });
      if (dispute.status === 'won' || dispute.status === 'lost') {
        throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'status' });
      }
      dispute.status = status;
      ctx.events.emit('charge.dispute.closed', dispute, call.request, { status: 'needs_response' });
      await controls.deliverDue();
      return json(dispute);
    }),
  ];
}

function checkSecret(
  call: ApiCall,
  kind: 'payment_intent' | 'setup_intent',
  id: string,
  secret: string | null | undefined,
) {
  if (call.secret && !call.params.has('client_secret')) return;
  if (!secret || call.params.string('client_secret') !== secret)
    throw noSuch(kind, id, { param: 'intent', inPath: true });
}

function challengePage(ctx: DoubleContext, call: ApiCall): string {
  const id = call.pathParams.id ?? '';
  const setup = ctx.store.setupIntents.get(id);
  if (setup) {
    return renderChallengePage({
      intentId: id,
      kind: 'setup_intent',
      clientSecret: setup.object.client_secret ?? '',
      status: setup.object.status,
      amount: null,
      currency: null,
      returnUrl: setup.object.next_action?.type === 'redirect_to_url' ? setup.returnUrl : null,
    });
  }
  const payment = ctx.store.paymentIntents.get(id);
  if (!payment) throw noSuch('payment_intent', id, { param: 'intent', inPath: true });
  return renderChallengePage({
    intentId: id,
    kind: 'payment_intent',
    clientSecret: payment.object.client_secret ?? '',
    status: payment.object.status,
    amount: payment.object.amount,
    currency: payment.object.currency,
    returnUrl: payment.object.next_action?.type === 'redirect_to_url' ? payment.returnUrl : null,
  });
}

function openDispute(ctx: DoubleContext, call: ApiCall): Stripe.Dispute {
  const intentId = call.params.requiredString('payment_intent');
  const record = ctx.store.paymentIntents.get(intentId);
  if (!record) throw noSuch('payment_intent', intentId, { param: 'payment_intent', inPath: false });
  const charge = record.object.latest_charge ? ctx.store.charges.get(String(record.object.latest_charge)) : undefined;
  if (!charge || charge.status !== 'succeeded') {
    throw invalidRequest(`The PaymentIntent ${intentId} has no successful charge to dispute.`, {
      param: 'payment_intent',
    });
  }
  if (charge.disputed)
    throw invalidRequest(`The charge ${charge.id} is already disputed.`, { param: 'payment_intent' });
  const dispute = buildDispute(ctx.fixtures, {
    created: ctx.now(),
    charge,
    reason:
      call.params.oneOf('reason', [
        'fraudulent',
        'product_not_received',
        'product_unacceptable',
        'duplicate',
        'subscription_canceled',
        'credit_not_processed',
        'unrecognized',
        'general',
      ] as const) ?? 'fraudulent',
  });
  ctx.store.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  ctx.events.emit('charge.dispute.created', dispute, call.request);
  return dispute;
}
