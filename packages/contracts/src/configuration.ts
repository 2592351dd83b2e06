import { z } from 'zod';
import { InvoiceTableSetting } from './invoices';
import { DecimalAmount, ErpFlag } from './ledger';
import { RegistrationEmailExpiration } from './registration';
import { defineRoute } from './route';

/**
 * What the payment screens need to know (access spec §3 Application configuration; invoices spec §4 "Payments
 * disabled", §7 maximum card/echeck payment): the portal-wide switch with its per-language messages, the limits
 * (0 means no limit) and the company codes' payment flags from the ERP.
 */
export const PaymentSettings = z.object({
  isPaymentsDisable: z.boolean(),
  /** Messages by language (en fr de es it ja pt ru); the web falls back to English, then any. */
  paymentDisabledMessages: z.record(z.string(), z.string()),
  maxPaymentAllowed: DecimalAmount,
  maxECheckPaymentAllowed: DecimalAmount,
  company_codes: z.array(
    z.object({
      company_code: z.string(),
      disable_payments: ErpFlag,
      enable_deposits: ErpFlag,
      enable_echeck: ErpFlag,
    }),
  ),
  /** Issue 29: where "Pay on" and AutoPay are offered, and how far ahead a payment of due invoices may be scheduled. */
  scheduledPaymentsCompanyCodes: z.array(z.string()).default([]),
  autopayCompanyCodes: z.array(z.string()).default([]),
  schedulingHorizonDays: z.number().int().default(30),
  /** Issue 38: how far ahead a promise to pay may be dated, in days. */
  promiseMaxDays: z.number().int().default(60),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

export const paymentSettings = defineRoute({
  method: 'GET',
  path: '/api/configuration/payment-settings',
  summary: 'Payments-disabled switch and messages, payment limits, and the company codes payment flags.',
  response: PaymentSettings,
});

/** The invoice_table setting (invoices spec §2): which columns the invoice lists show, in order. */
export const invoiceTableSetting = defineRoute({
  method: 'GET',
  path: '/api/configuration/invoice-table',
  summary: 'The columns of the invoice table (the invoice_table setting).',
  response: InvoiceTableSetting,
});

// ---------------------------------------------------------------------------------------------------------------
// The Application configuration (access spec §3, §5, §7; issue 15). Field rules and messages: packages/domain
// validateApplicationConfiguration (the Application tab and the server); the schemas bound the sizes.
// ---------------------------------------------------------------------------------------------------------------

/** The languages of the payments-disabled messages (spec §3). */
export const paymentMessageLanguages = ['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru'] as const;

const message = z.string().max(2000);

export const ApplicationConfiguration = z.object({
  companyName: z.string().max(200),
  applicationUrl: z.string().max(500),
  isPaymentsDisable: z.boolean(),
  paymentDisabledMessages: z.object({
    en: message,
    fr: message,
    de: message,
    es: message,
    it: message,
    ja: message,
    pt: message,
    ru: message,
  }),
  registrationRequestEmail: z.string().max(320),
  registrationEmailExpiration: RegistrationEmailExpiration,
  registrationEmailExpirationMessage: z.string().max(500),
  allowRegistration: z.boolean(),
  allowGuestPayment: z.boolean(),
  privacyPolicy: z.string().max(500),
  termsAndConditions: z.string().max(500),
  contactUs: z.string().max(500),
  /** Decimal strings ≥ 0; 0 means no limit. */
  maxPaymentAllowed: z.string().max(20),
  maxECheckPaymentAllowed: z.string().max(20),
  smtpAddress: z.string().max(255),
  smtpPort: z.number().int().nullable(),
  smtpUseUser: z.boolean(),
  smtpUser: z.string().max(320),
  /** Write-only: answered empty; an empty value on PUT keeps the stored one. */
  smtpPassword: z.string().max(500),
  fromAddress: z.string().max(320),
  fromAddressName: z.string().max(200),
  overrideEmail: z.string().max(320),
  /** Issue 29: the company codes whose accounts may schedule payments ("Pay on"); absent on a PUT: none. */
  scheduledPaymentsCompanyCodes: z.array(z.string().max(10)).max(200).default([]),
  /** Issue 29: the company codes whose accounts may enrol in AutoPay. */
  autopayCompanyCodes: z.array(z.string().max(10)).max(200).default([]),
  /**
   * Issue 29: how far ahead a payment may be scheduled when every chosen invoice is already due (otherwise up to the
   * latest due date of the chosen invoices), in days.
   */
  schedulingHorizonDays: z.number().int().min(0).max(365).default(30),
  /** Issue 38: how far ahead a promise to pay may be dated, in days (1 to 180). */
  promiseMaxDays: z.number().int().min(1).max(180).default(60),
  /**
   * Issue 35 (ADR 0029): per company code, the reason codes that hold an open invoice back from AutoPay (left for a
   * person). A company code not named holds every reason code but PP, the partial-payment code; an empty list holds
   * none of the codes the ERP offers there (a code it does not offer always holds). The codes are the ERP's reason
   * codes of the company code with payment type O (back-end configuration). A save that changes an entry is refused
   * 400 VALIDATION_FAILED naming the field when the ERP does not list the company code
   * (validation.configuration.autopay_hold_company_code_unknown) or does not offer the code there
   * (validation.configuration.autopay_hold_reason_code_unknown); details name the company code and the code. An
   * entry equal to the default is stored as not named, so that a code the ERP adds later holds there too.
   */
  autopayHoldReasonCodes: z
    .record(z.string().min(1).max(10), z.array(z.string().max(10)).max(100))
    .refine((value) => Object.keys(value).length <= 200, 'at most 200 company codes')
    .default({}),
});
export type ApplicationConfiguration = z.infer<typeof ApplicationConfiguration>;

export const getApplicationConfiguration = defineRoute({
  method: 'GET',
  path: '/api/configuration',
  permission: 'CanEditSystemConfig',
  summary: 'The Application configuration (the SMTP password comes back empty).',
  response: ApplicationConfiguration,
});

export const putApplicationConfiguration = defineRoute({
  method: 'PUT',
  path: '/api/configuration',
  permission: 'CanEditSystemConfig',
  summary: 'Save the Application configuration; 400 naming the fields that break spec §5. Takes effect at once.',
  body: ApplicationConfiguration,
  response: ApplicationConfiguration,
});

export const putApplicationConfigurationValue = defineRoute({
  method: 'PUT',
  path: '/api/configuration/Application/:name',
  permission: 'CanEditSystemConfig',
  summary: 'Set one value of the Application configuration, under the same rules as the whole document.',
  params: z.object({ name: ApplicationConfiguration.keyof() }),
  body: z.object({ value: z.unknown() }),
  response: ApplicationConfiguration,
});

/**
 * Which transport sends the portal's e-mail (the Email tab; issue 27), first match wins: the SMTP settings above
 * once a server is saved; else the deployment's SMTP_URL; else none, and messages wait in the outbox (Settings →
 * Sent e-mail) until one is set.
 */
export const MailTransportKind = z.enum(['settings', 'environment', 'none']);
export type MailTransportKind = z.infer<typeof MailTransportKind>;

export const MailTransportStatus = z.object({
  kind: MailTransportKind,
  /** settings: host:port; environment: SMTP_URL without its password (nor any query); none: empty. */
  address: z.string(),
  /** Whether SMTP_URL is set: mail goes there once the SMTP settings are removed. */
  environmentConfigured: z.boolean(),
  /** Messages waiting in the outbox now. */
  queued: z.number().int(),
});
export type MailTransportStatus = z.infer<typeof MailTransportStatus>;

export const getMailTransport = defineRoute({
  method: 'GET',
  path: '/api/configuration/mail-transport',
  permission: 'CanEditSystemConfig',
  summary: 'Which transport sends e-mail: the SMTP settings, the SMTP_URL of the deployment (no password), or none.',
  response: MailTransportStatus,
});

export const deleteSmtpSettings = defineRoute({
  method: 'DELETE',
  path: '/api/configuration/smtp',
  permission: 'CanEditSystemConfig',
  summary:
    'Remove the SMTP settings (server, port, user, password): mail goes through SMTP_URL, else waits in the outbox.',
  response: ApplicationConfiguration,
});

/** Issue 29: one run of a scheduled job (the System tab lists the last ones). */
export const JobRun = z.object({
  job: z.enum(['autopay', 'scheduled-payments', 'monthly-statements', 'collections']),
  instance_id: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** null while it runs. */
  outcome: z.enum(['ok', 'failed']).nullable(),
  /** What the run did, by what it counts (paid, not_paid, payments, left, messages...). */
  summary: z.record(z.string(), z.number()),
  error: z.string(),
});
export type JobRun = z.infer<typeof JobRun>;

/** The System tab (issue 15): what an administrator checks before calling for help. Read-only. */
export const SystemStatus = z.object({
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
  outbox: z.object({ queued: z.number().int(), failed: z.number().int(), sent: z.number().int() }),
  reconciler: z.object({ lastRunAt: z.string().nullable(), instanceId: z.string().nullable() }),
  instance: z.object({ id: z.string(), startedAt: z.string() }),
  /** Issue 28: the built-in ledger, or ERP_URL with its circuit (open: failing fast since openedAt). */
  erp: z.object({
    kind: z.enum(['ledger', 'http']),
    url: z.string().nullable(),
    circuit: z.enum(['closed', 'open', 'half_open']).nullable(),
    openedAt: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
  /**
   * Issue 29: the scheduled jobs (every SCHEDULER_INTERVAL_SECONDS; 0: off on this instance): the last run of each
   * job, and the last runs that did something or failed, newest first.
   */
  scheduler: z.object({
    intervalSeconds: z.number().int(),
    last: z.array(JobRun),
    recent: z.array(JobRun),
  }),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const getSystemStatus = defineRoute({
  method: 'GET',
  path: '/api/configuration/system',
  permission: 'CanEditSystemConfig',
  summary: 'Version, database, migrations, outbox depth and failures, the reconciler last run and this instance.',
  response: SystemStatus,
});

/**
 * The connection status on the Application tab (access spec §8): the ERP connector's back-end configuration call,
 * good only when it answers 200 with message type S; otherwise its status code, message type and text.
 */
export const ConnectionStatus = z.object({
  good: z.boolean(),
  statusCode: z.number().int(),
  messageType: z.string(),
  message: z.string(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const getConnectionStatus = defineRoute({
  method: 'GET',
  path: '/api/configuration/connection-status',
  permission: 'CanEditSystemConfig',
  summary: 'The ERP connection: good only with 200 and message type S; else the status and message.',
  response: ConnectionStatus,
});
