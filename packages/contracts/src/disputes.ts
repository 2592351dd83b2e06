// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1 (issue 39): invoice disputes, their thread and attachments, dispute reasons, the disputes feed.
//
// Invoice disputes (issue 39, not in the spec; ADR 0034). A customer user says why an invoice (or some of its lines)
// will not be paid; the AR team (CanManageDisputes) works it to a resolution in a thread both sides see. Not the card
// chargebacks of issue 37 (payment-reversals.ts): those are the cardholder's bank's. Every dispute route answers 404 to
// anyone who may not see the dispute (another customer, another sold-to), exactly as to an id that does not exist.
import { z } from 'zod';
import { DecimalAmount, PayerData } from './ledger';
import { defineRoute } from './route';

/** open → in_review → resolved (with an outcome), or withdrawn by the customer before it is resolved. */
export const invoiceDisputeStatuses = ['open', 'in_review', 'resolved', 'withdrawn'] as const;
export const InvoiceDisputeStatus = z.enum(invoiceDisputeStatuses);
export type InvoiceDisputeStatus = z.infer<typeof InvoiceDisputeStatus>;

/** The statuses that hold the disputed amount back from reminders and AutoPay. */
export const activeInvoiceDisputeStatuses: readonly InvoiceDisputeStatus[] = ['open', 'in_review'];

export const disputeOutcomes = ['credit_issued', 'rejected', 'paid', 'withdrawn'] as const;
export const DisputeOutcome = z.enum(disputeOutcomes);
export type DisputeOutcome = z.infer<typeof DisputeOutcome>;

/** The reason for a dispute that fits none of the company code's dispute reasons. */
export const otherDisputeReason = 'OTHER';
/** Target days (the SLA) of a reason nobody configured, and of OTHER. */
export const defaultDisputeTargetDays = 14;
export const defaultOtherDisputeTargetDays = 30;
/** Invoice-payment reason codes that are never dispute reasons by default: partial payment, overpayment. */
export const nonDisputeReasonCodes: readonly string[] = ['PP', 'OP'];

export const disputeCommentMaxLength = 4000;
export const disputeAttachmentLimits = {
  maxFiles: 5,
  maxBytes: 10 * 1024 * 1024,
  types: ['application/pdf', 'image/png', 'image/jpeg'],
} as const;

/** Who wrote an entry of the thread: the customer's side or the supplier's (the AR team). */
export const DisputeSide = z.enum(['customer', 'supplier']);
export type DisputeSide = z.infer<typeof DisputeSide>;

// ---------------------------------------------------------------------------------------------------------------
// Dispute reasons (per company code; administrators set them in Settings → Collections)
// ---------------------------------------------------------------------------------------------------------------

export const DisputeReason = z.object({
  reason_code: z.string(),
  /** The ERP's description of the code (OTHER: empty, the screen translates it). */
  description: z.string(),
  /** Days from raising to the target date; past it an unresolved dispute is late. */
  target_days: z.number().int().min(1).max(365),
});
export type DisputeReason = z.infer<typeof DisputeReason>;

export const DisputeReasonsResponse = z.object({
  company_code: z.string(),
  /** The company code's dispute reasons, OTHER last. */
  reasons: z.array(DisputeReason),
  /** false: nobody saved them, these are the defaults. */
  configured: z.boolean(),
});
export type DisputeReasonsResponse = z.infer<typeof DisputeReasonsResponse>;

export const listDisputeReasons = defineRoute({
  method: 'GET',
  path: '/api/disputes/reasons',
  summary: "A company code's dispute reasons and their target days (any signed-in user: the raise form reads them).",
  querystring: z.object({ company_code: z.string().trim().min(1).max(10) }),
  response: DisputeReasonsResponse,
});

export const SaveDisputeReasonsRequest = z.object({
  /** Invoice-payment reason codes of the company code (OTHER is always there: give it to set its days). */
  reasons: z
    .array(z.object({ reason_code: z.string().trim().min(1).max(10), target_days: z.number().int().min(1).max(365) }))
    .max(50),
});
export type SaveDisputeReasonsRequest = z.input<typeof SaveDisputeReasonsRequest>;

export const saveDisputeReasons = defineRoute({
  method: 'PUT',
  path: '/api/disputes/reasons',
  permission: 'CanEditSystemConfig',
  summary: "Marks a company code's reason codes as dispute reasons, each with its target days.",
  querystring: z.object({ company_code: z.string().trim().min(1).max(10) }),
  body: SaveDisputeReasonsRequest,
  response: DisputeReasonsResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Raising one (the invoice list and detail; CanMakePayment or CanRaiseDisputes)
// ---------------------------------------------------------------------------------------------------------------

export const RaiseDisputeRequest = z.object({
  payer_data: PayerData,
  billing_document_number: z.string().trim().min(1).max(20),
  reason_code: z.string().trim().min(1).max(10),
  /** The disputed amount, in the invoice's currency: more than zero, at most its open amount. */
  amount: DecimalAmount,
  comment: z.string().trim().min(1).max(disputeCommentMaxLength),
  /** Some of the invoice's lines (item numbers), where it has lines; absent or empty: the whole invoice. */
  lines: z
    .array(z.object({ item_number: z.string().trim().min(1).max(10) }))
    .max(200)
    .optional(),
});
export type RaiseDisputeRequest = z.input<typeof RaiseDisputeRequest>;

export const raiseDispute = defineRoute({
  method: 'POST',
  path: '/api/invoice/disputes',
  successStatus: 201,
  summary:
    'Raises a dispute on an invoice the user sees (CanMakePayment or CanRaiseDisputes). One open dispute per invoice.',
  body: RaiseDisputeRequest,
  response: z.object({ id: z.string().uuid(), status: InvoiceDisputeStatus }),
});

// ---------------------------------------------------------------------------------------------------------------
// Reading and working them (both sides; the AR team with CanManageDisputes sees every one)
// ---------------------------------------------------------------------------------------------------------------

export const DisputeAttachment = z.object({
  id: z.string().uuid(),
  file_name: z.string(),
  content_type: z.enum(disputeAttachmentLimits.types),
  size: z.number().int(),
  side: DisputeSide,
  uploaded_by: z.string(),
  created_at: z.string(),
});
export type DisputeAttachment = z.infer<typeof DisputeAttachment>;

export const disputeEntryKinds = ['raised', 'message', 'status', 'assignment', 'attachment'] as const;

export const DisputeEntry = z.object({
  id: z.string(),
  kind: z.enum(disputeEntryKinds),
  side: DisputeSide,
  /** First and last name of who wrote it (the supplier's side: as the AR team member signed). */
  author: z.string(),
  /** Plain text, as typed: shown escaped, never as HTML. */
  body: z.string(),
  /** kind status: the new status and outcome; kind assignment: the assignee's name. */
  status: InvoiceDisputeStatus.nullable(),
  outcome: DisputeOutcome.nullable(),
  assignee: z.string().nullable(),
  attachment_id: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type DisputeEntry = z.infer<typeof DisputeEntry>;

export const DisputeSummary = z.object({
  id: z.string().uuid(),
  /** D-123: what both sides call it. */
  reference: z.string(),
  payer_data: PayerData,
  payer_name: z.string(),
  soldto_number: z.string(),
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  reason_code: z.string(),
  reason_description: z.string(),
  amount: DecimalAmount,
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  status: InvoiceDisputeStatus,
  outcome: DisputeOutcome.nullable(),
  assignee: z.object({ user_id: z.number().int(), name: z.string() }).nullable(),
  raised_by: z.string(),
  source: z.enum(['portal', 'payment']),
  created_at: z.string(),
  updated_at: z.string(),
  /** yyyy-mm-dd: raised + the reason's target days. */
  target_date: z.string(),
  /** Not resolved or withdrawn, and past its target date. */
  late: z.boolean(),
  /** Whole days since it was raised. */
  age_days: z.number().int().min(0),
});
export type DisputeSummary = z.infer<typeof DisputeSummary>;

export const Dispute = DisputeSummary.extend({
  /** The invoice's lines it names (empty: the whole invoice). */
  lines: z.array(z.object({ item_number: z.string(), description: z.string(), amount: DecimalAmount })),
  /** The invoice's open amount when it was raised. */
  open_amount: DecimalAmount,
  /** Resolved with credit issued: the credit note's number, and whether the ledger has that document yet. */
  credit_note: z.object({ number: z.string(), found: z.boolean() }).nullable(),
  /** How the ERP took it (ADR 0034): pending, recorded, not_supported (the ERP answered 501) or failed. */
  erp_status: z.enum(['pending', 'recorded', 'not_supported', 'failed']),
  thread: z.array(DisputeEntry),
  attachments: z.array(DisputeAttachment),
  /** What the reader may do now. */
  can: z.object({ message: z.boolean(), withdraw: z.boolean(), manage: z.boolean(), attach: z.boolean() }),
});
export type Dispute = z.infer<typeof Dispute>;

export const disputePageSize = 50;
export const disputeAgeFilters = ['0-7', '8-30', '31+'] as const;

export const DisputeFilters = z.object({
  status: InvoiceDisputeStatus.optional(),
  reason_code: z.string().trim().max(10).optional(),
  company_code: z.string().trim().max(10).optional(),
  /** An assignee's user id, or "none". */
  assignee: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.literal('none')]).optional(),
  age: z.enum(disputeAgeFilters).optional(),
  late: z.enum(['true']).optional(),
  /** The disputes of one invoice (the invoice detail). */
  billing_document_number: z.string().trim().max(20).optional(),
  /** The `next` of the page before. */
  after: z.string().max(200).optional(),
});
export type DisputeFilters = z.input<typeof DisputeFilters>;

export const listDisputes = defineRoute({
  method: 'GET',
  path: '/api/disputes',
  summary:
    "Disputes, newest first: the AR team's every one (CanManageDisputes), a customer's those of the invoices it sees.",
  querystring: DisputeFilters,
  response: z.object({ disputes: z.array(DisputeSummary), next: z.string().nullable() }),
});

const disputeParams = z.object({ id: z.string().uuid() });

export const getDispute = defineRoute({
  method: 'GET',
  path: '/api/disputes/:id',
  summary: 'One dispute with its thread and attachments.',
  params: disputeParams,
  response: Dispute,
});

export const UpdateDisputeRequest = z.object({
  /** The AR team: in_review or resolved (with an outcome); the customer: withdrawn only. */
  status: InvoiceDisputeStatus.optional(),
  outcome: DisputeOutcome.optional(),
  /** A user with CanManageDisputes, or null for nobody (the AR team only). */
  assignee: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** Goes into the thread with the change. */
  comment: z.string().trim().max(disputeCommentMaxLength).optional(),
  /** Resolved with credit issued: the credit note's document number. */
  credit_note_number: z.string().trim().max(20).optional(),
});
export type UpdateDisputeRequest = z.input<typeof UpdateDisputeRequest>;

export const updateDispute = defineRoute({
  method: 'PATCH',
  path: '/api/disputes/:id',
  summary: 'Changes the status (with an outcome when resolved), the assignee, or withdraws it (the customer).',
  params: disputeParams,
  body: UpdateDisputeRequest,
  response: Dispute,
});

export const PostDisputeMessageRequest = z.object({
  body: z.string().trim().min(1).max(disputeCommentMaxLength),
});

export const postDisputeMessage = defineRoute({
  method: 'POST',
  path: '/api/disputes/:id/messages',
  successStatus: 201,
  summary: "Adds a message to the thread; it is e-mailed to the other side in each reader's language.",
  params: disputeParams,
  body: PostDisputeMessageRequest,
  response: DisputeEntry,
});

export const uploadDisputeAttachments = defineRoute({
  method: 'POST',
  path: '/api/disputes/:id/attachments',
  successStatus: 201,
  summary:
    'Adds files (multipart/form-data, field "file"): PDF, PNG or JPEG by their bytes, 10 MB each, 5 per dispute. ' +
    'Images are re-encoded; PDFs with active content are refused.',
  params: disputeParams,
  response: z.object({ attachments: z.array(DisputeAttachment) }),
});

export const downloadDisputeAttachment = defineRoute({
  method: 'GET',
  path: '/api/disputes/:id/attachments/:attachmentId',
  download: 'image',
  summary: 'One attachment, always as a download (Content-Disposition: attachment), never shown inline.',
  params: z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() }),
  response: z.any(),
});

export const listDisputeAssignees = defineRoute({
  method: 'GET',
  path: '/api/disputes/assignees',
  permission: 'CanManageDisputes',
  summary: 'The users a dispute may be given to (CanManageDisputes, active).',
  response: z.object({ assignees: z.array(z.object({ user_id: z.number().int(), name: z.string() })) }),
});

// ---------------------------------------------------------------------------------------------------------------
// The disputes feed (the supplier's systems; API key scope disputes:read)
// ---------------------------------------------------------------------------------------------------------------

export const disputeEventTypes = ['dispute.opened', 'dispute.updated', 'dispute.resolved'] as const;
export const DisputeEventType = z.enum(disputeEventTypes);
export type DisputeEventType = z.infer<typeof DisputeEventType>;

export const FeedDispute = z.object({
  id: z.string().uuid(),
  reference: z.string(),
  company_code: z.string(),
  payer_number: z.string(),
  soldto_number: z.string(),
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  fiscal_year: z.string(),
  line_item: z.string(),
  reason_code: z.string(),
  amount: DecimalAmount,
  currency: z.string(),
  status: InvoiceDisputeStatus,
  outcome: DisputeOutcome.nullable(),
  credit_note_number: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedDispute = z.infer<typeof FeedDispute>;

export const FeedDisputeEvent = z.object({
  /** The position in the feed (what `after` takes). */
  cursor: z.string(),
  /** The webhook-id the same event was sent with. */
  id: z.string(),
  type: DisputeEventType,
  at: z.string(),
  dispute: FeedDispute,
});
export type FeedDisputeEvent = z.infer<typeof FeedDisputeEvent>;

export const readDisputeFeed = defineRoute({
  method: 'GET',
  path: '/api/ledger/disputes',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'disputes:read',
  summary: 'The disputes feed: every dispute event in commit order after the cursor. Follow `next`.',
  querystring: z.object({
    after: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  }),
  response: z.object({ items: z.array(FeedDisputeEvent), next: z.string() }),
});
