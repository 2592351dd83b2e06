// Bank debits need the account holder's mandate: `mandate_data[customer_acceptance]` on the confirm that first
// uses the account, then the saved method's mandate for later debits. A server (secret key) must say where and
// how the holder accepted it; Stripe.js may ask Stripe to take that from the browser (infer_from_client).
import type Stripe from 'stripe';
import type { CallContext, DoubleContext } from './double-context';
import { invalidRequest, missingParam, noSuch } from './double-errors';
import { NO_REQUEST } from './double-events';
import { buildMandate } from './double-objects';
import type { PaymentMethodRecord } from './double-store';
import type { Params } from './request-params';

export const MANDATE_REQUIRED_MESSAGE =
  'This PaymentIntent requires a mandate, but no existing mandate was found. Collect mandate acceptance from the customer and try again, providing acceptance data in the mandate_data parameter.';

export function readAcceptance(
  ctx: DoubleContext,
  call: CallContext,
  mandateData: Params,
): Stripe.Mandate.CustomerAcceptance {
  mandateData.allowOnly(['customer_acceptance']);
  const acceptance = mandateData.object('customer_acceptance');
  if (!acceptance) throw missingParam(mandateData.name('customer_acceptance'));
  acceptance.allowOnly(['type', 'accepted_at', 'online', 'offline']);
  const type = acceptance.oneOf('type', ['online', 'offline'] as const);
  if (!type) throw missingParam(acceptance.name('type'));
  const acceptedAt = acceptance.integer('accepted_at', { min: 0 }) ?? ctx.now();
  if (type === 'offline') return { accepted_at: acceptedAt, offline: {}, type };
  const online = acceptance.object('online');
  if (!online) throw missingParam(acceptance.name('online'));
  online.allowOnly(['ip_address', 'user_agent', 'infer_from_client']);
  const infer = online.boolean('infer_from_client') === true;
  if (infer && !call.publishable) {
    throw invalidRequest('infer_from_client can only be used with a publishable key.', {
      param: online.name('infer_from_client'),
    });
  }
  const ip = online.string('ip_address', { maxLength: 200 }) ?? (infer || call.publishable ? call.ip : undefined);
  const userAgent =
    online.string('user_agent', { maxLength: 5000 }) ?? (infer || call.publishable ? call.userAgent : undefined);
  if (!ip) throw missingParam(online.name('ip_address'));
  if (!userAgent) throw missingParam(online.name('user_agent'));
  return { accepted_at: acceptedAt, online: { ip_address: ip, user_agent: userAgent }, type };
}

export function createMandate(
  ctx: DoubleContext,
  method: PaymentMethodRecord,
  acceptance: Stripe.Mandate.CustomerAcceptance,
  usage: { multiUse: boolean; amount: number | null; currency: string | null },
): Stripe.Mandate {
  const mandate = buildMandate(ctx.fixtures, {
    paymentMethod: method.object,
    acceptance,
    ...usage,
    baseUrl: ctx.baseUrl(),
  });
  ctx.store.mandates.set(mandate.id, mandate);
  if (usage.multiUse) method.mandate = mandate.id;
  return mandate;
}

/** An explicit `mandate` id: it must exist, be active, and be this method's. */
export function existingMandate(ctx: DoubleContext, id: string, method: PaymentMethodRecord): Stripe.Mandate {
  const mandate = ctx.store.mandates.get(id);
  if (!mandate) throw noSuch('mandate', id, { param: 'mandate', inPath: false });
  if (mandate.status !== 'active' || mandate.payment_method !== method.object.id) {
    throw invalidRequest(`The mandate ${id} is not active for the PaymentMethod ${method.object.id}.`, {
      param: 'mandate',
    });
  }
  return mandate;
}

/** A failure that says the account cannot be debited again ends its mandates (mandate.updated). */
export function deactivateMandates(ctx: DoubleContext, method: PaymentMethodRecord): void {
  for (const mandate of ctx.store.mandates.values()) {
    if (mandate.payment_method !== method.object.id || mandate.status !== 'active') continue;
    mandate.status = 'inactive';
    ctx.events.emit('mandate.updated', mandate, NO_REQUEST, { status: 'active' });
  }
  method.mandate = null;
}
