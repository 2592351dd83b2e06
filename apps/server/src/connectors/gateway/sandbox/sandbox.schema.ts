// State of the built-in sandbox gateway (schema "gateway_sandbox"): what a real provider keeps on its side.
// No card number, CVV or bank account number is ever stored: tokens, brand, last four and the test behaviour.
import { bigint, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { CardinalResult, TokenizedPaymentCard } from '@portal/contracts';

export const gatewaySandbox = pgSchema('gateway_sandbox');

/** One hosted-frame session (CC, EC) or one 3-D Secure step on a token (TO). */
export const sandboxAccessTokens = gatewaySandbox.table('access_tokens', {
  accessToken: text('access_token').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  /** CC, EC or TO. */
  paymentMethod: text('payment_method').notNull(),
  language: text('language').notNull(),
  /** TO: amount (minor units), currency, order number, redirect_uri, token and expiry; never a card number. */
  request: jsonb('request').$type<Record<string, string>>().notNull(),
  paymentCard: jsonb('payment_card').$type<TokenizedPaymentCard>(),
  cardinal: jsonb('cardinal').$type<CardinalResult>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Tokens issued by the frame; the same number always gets the same token (HMAC), as with a real vault. */
export const sandboxTokens = gatewaySandbox.table('tokens', {
  token: text('token').primaryKey(),
  /** card or echeck. */
  kind: text('kind').notNull(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  /** The test behaviour of the number it stands for (README): approve, decline, timeout, challenge, challenge_fail. */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Authorisations by order number (status look-up, refunds). */
export const sandboxCharges = gatewaySandbox.table('charges', {
  orderNumber: text('order_number').primaryKey(),
  token: text('token').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull(),
  currencyKey: text('currency_key').notNull(),
  /** approved, declined, refunded, partially_refunded. */
  status: text('status').notNull(),
  authorizationReference: text('authorization_reference').notNull(),
  declineReason: text('decline_reason').notNull(),
  captured: text('captured').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Idempotency keys: the first answer to a key is the answer to every later call with it. */
export const sandboxIdempotencyKeys = gatewaySandbox.table('idempotency_keys', {
  key: text('key').primaryKey(),
  operation: text('operation').notNull(),
  /** SHA-256 of the call's parameters: a key reused for another call is refused. */
  fingerprint: text('fingerprint').notNull(),
  /** null while the first call is in flight. */
  response: jsonb('response').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Issue 37: what the sandbox reports later, as a real provider does by webhook: a bank debit returned (account numbers
 * ending 2227, 1113), a dispute opened (card 4000 0000 0000 0259), a dispute closed. The portal's inbox job asks for
 * the due ones each round (events.pull) and keeps them; then they are marked delivered.
 */
export const sandboxEvents = gatewaySandbox.table('events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderNumber: text('order_number').notNull(),
  payload: jsonb('payload').$type<Record<string, string>>().notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

/** Issue 37: disputes of sandbox charges; evidence is submitted on the sandbox's own dispute page. */
export const sandboxDisputes = gatewaySandbox.table('disputes', {
  id: text('id').primaryKey(),
  orderNumber: text('order_number').notNull(),
  /** needs_response, under_review, won, lost. */
  status: text('status').notNull(),
  reason: text('reason').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currencyKey: text('currency_key').notNull(),
  evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
