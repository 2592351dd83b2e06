// The double's own routes, under /_double (Stripe has none of them): finishing 3-D Secure, settling bank debits,
// replaying a webhook, and opening and closing disputes — what Stripe's test mode does through its Dashboard,
// its hosted pages or the passing of time.
import type Stripe from 'stripe';
import type { DoubleContext } from './double-context';
import { invalidRequest, noSuch } from './double-errors';
import { closeDispute, isBankDebit, openDispute } from './disputes';
import { json, route, type ApiCall, type Route } from './double-router';
import { paymentIntentView, setupIntentView } from './intent-views';
import { authenticatePaymentIntent } from './payment-intent-flow';
import { authenticateSetupIntent } from './setup-intent-flow';
import { renderChallengePage, renderMandatePage } from './three-d-secure-page';
import type { DeliveryResult } from './webhook-delivery';

export type DoubleControls = {
  /**
   * What Stripe does later on its own, now: settles the processing debits and opens the disputes due (of one payment,
   * or all); answers the ids of the payments settled and of the disputes opened.
   */
  settle: (paymentIntentId?: string) => { settled: string[]; disputes: string[] };
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
      const done = controls.settle(id);
      await controls.deliverDue();
      return json(done);
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
      call.params.allowOnly(['payment_intent', 'reason', 'network_reason_code']);
      const dispute = openDisputeOn(ctx, call);
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
      closeDispute(ctx, call.request, dispute, status);
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

const CARD_REASONS = [
  'fraudulent',
  'product_not_received',
  'product_unacceptable',
  'duplicate',
  'subscription_canceled',
  'credit_not_processed',
  'unrecognized',
  'general',
] as const;

// Stripe's dispute reasons of bank debits, and the return code each gets when none is given: NACHA's for ACH, the
// SEPA rulebook's reason codes for SEPA.
const BANK_REASONS = {
  insufficient_funds: { us_bank_account: 'R01', sepa_debit: 'AM04' },
  incorrect_account_details: { us_bank_account: 'R03', sepa_debit: 'AC01' },
  debit_not_authorized: { us_bank_account: 'R10', sepa_debit: 'MD01' },
  customer_initiated: { us_bank_account: 'R07', sepa_debit: 'MD06' },
  bank_cannot_process: { us_bank_account: 'R16', sepa_debit: 'MS03' },
} as const;

/**
 * A dispute opened by hand on a payment's charge: a card's (needs_response), or a bank debit coming back after it
 * succeeded (lost at once, with its return code).
 */
function openDisputeOn(ctx: DoubleContext, call: ApiCall): Stripe.Dispute {
  const intentId = call.params.requiredString('payment_intent');
  const record = ctx.store.paymentIntents.get(intentId);
  if (!record) throw noSuch('payment_intent', intentId, { param: 'payment_intent', inPath: false });
  const charge = record.object.latest_charge ? ctx.store.charges.get(String(record.object.latest_charge)) : undefined;
  if (!charge || charge.status !== 'succeeded') {
    throw invalidRequest(`The PaymentIntent ${intentId} has no successful charge to dispute.`, {
      param: 'payment_intent',
    });
  }
  const code = call.params.string('network_reason_code', { maxLength: 10 });
  if (!isBankDebit(charge)) {
    return openDispute(ctx, call.request, charge, {
      reason: call.params.oneOf('reason', CARD_REASONS) ?? 'fraudulent',
      networkReasonCode: code ?? '10.4',
    });
  }
  const reason = call.params.oneOf('reason', Object.keys(BANK_REASONS) as Array<keyof typeof BANK_REASONS>);
  const chosen = reason ?? 'insufficient_funds';
  const type = charge.payment_method_details?.type === 'sepa_debit' ? 'sepa_debit' : 'us_bank_account';
  return openDispute(ctx, call.request, charge, {
    reason: chosen,
    networkReasonCode: code ?? BANK_REASONS[chosen][type],
  });
}
