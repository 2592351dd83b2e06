// Who may use a payment method: Stripe ties a method to one customer once attached, refuses a method used once
// without a customer (or detached) a second time, and verifies a card when it is attached.
import type { CallContext, DoubleContext } from './double-context';
import { cardError, invalidRequest } from './double-errors';
import type { PaymentMethodRecord } from './double-store';

const REUSE_MESSAGE =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.';

/** Refuses a method the intent's customer (or lack of one) may not use. */
export function checkMethodUsable(record: PaymentMethodRecord, customer: string | null, param: string): void {
  if (record.consumed) throw invalidRequest(REUSE_MESSAGE, { param });
  const owner = ownerOf(record);
  if (owner && owner !== customer) {
    throw invalidRequest(
      `The provided PaymentMethod belongs to the Customer ${owner}. Please include the Customer in the \`customer\` parameter on the PaymentIntent or SetupIntent.`,
      { param },
    );
  }
}

export function customerOf(owned: { customer: string | { id: string } | null }): string | null {
  return typeof owned.customer === 'string' ? owned.customer : (owned.customer?.id ?? null);
}

export function ownerOf(record: PaymentMethodRecord): string | null {
  return customerOf(record.object);
}

/**
 * Attaches a method to a customer (a no-op if it already is). `verify`: the attach endpoint checks a card with its
 * issuer, so a card that declines on setup cannot be attached; intents have checked it already.
 */
export function attachToCustomer(
  ctx: DoubleContext,
  call: CallContext,
  record: PaymentMethodRecord,
  customer: string,
  options: { verify: boolean },
): void {
  if (ownerOf(record) === customer) return;
  checkAttachable(record, options);
  record.object.customer = customer;
  ctx.events.emit('payment_method.attached', record.object, call.request);
}

/** The refusals of an attach, for callers that must check before they change anything. */
export function checkAttachable(record: PaymentMethodRecord, options: { verify: boolean }): void {
  if (ownerOf(record)) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', {
      param: 'payment_method',
    });
  }
  if (record.consumed) throw invalidRequest(REUSE_MESSAGE, { param: 'payment_method' });
  if (options.verify && record.object.type === 'us_bank_account') {
    throw invalidRequest(
      'A us_bank_account PaymentMethod must be verified before it is attached to a Customer: save it with a SetupIntent (or a PaymentIntent with setup_future_usage) instead.',
      { param: 'payment_method' },
    );
  }
  const decline = record.card?.declineOnSetup ? record.card.decline : null;
  if (options.verify && decline) {
    throw cardError(decline.message, { code: decline.code, decline_code: decline.declineCode });
  }
}

export function detachFromCustomer(ctx: DoubleContext, call: CallContext, record: PaymentMethodRecord): void {
  const owner = ownerOf(record);
  if (!owner) {
    throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', {
      param: 'payment_method',
    });
  }
  record.object.customer = null;
  // Stripe: a detached method cannot be used again, nor attached to someone else.
  record.consumed = true;
  record.authenticatedForOffSession = false;
  ctx.events.emit('payment_method.detached', record.object, call.request, { customer: owner });
  const customer = ctx.store.customers.get(owner);
  if (customer?.invoice_settings.default_payment_method === record.object.id) {
    customer.invoice_settings.default_payment_method = null;
  }
}
