// The portal's own tables (schema "portal"). The ERP ledger has its own schema (connectors/erp/ledger).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const portal = pgSchema('portal');

export const users = portal.table(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('active'),
    profile: text('profile').notNull().default(''),
    userRole: text('user_role').notNull(),
    primaryAccountTypeId: text('primary_account_type_id').notNull(),
    thirdPartyId: text('third_party_id'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requirePasswordChange: boolean('require_password_change').notNull().default(false),
    isConfirmed: boolean('is_confirmed').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    numLogins: integer('num_logins').notNull().default(0),
    lastPasswordChange: timestamp('last_password_change', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_key').on(t.login), uniqueIndex('users_email_key').on(t.email)],
);

/** Customer accounts linked to a user (spec: Linked account). At most 4 per user. */
export const userAccounts = portal.table(
  'user_accounts',
  {
    accountId: serial('account_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    primaryAccount: text('primary_account').notNull(),
    accountType: text('account_type').notNull().default('both'),
    companyCode: text('company_code').notNull(),
    salesOrganization: text('sales_organization').notNull(),
    distributionChannel: text('distribution_channel').notNull(),
    division: text('division').notNull(),
  },
  (t) => [uniqueIndex('user_accounts_user_account_key').on(t.userId, t.primaryAccount, t.companyCode)],
);

/** A signed-in browser. Ends on logout, refresh-token reuse, idle timeout or its absolute lifetime. */
export const sessions = portal.table(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored only as SHA-256 hashes; each is used once and replaced (rotation). */
export const refreshTokens = portal.table(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Who did what, when, from where. Written from the first sign-in on; never holds a password or token. */
export const auditEvents = portal.table(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    userId: integer('user_id'),
    subject: text('subject'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_event_subject_at_idx').on(t.event, t.subject, t.at),
    index('audit_events_event_ip_at_idx').on(t.event, t.ip, t.at),
  ],
);

/** Key-value settings of the portal (application configuration, generated secrets). */
export const appSettings = portal.table('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Session-only payment methods (spec §4: save on file unchecked): kept per session and primary account, never
 * in the ERP, gone with the session. Tokens, brand, last four and validity only, like the ERP's saved cards.
 */
export const sessionPaymentMethods = portal.table(
  'session_payment_methods',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    /** The payer account (customer_number) and company code the method was added for. */
    customerNumber: text('customer_number').notNull(),
    companyCode: text('company_code').notNull(),
    paymentCardToken: text('payment_card_token').notNull(),
    /** The PaymentCard wire shape (is_session X). */
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.customerNumber, t.companyCode, t.paymentCardToken] })],
);

/**
 * Idempotency-Key store of the payment submissions (DESIGN §3: payments are exactly-once). One row per scope and
 * key: claimed `in_flight` by the first request, `completed` with the answer to replay. Kept ≥ 24 h after the
 * answer (expires_at), then purged. See apps/server/src/http/idempotency.ts.
 */
export const idempotencyKeys = portal.table(
  'idempotency_keys',
  {
    /** Whose key: `user:<user_id>` for a signed-in user; guest payments bring their own scope. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of method, path and the canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/**
 * Tokens the gateway issued (or 3-D Secure checked) for a session, as the tokenization response reported them.
 * Saving a payment method needs one: a browser cannot save a token it did not obtain through the hosted frame in
 * this session, nor skip a 3-D Secure step that applies.
 */
export const paymentTokenGrants = portal.table(
  'payment_token_grants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    paymentCardToken: text('payment_card_token').notNull(),
    /** The 3-D Secure outcome (Y, A, N, U) or '' when no 3-D Secure step ran. */
    threedsStatus: text('threeds_status').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.paymentCardToken] })],
);
