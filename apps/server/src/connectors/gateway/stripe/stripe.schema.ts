// What the Stripe adapter keeps on the portal's side (schema "gateway_stripe", ADR 0031). Never a card or bank
// account number: Stripe's ids, the portal's tokens and the mandates the payers accepted.
import { index, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const gatewayStripe = pgSchema('gateway_stripe');

/** One Stripe Customer per payer account (company code and payer number). */
export const stripeCustomers = gatewayStripe.table('customers', {
  payerKey: text('payer_key').primaryKey(),
  customerId: text('customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One entry session: a SetupIntent, and the portal session (or guest token) that alone may read its result. */
export const stripeEntries = gatewayStripe.table('entries', {
  setupIntentId: text('setup_intent_id').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  /** null for a guest's one-time method. */
  payerKey: text('payer_key'),
  /** CC or EC. */
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The portal's token of a Stripe PaymentMethod, per customer. The token is derived from Stripe's fingerprint of the
 * card or account, so the same card has the same token for every account (the ERP's errors 74 and 76 hold), while
 * each account's customer has its own PaymentMethod.
 */
export const stripeMethods = gatewayStripe.table(
  'methods',
  {
    token: text('token').notNull(),
    /** '' for a guest's method (no customer). */
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    /** card, us_bank_account or sepa_debit: what a charge on it names. */
    paymentMethodType: text('payment_method_type').notNull(),
    /** A bank debit's mandate: its id at Stripe, when it was accepted and the text the payer was shown. */
    mandateId: text('mandate_id').notNull().default(''),
    mandateText: text('mandate_text').notNull().default(''),
    mandateAcceptedAt: timestamp('mandate_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.token, table.customerId] }),
    index('methods_payment_method_id_idx').on(table.paymentMethodId),
  ],
);

/** The PaymentIntent of each order number: how a status look-up finds it without searching. */
export const stripeCharges = gatewayStripe.table(
  'charges',
  {
    orderNumber: text('order_number').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** The portal token charged (a PaymentIntent names the PaymentMethod, not the token). */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('charges_payment_intent_id_idx').on(table.paymentIntentId)],
);
