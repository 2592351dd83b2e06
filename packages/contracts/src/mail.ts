// E-mail (access spec §3 E-mail config, §7 /api/configuration/email/{key}; issue 13): the template types and their
// placeholders, the template editor's two calls, and the Sent e-mail page (the outbox, for administrators).
import { z } from 'zod';
import { defineRoute } from './route';

/** Issue 37: what a refund's and a returned debit's e-mails tell (mail/money-back-mail-values.ts fills them). */
const moneyBackPlaceholders = [
  'companyName',
  'firstName',
  'lastName',
  'amount',
  'paymentAmount',
  'paymentDate',
  'referenceCode',
  'paymentMethod',
  'reason',
  'documentsTable',
  'manageUrl',
] as const;

/**
 * Every template type with the placeholders its subject and body may use (`{{name}}`). A template that names
 * another placeholder is refused. Values are HTML-escaped when filled in, except `documentsTable`, a table the
 * server builds from escaped values.
 */
const reminderPlaceholders = [
  'companyName',
  'firstName',
  'lastName',
  'account',
  'invoicesTable',
  'totalDue',
  'payUrl',
] as const;

export const emailTemplatePlaceholders = {
  welcome: ['companyName', 'firstName', 'lastName', 'signInUrl'],
  confirmation: ['companyName', 'firstName', 'lastName', 'confirmUrl', 'validity'],
  invite: ['companyName', 'firstName', 'lastName', 'inviteUrl', 'validity'],
  reset_password: ['companyName', 'firstName', 'lastName', 'resetUrl', 'validity'],
  password_changed: ['companyName', 'firstName', 'lastName', 'changedAt', 'resetRequestUrl'],
  payment_receipt: [
    'companyName',
    'firstName',
    'lastName',
    'amount',
    'referenceCode',
    'paymentMethod',
    'paymentDate',
    'documentsTable',
    // Issue 29: "Paid by AutoPay" / "Paid as scheduled for ..." when a job made the payment; empty otherwise.
    'paidBy',
  ],
  deposit_receipt: [
    'companyName',
    'firstName',
    'lastName',
    'amount',
    'referenceCode',
    'paymentMethod',
    'paymentDate',
    'documentsTable',
  ],
  guest_receipt: [
    'companyName',
    'firstName',
    'lastName',
    'amount',
    'referenceCode',
    'paymentMethod',
    'paymentDate',
    'documentsTable',
  ],
  registration_request: ['companyName', 'firstName', 'lastName', 'company', 'email', 'message', 'reviewUrl'],
  admin_recovery: ['companyName', 'mode', 'user', 'address', 'at'],
  // Issue 29: scheduled payments, AutoPay and the monthly statement.
  scheduled_payment: [
    'companyName',
    'firstName',
    'lastName',
    'amount',
    'paymentDate',
    'paymentMethod',
    'documentsTable',
    'manageUrl',
  ],
  scheduled_payment_not_paid: [
    'companyName',
    'firstName',
    'lastName',
    'amount',
    'paymentDate',
    'paymentMethod',
    'documentsTable',
    'reason',
    'manageUrl',
  ],
  autopay_enrolled: [
    'companyName',
    'firstName',
    'lastName',
    'account',
    'paymentMethod',
    'schedule',
    'maximum',
    'leftTable',
    'manageUrl',
  ],
  autopay_reminder: [
    'companyName',
    'firstName',
    'lastName',
    'account',
    'paymentMethod',
    'paymentsTable',
    'leftTable',
    'manageUrl',
  ],
  autopay_stopped: ['companyName', 'firstName', 'lastName', 'account', 'reason', 'manageUrl'],
  monthly_statement: ['companyName', 'firstName', 'lastName', 'account', 'period'],
  // Issue 37: a refund of a payment, and a bank debit the bank returned (which asks for another method).
  payment_refunded: moneyBackPlaceholders,
  payment_returned: moneyBackPlaceholders,
  // Issue 38: the reminder steps' templates (collections.ts reminderTemplates): the invoices at the step as a table,
  // what they owe per currency, and a button to the pay page with them chosen.
  reminder_upcoming: reminderPlaceholders,
  reminder_due: reminderPlaceholders,
  reminder_overdue: reminderPlaceholders,
  reminder_final: reminderPlaceholders,
  // Issue 39: a dispute raised (to the AR team), and each change of its thread (to the other side). `message` is the
  // text as typed, escaped, its line breaks kept.
  dispute_opened: [
    'companyName',
    'firstName',
    'lastName',
    'reference',
    'account',
    'invoice',
    'reason',
    'amount',
    'author',
    'message',
    'disputeUrl',
  ],
  dispute_message: [
    'companyName',
    'firstName',
    'lastName',
    'reference',
    'invoice',
    'reason',
    'amount',
    'update',
    'message',
    'disputeUrl',
  ],
} as const;

export type EmailTemplateKey = keyof typeof emailTemplatePlaceholders;
export const emailTemplateKeys = Object.keys(emailTemplatePlaceholders) as EmailTemplateKey[];
export const EmailTemplateKey = z.enum(emailTemplateKeys as [EmailTemplateKey, ...EmailTemplateKey[]]);

export const EmailTemplateText = z.object({
  language: z.enum(['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru']),
  /** The subject line. */
  title: z.string().trim().min(1).max(200),
  /** The HTML body (inside the portal's mail layout). */
  template: z.string().trim().min(1).max(20_000),
});
export type EmailTemplateText = z.infer<typeof EmailTemplateText>;

export const EmailConfig = z.object({
  key: EmailTemplateKey,
  isEnabled: z.boolean(),
  placeholders: z.array(z.string()),
  templates: z.array(EmailTemplateText),
});
export type EmailConfig = z.infer<typeof EmailConfig>;

export const getEmailConfig = defineRoute({
  method: 'GET',
  path: '/api/configuration/email/:key',
  permission: 'CanEditSystemConfig',
  summary: 'One e-mail template type: enabled or not, its placeholders and its text per language.',
  params: z.object({ key: EmailTemplateKey }),
  response: EmailConfig,
});

export const putEmailConfig = defineRoute({
  method: 'PUT',
  path: '/api/configuration/email/:key',
  permission: 'CanEditSystemConfig',
  summary: 'Save one template type; a placeholder the type does not know is refused (400).',
  params: z.object({ key: EmailTemplateKey }),
  body: z.object({
    isEnabled: z.boolean(),
    templates: z.array(EmailTemplateText).min(1).max(8),
  }),
  response: EmailConfig,
});

// ---------------------------------------------------------------------------------------------------------------
// The Sent e-mail page (/settings/outbox)
// ---------------------------------------------------------------------------------------------------------------

export const OutboxStatus = z.enum(['queued', 'sent', 'failed']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OutboxMessage = z.object({
  id: z.number().int(),
  template: z.string(),
  recipient: z.string(),
  language: z.string(),
  status: OutboxStatus,
  subject: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  sent_to: z.string().nullable(),
  last_reply: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const listOutbox = defineRoute({
  method: 'GET',
  path: '/api/mail/outbox',
  permission: 'CanEditSystemConfig',
  summary: 'Messages of the outbox, newest first, keyset-paged; with whether a transport is configured.',
  querystring: z.object({
    status: OutboxStatus.optional(),
    /** The id of the last message of the previous page. */
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
  response: z.object({
    transport: z.enum(['settings', 'environment', 'none']),
    messages: z.array(OutboxMessage),
    next_before: z.number().int().nullable(),
  }),
});

export const getOutboxMessage = defineRoute({
  method: 'GET',
  path: '/api/mail/outbox/:id',
  permission: 'CanEditSystemConfig',
  summary: 'One message with its rendered subject, HTML and text parts.',
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  response: OutboxMessage.extend({ html: z.string(), text: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------------
// The Email tab (issue 15): a template previewed on sample data before it is saved, and a test message sent through
// the SMTP settings in force.
// ---------------------------------------------------------------------------------------------------------------

export const previewEmailTemplate = defineRoute({
  method: 'POST',
  path: '/api/configuration/email/:key/preview',
  permission: 'CanEditSystemConfig',
  summary: 'Render one template text on sample data (subject, HTML and text), as it would be sent; nothing is saved.',
  params: z.object({ key: EmailTemplateKey }),
  body: EmailTemplateText,
  response: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});

export const smtpTest = defineRoute({
  method: 'POST',
  path: '/api/configuration/smtp-test',
  permission: 'CanEditSystemConfig',
  summary: 'Send a test message through the saved SMTP settings now; answers the server reply or the error text.',
  body: z.object({ testEmail: z.string().trim().max(320) }),
  response: z.object({ sent: z.boolean(), reply: z.string() }),
});
