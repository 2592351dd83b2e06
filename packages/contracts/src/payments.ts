// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1: pay invoices (POST /api/invoice/payments, Idempotency-Key), payment history (GetPaymentsHistory and its
//   exports), the back-end configuration the pay page reads.
//
// Paying invoices (spec invoices-and-payments §2 Payment page / status page / Payment history, §3 payment request
// and result, §4 payment flow and 3-D Secure, §5 pay amount and checks 1-8, §7 /api/invoice/payments and
// /api/PaymentsHistory/GetPaymentsHistory). Exactly-once: every pay request carries an `Idempotency-Key` header
// (apps/server/src/http/idempotency.ts); the server writes a payment intent before it calls the gateway and posts
// the ledger once (apps/server/src/modules/payments/).
import { z } from 'zod';
import { moneyBackStatuses, reversalKinds } from './payment-reversals';
import { BackendConfiguration, DecimalAmount, ErpDate, ErpStatus, PayerData, SearchDocumentsRequest } from './ledger';
import { PaymentCardType, PaymentToken } from './payment-methods';
import { defineRoute } from './route';
import { PaymentCause, ScheduledPaymentAnswer } from './scheduled-payments';

// ---------------------------------------------------------------------------------------------------------------
// Pay invoices: POST /api/invoice/payments
// ---------------------------------------------------------------------------------------------------------------

/** Log ids of the payment calls (spec §7). */
export const paymentLogIds = ['POST_INVOICE', 'POST_DEPOSIT'] as const;

export const PostingLog = z.object({
  id: z.enum(paymentLogIds),
  /** Filled by the server from the session; whatever the browser sends is ignored. */
  login: z.string().max(320).optional(),
  epayv: z.string().max(40).optional(),
  usrag: z.string().max(400).optional(),
});
export type PostingLog = z.infer<typeof PostingLog>;

/**
 * How the payment is made: a saved or session card or e-check of the payer (its gateway token). The CVV travels
 * to the server only to be checked (spec §5 check 4) and handed to the gateway: it is never stored, logged or
 * part of the idempotency hash.
 */
export const PaymentDetail = z.object({
  payment_card_token: PaymentToken,
  payment_card_type: PaymentCardType,
  card_validation_code: z.string().max(4).regex(/^\d*$/, 'digits').optional(),
  /**
   * spec §4 3-D Secure: the access token of the TO step the card went through (the ?id= of the return address).
   * Required when 3-D Secure applies to the card (secure_3ds_enabled X, the company code not disable_3ds, not
   * AMEX, not an e-check); the server asks the gateway that the step passed for this token.
   */
  three_ds_access_token: z.string().max(200).optional(),
});
export type PaymentDetail = z.infer<typeof PaymentDetail>;

/** spec §3: one document of the payment request. */
export const PaymentDocument = z.object({
  document_number_finance: z.string().min(1).max(20),
  line_item_in_the_relevant_invoice: z.string().max(6),
  fiscal_year_of_the_relevant_invoice: z.string().max(4),
  /** The open amount the page showed: the server refuses (DOCUMENT_CHANGED) when the ledger has moved since. */
  open_amount: DecimalAmount,
  amount_to_process: z.string().max(30),
  currency_key: z.string().max(5),
  reason_code: z.string().max(10).default(''),
  comment: z.string().max(250).default(''),
  reference_number: z.string().max(40).default(''),
  billing_document_number: z.string().max(20).default(''),
  document_date: ErpDate.optional(),
});
export type PaymentDocument = z.input<typeof PaymentDocument>;

export const maxDocumentsPerPayment = 200;

export const PayInvoicesRequest = z.object({
  payer_data: PayerData,
  soldto: z.object({ account_number: z.string().max(20) }),
  payment_detail: PaymentDetail,
  documents: z.array(PaymentDocument).min(1).max(maxDocumentsPerPayment),
  currency_key: z.string().min(3).max(5),
  currency_decimals: z.number().int().min(0).max(3),
  log: PostingLog,
  /**
   * Issue 29 "Pay on": a day from today up to the latest due date of the documents (or today + the configured
   * horizon when all are due). The request is checked and stored, not charged: the answer is
   * ScheduledPaymentAnswer. Needs a saved method; scheduling must be on for the company code.
   */
  scheduled_date: ErpDate.optional(),
});
export type PayInvoicesRequest = z.input<typeof PayInvoicesRequest>;

/** spec §3 "Payment result per document". */
export const PaymentResult = z.object({
  index_number: z.number().int().min(0),
  document_number_finance: z.string(),
  billing_document_number: z.string(),
  /** S success, E error. */
  message_type: z.enum(['S', 'E']),
  message_line_string: z.string(),
  authorization_reference_code: z.string(),
  authorization_amount: DecimalAmount,
  currency_key: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/**
 * posted: the gateway approved and the ledger holds the payment. declined: nothing was charged or posted.
 * pending: the gateway's answer is not known yet (a time-out); the invoices show "in process" until the reconciler
 * settles the payment, which it does once, from the gateway's own record.
 */
/**
 * posted: paid and in the ledger. declined: nothing was taken. pending: being confirmed (the outcome is known soon).
 * processing: a bank debit the provider has started, posted when the bank confirms it (days). requires_action: the
 * issuer wants the payer to authenticate (`next_action`), then the same request is sent again with its key.
 */
export const PaymentState = z.enum(['posted', 'declined', 'pending', 'processing', 'requires_action']);
export type PaymentState = z.infer<typeof PaymentState>;

export const PaymentSummary = z.object({
  state: PaymentState,
  /** The payment document of the ledger (empty unless posted). */
  payment_document_number: z.string(),
  /** The order number sent to the gateway: what customer service asks for. */
  reference_code: z.string(),
  payment_card_type: PaymentCardType,
  /** Brand and last four, e.g. "VISA •••• 1111". */
  payment_method_label: z.string(),
  /** ISO 8601 time the portal processed the payment. */
  processed_at: z.string(),
  total_amount: DecimalAmount,
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  /** requires_action: what the provider's browser component needs to let the payer authenticate. */
  next_action: z
    .object({ provider: z.enum(['sandbox', 'stripe']), client_secret: z.string(), publishable_key: z.string() })
    .optional(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

/** spec §7 "status list and payed list": success when any status is S. */
export const PayInvoicesResponse = z.object({
  status: z.array(PaymentResult),
  payment: PaymentSummary,
});
export type PayInvoicesResponse = z.infer<typeof PayInvoicesResponse>;

/** Paid now (PayInvoicesResponse), or stored for its day (issue 29: { status: 'scheduled', id }). */
export const PayInvoicesAnswer = z.union([PayInvoicesResponse, ScheduledPaymentAnswer]);
export type PayInvoicesAnswer = z.infer<typeof PayInvoicesAnswer>;

export const payInvoices = defineRoute({
  method: 'POST',
  path: '/api/invoice/payments',
  permission: 'CanMakePayment',
  summary:
    'Pay selected invoices with a saved or session card or e-check, now or on a scheduled_date. Needs an ' +
    'Idempotency-Key header: the same key and body replays the answer, another body is refused (422), a key in ' +
    'flight answers 409.',
  body: PayInvoicesRequest,
  response: PayInvoicesAnswer,
});

// ---------------------------------------------------------------------------------------------------------------
// Payment history: POST /api/PaymentsHistory/GetPaymentsHistory
// ---------------------------------------------------------------------------------------------------------------

/** The invoices one payment settled (spec §3 "results come as document_list entries each with sd_invoices"). */
export const PaymentHistoryInvoice = z.object({
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  document_date: ErpDate,
  due_date: ErpDate,
  reference_number: z.string(),
  total_amount: DecimalAmount,
  /** What this payment paid on the invoice. */
  current_paid_amount: DecimalAmount,
  /** The invoice's open amount after this payment. */
  open_amount: DecimalAmount,
  reason_code: z.string(),
  comment: z.string(),
});
export type PaymentHistoryInvoice = z.infer<typeof PaymentHistoryInvoice>;

/** spec §3 "Payment history row". */
export const PaymentHistoryEntry = z.object({
  document_number_finance: z.string(),
  document_date: ErpDate,
  payer_number: z.string(),
  soldto_number: z.string(),
  company_code: z.string(),
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  /** The amount of the payment (the sum of current_paid_amount, plus what went on account). */
  current_paid_amount: DecimalAmount,
  payment_card_token: z.string(),
  payment_card_type: z.string(),
  authorization_reference_code: z.string(),
  /** S success (green), E error (red). */
  message_type: z.enum(['S', 'E']),
  message_line_string: z.string(),
  /** POST_INVOICE or POST_DEPOSIT. */
  log_id: z.string(),
  sd_invoices: z.array(PaymentHistoryInvoice),
  /**
   * Issue 29, added by the portal (not the ERP): a payment a job made, and why: on the day the user scheduled, or
   * by AutoPay. Absent for payments made by hand and those made outside the portal.
   */
  cause: PaymentCause.optional(),
  /**
   * Issue 37, added by the portal: what came back of a payment the portal took (refunds, a returned debit, a dispute),
   * with each event's amount and day. Absent when nothing came back, and for payments made outside the portal.
   */
  money_back: z
    .object({
      status: z.enum(moneyBackStatuses),
      refunded_amount: DecimalAmount,
      returned_amount: DecimalAmount,
      charged_back_amount: DecimalAmount,
      events: z.array(
        z.object({
          kind: z.enum(reversalKinds),
          amount: DecimalAmount,
          /** ISO day. */
          date: z.string(),
          return_code: z.string(),
        }),
      ),
    })
    .optional(),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntry>;

/** The search request with document type Payment (spec §7); the period filter defaults to 30 days in the web. */
export const PaymentHistoryRequest = SearchDocumentsRequest;
export type PaymentHistoryRequest = z.input<typeof PaymentHistoryRequest>;

export const PaymentHistoryResponse = z.object({
  status: ErpStatus,
  data: z.object({ document_list: z.array(PaymentHistoryEntry) }),
  next_cursor: z.string().nullable(),
  found_count: z.number().int().min(0),
  found_count_capped: z.boolean(),
});
export type PaymentHistoryResponse = z.infer<typeof PaymentHistoryResponse>;

export const getPaymentsHistory = defineRoute({
  method: 'POST',
  path: '/api/PaymentsHistory/GetPaymentsHistory',
  summary: 'Payments made on an account (successes and errors), newest first, with the invoices each one settled.',
  body: PaymentHistoryRequest,
  response: PaymentHistoryResponse,
});

/** The history's export: the same search (without paging) as a file of every matching payment. */
export const PaymentHistoryExportRequest = PaymentHistoryRequest;
export type PaymentHistoryExportRequest = z.input<typeof PaymentHistoryExportRequest>;

export const paymentsHistoryExcel = defineRoute({
  method: 'POST',
  path: '/api/PaymentsHistory/payments-excel',
  download: 'xlsx',
  summary: 'Every payment of a payment-history search as an .xlsx file (PaymentHistory.xlsx).',
  body: PaymentHistoryExportRequest,
  response: z.any(),
});

export const paymentsHistoryCsv = defineRoute({
  method: 'POST',
  path: '/api/PaymentsHistory/payments-csv',
  download: 'csv',
  summary: 'Every payment of a payment-history search as a UTF-8 CSV file (PaymentHistory.csv).',
  body: PaymentHistoryExportRequest,
  response: z.any(),
});

export const paymentHistoryExportFileNames = { xlsx: 'PaymentHistory.xlsx', csv: 'PaymentHistory.csv' } as const;

// ---------------------------------------------------------------------------------------------------------------
// The back-end configuration the pay page reads (spec §3 "Configuration read by these screens")
// ---------------------------------------------------------------------------------------------------------------

export const backendConfiguration = defineRoute({
  method: 'GET',
  path: '/api/configuration/backend',
  summary:
    'Company codes, payment types, reason codes, currency decimals, 3-D Secure provider settings and card ' +
    'pre-authorisation amounts (no secrets).',
  response: BackendConfiguration,
});
