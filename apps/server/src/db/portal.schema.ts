// The portal's own tables (schema "portal"). The ERP ledger has its own schema (connectors/erp/ledger).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
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
    /** The language the user's e-mails go out in: chosen at registration, updated at each sign-in. */
    language: text('language').notNull().default('en'),
    /**
     * Bumped whenever what the user may see changes (linked accounts, exclusions, account type): the per-process
     * cache of the user's accounts is keyed by it, so a removed link is gone on the very next call, on every
     * instance (the auth plugin reads this row on each request anyway).
     */
    accessVersion: integer('access_version').notNull().default(0),
    /** Soft delete (issue 14): the row stays so that the audit trail keeps the name; login and e-mail are freed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What the user search matches (issue 14), kept by PostgreSQL: lowercased login, e-mail, names and company. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(login || ' ' || email || ' ' || first_name || ' ' || last_name || ' ' || company)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_live_key')
      .on(t.login)
      .where(sql`deleted_at is null`),
    uniqueIndex('users_email_live_key')
      .on(t.email)
      .where(sql`deleted_at is null`),
    // The user search (issue 14: 100,000 users, p95 ≤ 50 ms): the status (btree_gin) and the searched text's
    // trigrams in one index, so that a search within a status never rechecks the users of the other statuses.
    index('users_search_trgm_idx')
      .using('gin', t.status, sql`${t.searchText} gin_trgm_ops`)
      .where(sql`deleted_at is null`),
  ],
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
  (t) => [
    uniqueIndex('user_accounts_user_account_key').on(t.userId, t.primaryAccount, t.companyCode),
    index('user_accounts_primary_account_trgm_idx').using('gin', sql`(lower(primary_account)) gin_trgm_ops`),
  ],
);

/** A PayerAll user's excluded accounts (spec §3 Exclusion list): gone from everything the user sees and pays. */
export const userExclusions = portal.table(
  'user_exclusions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** Without leading zeros, as the account scope compares them. */
    excludedAccount: text('excluded_account').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.excludedAccount] })],
);

/** Someone asking for an account where registration is off (spec §3 Registration request). */
export const registrationRequests = portal.table(
  'registration_requests',
  {
    registrationRequestId: serial('registration_request_id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    language: text('language').notNull().default('en'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by'),
    /** The user created from it. */
    userId: integer('user_id'),
  },
  (t) => [
    index('registration_requests_open_idx')
      .on(t.createdAt)
      .where(sql`completed_at is null`),
  ],
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
    /** Impersonation (spec §4): the user this session works as; the identity lives here, never in a request body. */
    impersonatedUserId: integer('impersonated_user_id').references(() => users.userId, { onDelete: 'set null' }),
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
    /** The user the event concerned (an edited, impersonated or deleted user), for the trail's user filter. */
    targetUserId: integer('target_user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_event_subject_at_idx').on(t.event, t.subject, t.at),
    index('audit_events_event_ip_at_idx').on(t.event, t.ip, t.at),
    index('audit_events_user_id_idx').on(t.userId, t.id),
    index('audit_events_target_user_id_idx').on(t.targetUserId, t.id),
    index('audit_events_event_id_idx').on(t.event, t.id),
    index('audit_events_at_idx').on(t.at),
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

/**
 * Payment intents (DESIGN §3: payments are exactly-once). Written before the gateway is called, found again by
 * scope and idempotency key (a retry after a failure) and by order number (the reconciler). The request is kept
 * without the CVV. States:
 * - pending: written; the gateway may or may not have been called (a crash, a time-out);
 * - approved: the gateway approved (authorization reference kept); the ledger posting is still to commit (left by
 *   earlier versions: since issue 17 the approval is written with the posting, and a charge whose posting did not
 *   commit stays pending until a look-up at the gateway finds it);
 * - posted: the ledger holds the payment (committed in the same transaction as this state);
 * - declined: the gateway declined; nothing was charged or posted;
 * - voided: the reconciler found no charge at the gateway for a stale pending intent; nothing was charged.
 */
export const paymentIntents = portal.table(
  'payment_intents',
  {
    id: uuid('id').primaryKey(),
    /** Whose key: `user:<id>` (or a guest's scope) and the Idempotency-Key of the request. */
    scope: text('scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The idempotency hash of the request, so that the reconciler can store the answer of a crashed request. */
    requestHash: text('request_hash').notNull(),
    /** invoice (POST_INVOICE) or deposit (POST_DEPOSIT). */
    kind: text('kind').$type<'invoice' | 'deposit'>().notNull(),
    state: text('state').$type<'pending' | 'approved' | 'posted' | 'declined' | 'voided'>().notNull(),
    /** The order number sent to the gateway (the reference code the status page shows). */
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id'),
    /** The administrator or manager acting as the user, when impersonating. */
    actingUserId: integer('acting_user_id'),
    login: text('login').notNull().default(''),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    paymentCardToken: text('payment_card_token').notNull(),
    paymentCardType: text('payment_card_type').notNull(),
    /** The posting the ledger needs (documents, amounts, reasons, comments), without the CVV. */
    posting: jsonb('posting').$type<Record<string, unknown>>().notNull(),
    authorizationReference: text('authorization_reference').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    paymentDocumentNumber: text('payment_document_number').notNull().default(''),
    /** The answer given (or to give) to the request, once settled. */
    response: jsonb('response'),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_intents_scope_key_key').on(t.scope, t.idempotencyKey),
    uniqueIndex('payment_intents_order_number_key').on(t.orderNumber),
    index('payment_intents_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`state in ('pending', 'approved')`),
  ],
);

/**
 * The documents an intent pays. `open` rows reserve their document: the partial unique index lets one unsettled
 * intent at a time hold a document, so a second payment of it is refused before any gateway call, and the list
 * shows it "in process" until the intent settles.
 */
export const paymentIntentDocuments = portal.table(
  'payment_intent_documents',
  {
    intentId: uuid('intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    /** company code | finance document number | fiscal year | line item. */
    documentKey: text('document_key').notNull(),
    payerNumber: text('payer_number').notNull(),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.intentId, t.documentKey] }),
    uniqueIndex('payment_intent_documents_open_key')
      .on(t.documentKey)
      .where(sql`open`),
    index('payment_intent_documents_payer_idx')
      .on(t.payerNumber)
      .where(sql`open`),
  ],
);

/**
 * Mail waiting to be sent (docs/adr/0012-mail-outbox.md). Written in the transaction of what it reports (a payment
 * receipt commits with the payment, a reset link with its token); the mail job claims due rows with
 * FOR UPDATE SKIP LOCKED, sends them over SMTP and marks them. With no transport configured, rows stay queued and
 * admins read them on the Sent e-mail page.
 */
export const mailOutbox = portal.table(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The e-mail template type, e.g. reset_password or payment_receipt. */
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    /** The template's values (names, document numbers, amounts); never a card number, CVV or token. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * Values that must not rest in clear (links holding a reset, invite or confirmation token): AES-256-GCM with the
     * configuration key (config-secrets.ts), and dropped once the message is sent.
     */
    secrets: text('secrets'),
    /** Makes queueing idempotent: one mail per dedupe key (e.g. payment_receipt:<intent id>). */
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the next try is due (retries back off; see jobs/mail-outbox.ts). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then while it sends; a crashed worker's lease runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The address it went to (overrideEmail redirects every message). */
    sentTo: text('sent_to'),
    /** The subject of the last rendering (shown in the Sent e-mail list). */
    subject: text('subject').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's last reply (accepted or refused) or the connection error. */
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One-time tokens of the self-service flows: password reset (60 minutes), registration confirmation and invites
 * (registrationEmailExpiration; null: never). Only the SHA-256 of the token is stored; used once.
 */
export const userTokens = portal.table(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'password_reset' | 'confirmation' | 'invite'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/** E-mail template types (spec §3 E-mail config: key, isEnabled); a disabled type is not sent. */
export const emailTypes = portal.table('email_types', {
  key: text('key').primaryKey(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each type's subject (title) and HTML body (template) per language; defaults seeded by a migration. */
export const emailTemplates = portal.table(
  'email_templates',
  {
    key: text('key')
      .notNull()
      .references(() => emailTypes.key, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    template: text('template').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files an administrator uploaded for the themes (logo, icon; issue 15): the type sniffed from the bytes (PNG, JPEG,
 * WebP, or SVG after sanitising), at most 512 KB, served at /api/files/{id} with nosniff and a sandboxing CSP.
 */
export const uploadedFiles = portal.table('uploaded_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
