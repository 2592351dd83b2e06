// The portal's own tables (schema "portal"). The ERP ledger has its own schema (connectors/erp/ledger).
import type { FeedPaymentKind, PromiseStatus, ReminderStep } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  smallint,
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
    /** Issue 29: the user asked for a monthly statement e-mail (the profile's opt-in). */
    monthlyStatement: boolean('monthly_statement').notNull().default(false),
    /** Issue 38: the user gets the reminder schedule's e-mails (on unless switched off in the profile). */
    paymentReminders: boolean('payment_reminders').notNull().default(true),
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
    // Who is linked to an account, by its number without leading zeros (a reminder's recipients: issue 38).
    index('user_accounts_account_number_idx').on(t.companyCode, sql`ltrim(primary_account, '0')`),
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
    // Issue 29: the payment history marks the payments a job made, found by their ledger payment document.
    index('payment_intents_payment_document_idx')
      .on(t.paymentDocumentNumber)
      .where(sql`payment_document_number <> ''`),
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

/**
 * API keys of machine clients (issue 27): an ERP or a file drop calls the integration routes with
 * `Authorization: Bearer arp_…`. Only the SHA-256 of the key is kept (the key has 256 bits of randomness, so a
 * plain hash cannot be guessed back); the prefix identifies it in lists and logs. A revoked key is refused at once:
 * every request reads its row (one indexed look-up), no instance keeps keys in memory.
 */
export const apiKeys = portal.table(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ledger:write, payments:read. */
    scopes: text('scopes').array().notNull(),
    keyHash: text('key_hash').notNull(),
    /** The first characters of the key (arp_ and 8 more), shown in lists so that an operator can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdByLogin: text('created_by_login').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByLogin: text('revoked_by_login').notNull().default(''),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash)],
);

/** One import into the built-in ledger (issue 27): its kind, who ran it, its progress and its counts. */
export const ledgerImports = portal.table(
  'ledger_imports',
  {
    id: uuid('id').primaryKey(),
    /** company_codes, customers, documents or ubl. */
    kind: text('kind').$type<'company_codes' | 'customers' | 'documents' | 'ubl'>().notNull(),
    status: text('status').$type<'running' | 'completed' | 'failed'>().notNull(),
    /** browser, api or cli. */
    origin: text('origin').notNull(),
    /** The company code named by the request (UBL); '' when the files name their own. */
    companyCode: text('company_code').notNull().default(''),
    /** The names of the files sent. */
    files: jsonb('files').$type<string[]>().notNull(),
    /** Who ran it: a user's login, `key:<name>` for an API key, or `cli`. */
    actor: text('actor').notNull(),
    userId: integer('user_id'),
    apiKeyId: integer('api_key_id'),
    /** Records read so far (rows or documents), for the progress bar; total when known in advance (UBL files). */
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** A failure of the whole import (an unreadable file): a message key of the i18n area errors or imports. */
    failure: text('failure').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ledger_imports_started_idx').on(t.startedAt.desc(), t.id)],
);

/**
 * The records an import rejected, with their reason as a message key and values, translated when read. At most
 * ledgerImportRejectionsKept per import are kept (the count is always exact).
 */
export const ledgerImportRejections = portal.table(
  'ledger_import_rejections',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => ledgerImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The file and line (CSV) or the file (UBL). */
    source: text('source').notNull(),
    /** The document or customer number, when it could be read. */
    document: text('document').notNull().default(''),
    field: text('field').notNull().default(''),
    messageKey: text('message_key').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/**
 * The payments feed (issue 27): one row per payment the portal posted (invoice payment, deposit, guest payment),
 * written in the posting's transaction. `seq` is given after commit, in commit order, by the feed's sequencer
 * (modules/ledger-feed), so that a reader following the cursor sees every payment once even when a payment's
 * transaction commits after a later one's.
 */
export const paymentFeed = portal.table(
  'payment_feed',
  {
    /** The payment intent's id. */
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    /** invoice, deposit or guest; issue 37: refund, return, chargeback or chargeback_reversal (see `reverses`). */
    kind: text('kind').$type<FeedPaymentKind>().notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    companyCode: text('company_code').notNull(),
    payerNumber: text('payer_number').notNull(),
    soldtoNumber: text('soldto_number').notNull().default(''),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The card or e-check type: VISA, MC, AMEX, EC. */
    method: text('method').notNull(),
    /** The gateway's authorisation reference. */
    gatewayReference: text('gateway_reference').notNull(),
    orderNumber: text('order_number').notNull().default(''),
    /** The ledger's payment document. */
    paymentDocumentNumber: text('payment_document_number').notNull().default(''),
    login: text('login').notNull().default(''),
    /** [{billing_document_number, document_number_finance, amount (decimal string), reason_code, comment}] */
    documents: jsonb('documents').$type<Record<string, string>[]>().notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    erpDocumentNumber: text('erp_document_number').notNull().default(''),
    acknowledgedBy: text('acknowledged_by').notNull().default(''),
    /** Issue 37: a reversal's item (kind refund, return, chargeback, chargeback_reversal) points at its payment. */
    reverses: uuid('reverses'),
    reason: text('reason').notNull().default(''),
    returnCode: text('return_code').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payment_feed_seq_key').on(t.seq),
    index('payment_feed_unsequenced_idx')
      .on(t.postedAt)
      .where(sql`seq IS NULL`),
    index('payment_feed_posted_at_idx').on(t.postedAt, t.id),
    index('payment_feed_unacknowledged_idx')
      .on(t.seq)
      .where(sql`acknowledged_at IS NULL`),
    // Issue 37: the payer's history finds a payment's feed row (what came back of it) by its ledger document.
    index('payment_feed_payment_document_idx')
      .on(t.paymentDocumentNumber)
      .where(sql`reverses IS NULL`),
  ],
);

/** Webhook endpoints (Standard Webhooks): where events go, which ones, and the signing secret sealed at rest. */
export const webhookEndpoints = portal.table('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** payment.posted, deposit.posted, import.completed. */
  events: text('events').array().notNull(),
  /** whsec_<base64>, sealed with the configuration key (config-secrets.ts). */
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdByLogin: text('created_by_login').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The webhook outbox: one message per endpoint and event, written in the transaction of what it reports (the
 * payment's), sent by the webhook job like the mail outbox (lease, backoff for 3 days). message_id is the event's
 * `webhook-id`, the same for every endpoint, so that a receiver can drop a message it already took.
 */
export const webhookMessages = portal.table(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent: {type, timestamp, data}. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'delivered' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [
    uniqueIndex('webhook_messages_endpoint_message_key').on(t.endpointId, t.messageId),
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index('webhook_messages_endpoint_created_idx').on(t.endpointId, t.createdAt.desc(), t.id),
  ],
);

/** The delivery log: every attempt of a webhook message with the answer's status and how long it took. */
export const webhookAttempts = portal.table(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The HTTP status answered; null when no answer came (refused, time-out, blocked address). */
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error').notNull().default(''),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageId, t.id)],
);

/**
 * Issue 29: payments stored for a later day, by a person ("Pay on") or planned by an AutoPay enrolment. The job
 * leases due rows (SKIP LOCKED, lease_until) and pays each through the same pipeline as a payment made by hand, with
 * the row's id as the idempotency key: a row taken again after a crash settles the same payment intent, never a
 * second one. No CVV is kept: the charge is merchant-initiated on the saved method.
 */
export const scheduledPayments = portal.table(
  'scheduled_payments',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    actingUserId: integer('acting_user_id'),
    cause: text('cause').$type<'schedule' | 'autopay'>().notNull(),
    autopayId: uuid('autopay_id'),
    /** "Pay on": the Idempotency-Key of the request that stored it (a retry finds this row, never a second one). */
    idempotencyKey: text('idempotency_key'),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    paymentCardToken: text('payment_card_token').notNull(),
    paymentCardType: text('payment_card_type').notNull(),
    paymentMethodLabel: text('payment_method_label').notNull(),
    /** The payment request as checked when it was stored (documents, amounts, reasons, comments; no CVV). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    language: text('language').notNull().default('en'),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'scheduled' | 'processing' | 'paid' | 'not_paid' | 'cancelled'>().notNull(),
    reason: text('reason'),
    reasonDetail: text('reason_detail').notNull().default(''),
    referenceCode: text('reference_code').notNull().default(''),
    paymentDocumentNumber: text('payment_document_number').notNull().default(''),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }),
  },
  (t) => [
    index('scheduled_payments_due_idx')
      .on(t.scheduledDate)
      .where(sql`status in ('scheduled', 'processing')`),
    index('scheduled_payments_user_idx').on(t.userId, t.scheduledDate),
    index('scheduled_payments_autopay_idx').on(t.autopayId),
    uniqueIndex('scheduled_payments_key').on(t.userId, t.idempotencyKey),
  ],
);

/** Issue 29: AutoPay enrolments: an account (payer, company code) paid from a saved method N days before due. */
export const autopayEnrolments = portal.table(
  'autopay_enrolments',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    actingUserId: integer('acting_user_id'),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    paymentCardToken: text('payment_card_token').notNull(),
    paymentCardType: text('payment_card_type').notNull(),
    paymentMethodLabel: text('payment_method_label').notNull(),
    daysBeforeDue: integer('days_before_due').notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }),
    maxCurrencyKey: text('max_currency_key'),
    status: text('status').$type<'active' | 'stopped'>().notNull(),
    stoppedReason: text('stopped_reason'),
    enrolledOn: date('enrolled_on', { mode: 'string' }).notNull(),
    /** The last day the job planned this enrolment's payments (one instance plans it, once a day). */
    plannedOn: date('planned_on', { mode: 'string' }),
    leftAtEnrolment: jsonb('left_at_enrolment').$type<Record<string, unknown>[]>().notNull().default([]),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('autopay_enrolments_active_key')
      .on(t.userId, t.payerNumber, t.companyCode)
      .where(sql`status = 'active'`),
  ],
);

/** Issue 29: what AutoPay did with each invoice of an enrolment, once: planned into a payment, or left for a person. */
export const autopayItems = portal.table(
  'autopay_items',
  {
    autopayId: uuid('autopay_id')
      .notNull()
      .references(() => autopayEnrolments.id, { onDelete: 'cascade' }),
    documentKey: text('document_key').notNull(),
    outcome: text('outcome').$type<'planned' | 'left'>().notNull(),
    scheduledPaymentId: uuid('scheduled_payment_id'),
    why: text('why'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.autopayId, t.documentKey] })],
);

/** Issue 29: each run of a scheduled job (the System tab shows the last ones). */
export const jobRuns = portal.table(
  'job_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    job: text('job').notNull(),
    instanceId: text('instance_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome').$type<'ok' | 'failed'>(),
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    error: text('error').notNull().default(''),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);

/** Issue 29: the monthly statement e-mails queued, once per user and month across instances. */
export const statementMailings = portal.table(
  'statement_mailings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Issue 36: the payment provider's signed events, kept once by (provider, id) when they arrive and processed from
 * here, never in the request (ADR 0031): a crash loses none, a repeat changes nothing.
 */
export const gatewayEvents = portal.table(
  'gateway_events',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What processing did (e.g. "posted 1e0f…", "ignored"). */
    outcome: text('outcome').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Gave up after its retries: shown in the System tab with a re-process button. */
    failed: boolean('failed').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.provider, table.id] })],
);

/**
 * Issue 37 (ADR 0032): money that came back of a posted payment. One row per refund asked for, bank debit returned,
 * chargeback withdrawn or dispute won (posted again). A row is written before the provider is called (a refund) or
 * when the provider's event is processed (the others), then posted to the ERP with the row's id as its idempotency
 * key; the reconciler takes over rows the provider or the ERP left unfinished.
 *
 * state: requested (a refund the provider has not answered yet), confirmed (the money moved at the provider, the
 * ERP has not taken it yet), posted (the ledger reversed it: feed item, webhook, e-mail and audit written with it),
 * refused (the provider refused the refund; nothing moved).
 */
export const paymentReversals = portal.table(
  'payment_reversals',
  {
    id: uuid('id').primaryKey(),
    /** The payment (payment intent and feed id) this reverses. */
    paymentId: uuid('payment_id').notNull(),
    kind: text('kind').$type<'refund' | 'return' | 'chargeback' | 'chargeback_reversal'>().notNull(),
    state: text('state').$type<'requested' | 'confirmed' | 'posted' | 'refused'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    /**
     * A refund per document as asked: [{document_key, billing_document_number, document_number_finance,
     * amount_minor}]; a chargeback_reversal: what the chargeback reopened. Empty: the ledger chooses.
     */
    documents: jsonb('documents').$type<ReversalDocumentRow[]>().notNull(),
    reason: text('reason').notNull().default(''),
    comment: text('comment').notNull().default(''),
    returnCode: text('return_code').notNull().default(''),
    /** A refund's request: whose Idempotency-Key it was. */
    scope: text('scope'),
    idempotencyKey: text('idempotency_key'),
    /** The provider's refund id, dispute id or event: the same one is never reversed twice. */
    providerReference: text('provider_reference').notNull().default(''),
    disputeId: uuid('dispute_id'),
    userId: integer('user_id'),
    actingUserId: integer('acting_user_id'),
    login: text('login').notNull().default(''),
    /** What the ledger reversed, per document, once posted: the feed item's documents. */
    postedDocuments: jsonb('posted_documents').$type<ReversalDocumentRow[]>(),
    reversalDocumentNumber: text('reversal_document_number').notNull().default(''),
    refusal: text('refusal').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_reversals_payment_idx').on(t.paymentId),
    uniqueIndex('payment_reversals_scope_key_key')
      .on(t.scope, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    uniqueIndex('payment_reversals_provider_reference_key')
      .on(t.kind, t.providerReference)
      .where(sql`provider_reference <> ''`),
    index('payment_reversals_unfinished_idx')
      .on(t.nextAttemptAt)
      .where(sql`state in ('requested', 'confirmed')`),
  ],
);

export type ReversalDocumentRow = {
  document_key: string;
  billing_document_number: string;
  document_number_finance: string;
  /** Minor units as a decimal string (jsonb holds no bigint). */
  amount_minor: string;
};

/** Issue 37: a dispute (chargeback) the cardholder opened with the bank, as the provider reports it. */
export const paymentDisputes = portal.table(
  'payment_disputes',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id').notNull(),
    providerReference: text('provider_reference').notNull(),
    status: text('status').$type<'needs_response' | 'under_review' | 'won' | 'lost'>().notNull(),
    reason: text('reason').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceUrl: text('evidence_url').notNull().default(''),
    fundsWithdrawn: boolean('funds_withdrawn').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_disputes_provider_reference_key').on(t.providerReference),
    index('payment_disputes_payment_idx').on(t.paymentId),
  ],
);

/** Issue 38: a company code's reminder schedule, once an administrator saved it (until then: the default, off). */
export const reminderSchedules = portal.table('reminder_schedules', {
  companyCode: text('company_code').primaryKey(),
  enabled: boolean('enabled').notNull(),
  steps: jsonb('steps').$type<ReminderStep[]>().notNull(),
  repeatEveryDays: integer('repeat_every_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by'),
});

/** A document a reminder listed, as the reminder kept it (amounts in the document's currency, decimal strings). */
export type ReminderDocumentRow = {
  document_key: string;
  billing_document_number: string;
  document_number_finance: string;
  soldto_number: string;
  due_date: string;
  open_amount: string;
  currency_key: string;
  currency_decimals: number;
};

/** Issue 38: one reminder of an account (one step, or sent by hand), with its invoices and recipients. */
export const reminders = portal.table(
  'reminders',
  {
    id: uuid('id').primaryKey(),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    daysFromDue: integer('days_from_due').notNull(),
    template: text('template').notNull(),
    manual: boolean('manual').notNull().default(false),
    documents: jsonb('documents').$type<ReminderDocumentRow[]>().notNull(),
    /** Who got it: [{user_id, email, mail_key}] (mail_key: the outbox row's dedupe key). */
    recipients: jsonb('recipients').$type<{ user_id: number; email: string; mail_key: string }[]>().notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reminders_account_idx').on(t.payerNumber, t.companyCode, t.createdAt.desc())],
);

/** Issue 38: each invoice reaches each step once (the claim across instances: ON CONFLICT DO NOTHING). */
export const reminderItems = portal.table(
  'reminder_items',
  {
    documentKey: text('document_key').notNull(),
    daysFromDue: integer('days_from_due').notNull(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'reminder_items_pk', columns: [t.documentKey, t.daysFromDue] }),
    index('reminder_items_reminder_idx').on(t.reminderId),
  ],
);

/** A document a promise covers, as it was when promised. */
export type PromiseDocumentRow = {
  document_key: string;
  billing_document_number: string;
  document_number_finance: string;
  due_date: string;
  open_amount: string;
};

/** Issue 38: a payer's promise to pay invoices of one account and currency by a day. */
export const paymentPromises = portal.table(
  'payment_promises',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    actingUserId: integer('acting_user_id'),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    promisedDate: date('promised_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    documents: jsonb('documents').$type<PromiseDocumentRow[]>().notNull(),
    status: text('status').$type<PromiseStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_promises_account_idx').on(t.payerNumber, t.companyCode, t.status),
    index('payment_promises_open_idx')
      .on(t.promisedDate)
      .where(sql`status = 'open'`),
  ],
);

/** One currency's past due of a worklist account, as the job read it (minor units as decimal strings). */
export type PastDueRow = {
  currency_key: string;
  currency_decimals: number;
  amount_minor: string;
  oldest_days: number;
  buckets_minor: [string, string, string, string];
};

/**
 * Issue 38: the worklist's accounts. The job writes what it read of the ERP's open items (name, past due, the rank,
 * the next step, AutoPay, the promise status); collectors write the collector, the pause and the last contact, which
 * a refresh keeps. rank_bucket: the oldest past-due bucket (1 to 4; 0: nothing past due, off the worklist);
 * rank_amount: the past due in the company code's currency (minor units). The worklist reads the rank index backwards.
 */
export const collectionAccounts = portal.table(
  'collection_accounts',
  {
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    name: text('name').notNull().default(''),
    pastDue: jsonb('past_due').$type<PastDueRow[]>().notNull().default([]),
    rankBucket: smallint('rank_bucket').notNull().default(0),
    rankAmount: bigint('rank_amount', { mode: 'bigint' }).notNull().default(0n),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    nextStepDate: date('next_step_date', { mode: 'string' }),
    nextStepDays: integer('next_step_days'),
    autopay: boolean('autopay').notNull().default(false),
    openDisputes: integer('open_disputes').notNull().default(0),
    promiseStatus: text('promise_status').$type<'none' | 'open' | 'broken' | 'kept'>().notNull().default('none'),
    collectorUserId: integer('collector_user_id').references(() => users.userId, { onDelete: 'set null' }),
    pausedUntil: date('paused_until', { mode: 'string' }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'collection_accounts_pk', columns: [t.payerNumber, t.companyCode] }),
    index('collection_accounts_rank_idx')
      .on(t.rankBucket, t.rankAmount, t.payerNumber, t.companyCode)
      .where(sql`rank_bucket > 0`),
    index('collection_accounts_company_rank_idx')
      .on(t.companyCode, t.rankBucket, t.rankAmount, t.payerNumber)
      .where(sql`rank_bucket > 0`),
    index('collection_accounts_collector_rank_idx')
      .on(t.collectorUserId, t.rankBucket, t.rankAmount, t.payerNumber, t.companyCode)
      .where(sql`rank_bucket > 0`),
  ],
);

/** Issue 38: what collectors did on an account: notes, calls, pauses and assignments (the timeline's own entries). */
export const collectionNotes = portal.table(
  'collection_notes',
  {
    id: uuid('id').primaryKey(),
    payerNumber: text('payer_number').notNull(),
    companyCode: text('company_code').notNull(),
    kind: text('kind').$type<'note' | 'call' | 'pause' | 'assignment'>().notNull(),
    text: text('text').notNull(),
    pausedUntil: date('paused_until', { mode: 'string' }),
    collectorUserId: integer('collector_user_id'),
    authorUserId: integer('author_user_id'),
    authorName: text('author_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('collection_notes_account_idx').on(t.payerNumber, t.companyCode, t.createdAt.desc())],
);

/** Issue 38: the figures of each day, per company code and currency (DSO in tenths of a day). */
export const collectionFigures = portal.table(
  'collection_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyCode: text('company_code').notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    openMinor: bigint('open_minor', { mode: 'bigint' }).notNull(),
    pastDueMinor: bigint('past_due_minor', { mode: 'bigint' }).notNull(),
    dsoTenths: integer('dso_tenths'),
  },
  (t) => [primaryKey({ name: 'collection_figures_pk', columns: [t.companyCode, t.currencyKey, t.day] })],
);

/** Issue 38: the collections job's daily run, claimed by one instance (the reminders go once a day). */
export const collectionRuns = portal.table('collection_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  instanceId: text('instance_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

// --- Issue 39: invoice disputes (ADR 0034) ----------------------------------------------------------------------

/** The invoice lines a dispute names (empty: the whole invoice). */
export type DisputeLineRow = { item_number: string; description: string; amount: string };

/** A customer's dispute of an invoice; one open or in review per invoice (the partial unique index). */
export const invoiceDisputes = portal.table(
  'invoice_disputes',
  {
    id: uuid('id').primaryKey(),
    /** D-{reference}: what both sides call it. */
    reference: serial('reference').notNull(),
    payerNumber: text('payer_number').notNull(),
    payerName: text('payer_name').notNull().default(''),
    companyCode: text('company_code').notNull(),
    soldtoNumber: text('soldto_number').notNull(),
    billingDocumentNumber: text('billing_document_number').notNull(),
    documentNumberFinance: text('document_number_finance').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    lineItem: text('line_item').notNull(),
    /** paymentDocumentKey of the invoice: what holds and the unique index go by. */
    documentKey: text('document_key').notNull(),
    currencyKey: text('currency_key').notNull(),
    currencyDecimals: integer('currency_decimals').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    openAmountMinor: bigint('open_amount_minor', { mode: 'bigint' }).notNull(),
    reasonCode: text('reason_code').notNull(),
    lines: jsonb('lines').$type<DisputeLineRow[]>().notNull().default([]),
    status: text('status').$type<'open' | 'in_review' | 'resolved' | 'withdrawn'>().notNull(),
    outcome: text('outcome').$type<'credit_issued' | 'rejected' | 'paid' | 'withdrawn'>(),
    assigneeUserId: integer('assignee_user_id').references(() => users.userId, { onDelete: 'set null' }),
    raisedByUserId: integer('raised_by_user_id').references(() => users.userId, { onDelete: 'set null' }),
    /** The impersonating administrator who raised it as the user, if any. */
    actingUserId: integer('acting_user_id'),
    source: text('source').$type<'portal' | 'payment'>().notNull(),
    /** source payment: the payment whose short payment opened it. */
    paymentId: uuid('payment_id'),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    creditNoteNumber: text('credit_note_number').notNull().default(''),
    erpStatus: text('erp_status').$type<'pending' | 'recorded' | 'not_supported' | 'failed'>().notNull(),
    erpCaseId: text('erp_case_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_disputes_active_document_key')
      .on(t.documentKey)
      .where(sql`status IN ('open', 'in_review')`),
    uniqueIndex('invoice_disputes_reference_key').on(t.reference),
    index('invoice_disputes_account_idx').on(t.payerNumber, t.companyCode, t.status),
    // A customer's list asks by account number without leading zeros (dispute-access.ts visibleDisputes).
    index('invoice_disputes_payer_number_idx').on(t.companyCode, sql`ltrim(payer_number, '0')`),
    index('invoice_disputes_soldto_number_idx').on(t.companyCode, sql`ltrim(soldto_number, '0')`),
    index('invoice_disputes_created_idx').on(t.createdAt, t.id),
    index('invoice_disputes_erp_idx')
      .on(t.erpStatus)
      .where(sql`erp_status IN ('pending', 'failed')`),
  ],
);

/** The thread: messages, and the changes (raised, status, assignment, attachment) as entries of their own. */
export const disputeMessages = portal.table(
  'dispute_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => invoiceDisputes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'raised' | 'message' | 'status' | 'assignment' | 'attachment'>().notNull(),
    side: text('side').$type<'customer' | 'supplier'>().notNull(),
    authorUserId: integer('author_user_id').references(() => users.userId, { onDelete: 'set null' }),
    /** The name as it was when written (kept if the user is deleted). */
    authorName: text('author_name').notNull(),
    actingUserId: integer('acting_user_id'),
    body: text('body').notNull().default(''),
    status: text('status'),
    outcome: text('outcome'),
    assigneeName: text('assignee_name'),
    attachmentId: uuid('attachment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.disputeId, t.id)],
);

/** A dispute's files: what was stored is what the checks let through (images re-encoded), never the upload as sent. */
export const disputeAttachments = portal.table(
  'dispute_attachments',
  {
    id: uuid('id').primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => invoiceDisputes.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<'application/pdf' | 'image/png' | 'image/jpeg'>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    side: text('side').$type<'customer' | 'supplier'>().notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.userId, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dispute_attachments_dispute_idx').on(t.disputeId)],
);

/** The disputes feed: each event in commit order (the cursor), with the dispute as it was then. */
export const disputeEvents = portal.table(
  'dispute_events',
  {
    cursor: bigserial('cursor', { mode: 'number' }).primaryKey(),
    /** The webhook-id the same event went out with. */
    messageId: text('message_id').notNull(),
    disputeId: uuid('dispute_id').notNull(),
    type: text('type').$type<'dispute.opened' | 'dispute.updated' | 'dispute.resolved'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('dispute_events_message_key').on(t.messageId)],
);
