// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1 (issue 38): reminder schedules, promises to pay, the collector's worklist, account timelines, DSO.
//
// Collections (issue 38, not in the spec; ADR 0033). The portal brings the money in: reminders on a schedule per
// company code (steps relative to the due date), promises to pay made by the payer, and the AR team's worklist of the
// accounts with something past due, each with its timeline (reminders, promises, payments, notes and calls), its
// collector and its pause. The worklist and the figures (DSO by the count-back method, the past-due share) are read
// from what the collections job keeps: the ERP's open items as of its last refresh (`refreshed_at`).
import { z } from 'zod';
import { DecimalAmount, PayerData } from './ledger';
import { defineRoute } from './route';

// ---------------------------------------------------------------------------------------------------------------
// Reminder schedules (Settings → Collections; CanEditSystemConfig)
// ---------------------------------------------------------------------------------------------------------------

/** The e-mail templates a reminder step may use (each an e-mail type of the Email templates tab, in 8 languages). */
export const reminderTemplates = ['reminder_upcoming', 'reminder_due', 'reminder_overdue', 'reminder_final'] as const;
export const ReminderTemplate = z.enum(reminderTemplates);
export type ReminderTemplate = z.infer<typeof ReminderTemplate>;

/** The earliest and the latest step, in days from the due date (negative: before it). */
export const reminderStepMinDays = -60;
export const reminderStepMaxDays = 365;
export const reminderMaxSteps = 10;
export const reminderRepeatMaxDays = 90;

export const ReminderStep = z.object({
  /** Days from the due date: -7 is a week before it, 0 the day itself, 30 a month after. Unique in a schedule. */
  days_from_due: z.number().int().min(reminderStepMinDays).max(reminderStepMaxDays),
  template: ReminderTemplate,
  /** The account's statement (the last 90 days, in the reader's language) goes with the message as a PDF. */
  attach_statement: z.boolean(),
  /** A step switched off is skipped (an invoice passes it without a message). */
  enabled: z.boolean().default(true),
});
export type ReminderStep = z.infer<typeof ReminderStep>;

export const ReminderSchedule = z.object({
  company_code: z.string(),
  enabled: z.boolean(),
  /** In order of days_from_due. */
  steps: z.array(ReminderStep),
  /** After the last step, a reminder every this many days with the last step's template; null: none. */
  repeat_every_days: z.number().int().min(1).max(reminderRepeatMaxDays).nullable(),
  /** When an administrator last saved it; null: the default schedule, never saved. */
  updated_at: z.string().nullable(),
});
export type ReminderSchedule = z.infer<typeof ReminderSchedule>;

/** The schedule of a company code nobody has saved yet (issue 38): on the day, and before and after it. */
export const defaultReminderSteps: readonly ReminderStep[] = [
  { days_from_due: -7, template: 'reminder_upcoming', attach_statement: false, enabled: true },
  { days_from_due: 0, template: 'reminder_due', attach_statement: false, enabled: true },
  { days_from_due: 7, template: 'reminder_overdue', attach_statement: false, enabled: true },
  { days_from_due: 14, template: 'reminder_overdue', attach_statement: true, enabled: true },
  { days_from_due: 30, template: 'reminder_final', attach_statement: true, enabled: true },
];
export const defaultReminderRepeatDays = 14;

const companyCodeQuery = z.object({ company_code: z.string().trim().min(1).max(10) });

export const getReminderSchedule = defineRoute({
  method: 'GET',
  path: '/api/collections/reminder-schedule',
  permission: 'CanEditSystemConfig',
  summary: "A company code's reminder schedule (the default one until an administrator saves it).",
  querystring: companyCodeQuery,
  response: ReminderSchedule,
});

export const SaveReminderScheduleRequest = z.object({
  enabled: z.boolean(),
  steps: z.array(ReminderStep).max(reminderMaxSteps),
  repeat_every_days: z.number().int().min(1).max(reminderRepeatMaxDays).nullable(),
});
export type SaveReminderScheduleRequest = z.input<typeof SaveReminderScheduleRequest>;

export const saveReminderSchedule = defineRoute({
  method: 'PUT',
  path: '/api/collections/reminder-schedule',
  permission: 'CanEditSystemConfig',
  summary: "Saves a company code's reminder schedule (steps unique by days_from_due; an enabled schedule has a step).",
  querystring: companyCodeQuery,
  body: SaveReminderScheduleRequest,
  response: ReminderSchedule,
});

// ---------------------------------------------------------------------------------------------------------------
// Promises to pay (the invoice list; CanMakePayment)
// ---------------------------------------------------------------------------------------------------------------

/** How far ahead a promise may be dated by default (Application tab: promiseMaxDays). */
export const defaultPromiseMaxDays = 60;

/** open: the day has not passed; kept: every invoice was paid by the day; broken: one was still open the day after. */
export const promiseStatuses = ['open', 'kept', 'broken', 'cancelled'] as const;
export const PromiseStatus = z.enum(promiseStatuses);
export type PromiseStatus = z.infer<typeof PromiseStatus>;

export const MakePromiseRequest = z.object({
  payer_data: PayerData,
  documents: z
    .array(z.object({ billing_document_number: z.string().trim().min(1).max(20) }))
    .min(1)
    .max(200),
  /** yyyy-mm-dd, from today to today + promiseMaxDays. */
  promised_date: z.string().date(),
  /** What will be paid, in the invoices' currency; absent: all they owe. */
  amount: DecimalAmount.optional(),
});
export type MakePromiseRequest = z.input<typeof MakePromiseRequest>;

export const PaymentPromise = z.object({
  id: z.string().uuid(),
  payer_data: PayerData,
  status: PromiseStatus,
  promised_date: z.string(),
  /** The promised amount, or what the invoices owed when it was made. */
  amount: DecimalAmount,
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  documents: z.array(
    z.object({
      billing_document_number: z.string(),
      document_number_finance: z.string(),
      open_amount: DecimalAmount,
      due_date: z.string(),
    }),
  ),
  /** Who made it (first and last name). */
  made_by: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type PaymentPromise = z.infer<typeof PaymentPromise>;

export const makePromise = defineRoute({
  method: 'POST',
  path: '/api/invoice/promises',
  permission: 'CanMakePayment',
  successStatus: 201,
  summary: 'Promises to pay open invoices of one account and currency by a day: their reminders wait until after it.',
  body: MakePromiseRequest,
  response: z.object({ id: z.string().uuid() }),
});

export const listPromises = defineRoute({
  method: 'GET',
  path: '/api/invoice/promises',
  permission: 'CanMakePayment',
  summary: "The promises to pay of the user's accounts, newest first (open ones first).",
  querystring: z.object({ status: PromiseStatus.optional() }),
  response: z.object({ promises: z.array(PaymentPromise) }),
});

export const cancelPromise = defineRoute({
  method: 'DELETE',
  path: '/api/invoice/promises/:id',
  permission: 'CanMakePayment',
  summary: 'Withdraws an open promise: the reminders of its invoices go on.',
  params: z.object({ id: z.string().uuid() }),
  response: z.object({ status: PromiseStatus }),
});

// ---------------------------------------------------------------------------------------------------------------
// The worklist (Receivables → Collections; CanManageCollections)
// ---------------------------------------------------------------------------------------------------------------

/** The oldest past-due bucket of an account: what the worklist ranks first and filters by. */
export const collectionBuckets = ['1-30', '31-60', '61-90', '90+'] as const;
export const CollectionBucket = z.enum(collectionBuckets);
export type CollectionBucket = z.infer<typeof CollectionBucket>;

/** none: no promise; open; broken: the last promise was not kept (until a new one is made or the account is paid). */
export const worklistPromiseStatuses = ['none', 'open', 'broken', 'kept'] as const;
export const WorklistPromiseStatus = z.enum(worklistPromiseStatuses);

export const worklistPageSize = 50;

export const PastDue = z.object({
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  amount: DecimalAmount,
  /** Days past due of the oldest past-due invoice in this currency. */
  oldest_days: z.number().int().min(1),
  /** The buckets' amounts, in the order of collectionBuckets. */
  buckets: z.array(DecimalAmount).length(4),
});
export type PastDue = z.infer<typeof PastDue>;

export const WorklistAccount = z.object({
  payer_number: z.string(),
  company_code: z.string(),
  name: z.string(),
  past_due: z.array(PastDue),
  /** The oldest bucket with money in it. */
  bucket: CollectionBucket,
  last_contact_at: z.string().nullable(),
  /** The next reminder the schedule will send: its day and step; null when none is due (paused, off, promised). */
  next_step: z.object({ date: z.string(), days_from_due: z.number().int() }).nullable(),
  promise_status: WorklistPromiseStatus,
  open_disputes: z.number().int().min(0),
  autopay: z.boolean(),
  collector: z.object({ user_id: z.number().int(), name: z.string() }).nullable(),
  /** yyyy-mm-dd: the reminders wait until after this day. */
  paused_until: z.string().nullable(),
});
export type WorklistAccount = z.infer<typeof WorklistAccount>;

export const WorklistFilters = z.object({
  company_code: z.string().trim().max(10).optional(),
  bucket: CollectionBucket.optional(),
  /** A collector's user id, or "none" for the accounts nobody holds. */
  collector: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.literal('none')]).optional(),
  promise_status: WorklistPromiseStatus.optional(),
  /** Payer number or name, contains (case-insensitive). */
  q: z.string().trim().max(80).optional(),
});
export type WorklistFilters = z.input<typeof WorklistFilters>;

export const WorklistRequest = WorklistFilters.extend({
  /** The `next` of the page before. */
  after: z.string().max(200).optional(),
});
export type WorklistRequest = z.input<typeof WorklistRequest>;

export const WorklistResponse = z.object({
  accounts: z.array(WorklistAccount),
  /** The cursor of the next page; null on the last one. */
  next: z.string().nullable(),
  /** When the job last read the ERP's open items (the worklist is as of then). */
  refreshed_at: z.string().nullable(),
});
export type WorklistResponse = z.infer<typeof WorklistResponse>;

export const getWorklist = defineRoute({
  method: 'GET',
  path: '/api/collections/worklist',
  permission: 'CanManageCollections',
  summary: 'Accounts with something past due, oldest bucket first, then the largest past-due amount; keyset-paged.',
  querystring: WorklistRequest,
  response: WorklistResponse,
});

export const worklistExportFormats = ['csv', 'xlsx'] as const;

export const exportWorklist = defineRoute({
  method: 'GET',
  path: '/api/collections/worklist/export',
  permission: 'CanManageCollections',
  download: 'csv-or-xlsx',
  summary: 'Every account of the worklist filter as CSV or .xlsx, one row per account and currency.',
  querystring: WorklistFilters.extend({ format: z.enum(worklistExportFormats) }),
  response: z.any(),
});

export const worklistExportFileNames = { csv: 'collections-worklist.csv', xlsx: 'collections-worklist.xlsx' } as const;

// ---------------------------------------------------------------------------------------------------------------
// One account: its timeline and what a collector does with it
// ---------------------------------------------------------------------------------------------------------------

export const timelineKinds = ['reminder', 'promise', 'payment', 'note', 'call', 'pause', 'assignment'] as const;
export const TimelineKind = z.enum(timelineKinds);
export type TimelineKind = z.infer<typeof TimelineKind>;

export const TimelineEntry = z.object({
  kind: TimelineKind,
  at: z.string(),
  /** Who did it (a collector, the payer's user); empty for the schedule's reminders. */
  by: z.string(),
  /** A note's or a call's words (plain text). */
  text: z.string(),
  /** reminder: the step and the invoices; promise: its status, day and amount; payment: amount and reference. */
  reminder: z
    .object({
      days_from_due: z.number().int(),
      manual: z.boolean(),
      documents: z.array(z.string()),
      recipients: z.number().int(),
    })
    .optional(),
  promise: PaymentPromise.optional(),
  payment: z.object({ amount: DecimalAmount, currency_key: z.string(), reference: z.string() }).optional(),
  /** pause: the day (null: resumed); assignment: the collector (null: nobody). */
  paused_until: z.string().nullable().optional(),
  collector: z.string().nullable().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const CollectionAccountDetail = z.object({
  account: WorklistAccount,
  timeline: z.array(TimelineEntry),
});
export type CollectionAccountDetail = z.infer<typeof CollectionAccountDetail>;

const accountParams = z.object({ payer: z.string().trim().min(1).max(20) });

export const getCollectionAccount = defineRoute({
  method: 'GET',
  path: '/api/collections/accounts/:payer',
  permission: 'CanManageCollections',
  summary: "An account's worklist row and its timeline, newest first (the last 200 entries).",
  params: accountParams,
  querystring: companyCodeQuery,
  response: CollectionAccountDetail,
});

export const noteKinds = ['note', 'call'] as const;
export const maxNoteLength = 4000;

export const addCollectionNote = defineRoute({
  method: 'POST',
  path: '/api/collections/accounts/:payer/notes',
  permission: 'CanManageCollections',
  successStatus: 201,
  summary: 'Logs a note or a call on the account (plain text; it counts as the last contact when a call).',
  params: accountParams,
  body: z.object({
    company_code: z.string().trim().min(1).max(10),
    kind: z.enum(noteKinds),
    text: z.string().trim().min(1).max(maxNoteLength),
  }),
  response: TimelineEntry,
});

export const assignCollector = defineRoute({
  method: 'PUT',
  path: '/api/collections/accounts/:payer/collector',
  permission: 'CanManageCollections',
  summary: 'Gives the account to a collector (a user with CanManageCollections), or to nobody (null).',
  params: accountParams,
  body: z.object({
    company_code: z.string().trim().min(1).max(10),
    user_id: z.number().int().positive().max(2_147_483_647).nullable(),
  }),
  response: WorklistAccount,
});

/** The longest pause a collector may set. */
export const maxPauseDays = 90;

export const pauseReminders = defineRoute({
  method: 'PUT',
  path: '/api/collections/accounts/:payer/pause',
  permission: 'CanManageCollections',
  summary: "Pauses the account's reminders until a day (at most 90 days ahead), or resumes them (null).",
  params: accountParams,
  body: z.object({ company_code: z.string().trim().min(1).max(10), until: z.string().date().nullable() }),
  response: WorklistAccount,
});

export const sendReminderNow = defineRoute({
  method: 'POST',
  path: '/api/collections/accounts/:payer/reminders',
  permission: 'CanManageCollections',
  successStatus: 201,
  summary: "Sends the account's reminder now: its past-due (or else due) invoices with the next step's template.",
  params: accountParams,
  body: z.object({ company_code: z.string().trim().min(1).max(10) }),
  response: TimelineEntry,
});

export const listCollectors = defineRoute({
  method: 'GET',
  path: '/api/collections/collectors',
  permission: 'CanManageCollections',
  summary: 'The users an account may be given to (active, with CanManageCollections).',
  response: z.object({ collectors: z.array(z.object({ user_id: z.number().int(), name: z.string() })) }),
});

// ---------------------------------------------------------------------------------------------------------------
// Figures: DSO (count-back) and the past-due share, per company code and currency, kept daily
// ---------------------------------------------------------------------------------------------------------------

export const CollectionFigures = z.object({
  company_code: z.string(),
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  /** One point per day kept, oldest first, the last 12 months; the last is today's. */
  days: z.array(
    z.object({
      day: z.string(),
      open: DecimalAmount,
      past_due: DecimalAmount,
      /** Days sales outstanding by the count-back method, one decimal; null when there were no sales to count. */
      dso: z.string().nullable(),
      /** past_due ÷ open, in percent with one decimal ("12.5"); null when nothing is open. */
      past_due_share: z.string().nullable(),
    }),
  ),
});
export type CollectionFigures = z.infer<typeof CollectionFigures>;

export const getCollectionFigures = defineRoute({
  method: 'GET',
  path: '/api/collections/figures',
  permission: 'CanManageCollections',
  summary: 'DSO (count-back) and the past-due share per company code and currency, today and each day kept.',
  querystring: z.object({ company_code: z.string().trim().max(10).optional() }),
  response: z.object({ figures: z.array(CollectionFigures) }),
});

// ---------------------------------------------------------------------------------------------------------------
// What the invoice detail says (InvoiceDetailResponse.collections)
// ---------------------------------------------------------------------------------------------------------------

export const InvoiceCollections = z.object({
  /** Each reminder that listed the invoice, newest first. */
  reminders: z.array(z.object({ sent_at: z.string(), days_from_due: z.number().int() })),
  /** The open promise that holds it, if any. */
  promise: z.object({ id: z.string().uuid(), promised_date: z.string() }).nullable(),
});
export type InvoiceCollections = z.infer<typeof InvoiceCollections>;

// ---------------------------------------------------------------------------------------------------------------
// The ERP's side (contracts/erp-api.ts): every account's open invoices, and the sales per month (DSO)
// ---------------------------------------------------------------------------------------------------------------

export const OpenItemsRequest = z.object({
  /** yyyy-mm-dd: the open invoices due on or before this day (the reminders' earliest step and every past-due one). */
  due_to: z.string().date(),
  /** Empty: every company code. */
  company_code: z.string().max(10).optional(),
});
export type OpenItemsRequest = z.input<typeof OpenItemsRequest>;

/** One open invoice (open amount above zero, not a credit nor a payment), in payer order: an account's come together. */
export const OpenItem = z.object({
  payer_number: z.string(),
  payer_name: z.string(),
  soldto_number: z.string(),
  company_code: z.string(),
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  fiscal_year: z.string(),
  line_item: z.string(),
  /** yyyy-mm-dd. */
  due_date: z.string(),
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  open_amount: DecimalAmount,
  /** The document's reason code (a deduction, a dispute); empty when none. */
  reason_code: z.string(),
});
export type OpenItem = z.infer<typeof OpenItem>;

export const SalesByMonthRequest = z.object({
  /** yyyy-mm, both inclusive. */
  from_month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  to_month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export type SalesByMonthRequest = z.input<typeof SalesByMonthRequest>;

export const SalesByMonthResponse = z.object({
  /** What was invoiced (invoice totals by document date, credits not taken off), per company code, currency and month. */
  sales: z.array(
    z.object({
      company_code: z.string(),
      currency_key: z.string(),
      currency_decimals: z.number().int().min(0).max(3),
      month: z.string(),
      amount: DecimalAmount,
    }),
  ),
});
export type SalesByMonthResponse = z.infer<typeof SalesByMonthResponse>;
