// The ERP contract over HTTP (issue 28): one operation per method of the portal's ErpConnector, with the
// specification's wire shapes, so that an integrator can put any ERP behind the portal. The portal's HTTP connector
// calls it, the reference service (`npm run erp:serve`) serves the built-in ledger over it, the conformance kit checks
// an implementation against it, and docs/erp-api.yaml (OpenAPI 3.1) is generated from this file.
import { z } from 'zod';
import { OpenItem, OpenItemsRequest, SalesByMonthRequest, SalesByMonthResponse } from './collections';
import { HeaderAccountsRequest, HeaderAccountsResponse, PayerDetailResponse, PayerRequest } from './customers';
import { DisputeOutcome, disputeCommentMaxLength, InvoiceDisputeStatus } from './disputes';
import {
  InvoiceDetailRequest,
  InvoiceDetailResponse,
  InvoiceSearchRequest,
  InvoiceSearchResponse,
  InvoiceTotalsRequest,
  InvoiceAgingRequest,
  InvoiceAgingResponse,
  InvoiceTotalsResponse,
} from './invoices';
import {
  BackendConfiguration,
  DecimalAmount,
  ErpStatus,
  LedgerDocument,
  PayerData,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
} from './ledger';
import { ManagePaymentsRequest, ManagePaymentsResponse, PaymentCard } from './payment-methods';
import { PaymentHistoryRequest, PaymentHistoryResponse } from './payments';
import {
  StatementLinesRequest,
  StatementMovement,
  StatementOpeningRequest,
  StatementOpeningResponse,
} from './statements';

export const erpApiVersion = '1.0.0';
/** Every operation's path starts here; a breaking change of the contract gets a new prefix. */
export const erpApiPrefix = '/erp/v1';

/** An amount in the currency's minor units (cents), as a decimal integer string: JSON numbers lose precision. */
export const MinorUnits = z.string().regex(/^-?\d{1,18}$/, 'integer string');

const PaymentDocument = z.object({
  /** The portal's key of the document (company code|fiscal year|finance number...), as the ERP answered it. */
  document_key: z.string().min(1).max(200),
  amount_minor: MinorUnits,
  reason_code: z.string().max(10),
  comment: z.string().max(500),
});

/** One payment for the ERP to post (S), or a declined attempt to record (E): tokens and references, never a number. */
export const ErpPaymentPosting = z.object({
  /** The portal's payment intent id: the ERP posts one reference once (the Idempotency-Key carries it too). */
  posting_reference: z.string().min(1).max(64),
  log_id: z.enum(['POST_INVOICE', 'POST_DEPOSIT']),
  message_type: z.enum(['S', 'E']),
  message_line_string: z.string().max(500),
  payer_data: PayerData,
  soldto_number: z.string().max(20),
  currency_key: z.string().min(1).max(5),
  amount_minor: MinorUnits,
  payment_card_token: z.string().max(100),
  payment_card_type: z.string().max(10),
  authorization_reference: z.string().max(100),
  order_number: z.string().max(100),
  login: z.string().max(320),
  /** The moment of the posting (ISO 8601, UTC); its day is the posting date. */
  posted_at: z.iso.datetime(),
  /** Invoice payments: what to apply to each document. Empty for a deposit (a payment on account). */
  documents: z.array(PaymentDocument).max(1000),
  reference_number: z.string().max(100),
  reason_code: z.string().max(10),
  comment: z.string().max(500),
});
export type ErpPaymentPosting = z.infer<typeof ErpPaymentPosting>;

export const ErpPostingResult = z.object({
  message_type: z.enum(['S', 'E']),
  /** The ERP's payment document (finance number); empty for E. */
  payment_document_number: z.string(),
  /** The credit document made of an over-payment; empty when none. */
  credit_document_number: z.string(),
  documents: z.array(
    z.object({
      document_key: z.string(),
      document_number_finance: z.string(),
      billing_document_number: z.string(),
      applied_minor: MinorUnits,
      open_after_minor: MinorUnits,
    }),
  ),
  /** true when this posting_reference had been posted before: nothing changed now. */
  replayed: z.boolean(),
});
export type ErpPostingResult = z.infer<typeof ErpPostingResult>;

/**
 * Issue 37: a reversal of (part of) a posted payment: a refund, a returned bank debit or a chargeback. The ERP reopens
 * what the payment paid, once per reversal_reference.
 */
export const ErpPaymentReversal = z.object({
  /** The portal's reversal id: the ERP reverses one reference once (the Idempotency-Key carries it too). */
  reversal_reference: z.string().min(1).max(64),
  /** The posting_reference of the payment to reverse. */
  posting_reference: z.string().min(1).max(64),
  kind: z.enum(['refund', 'return', 'chargeback']),
  currency_key: z.string().min(1).max(5),
  /** What to reverse (> 0), at most what is left of the payment. */
  amount_minor: MinorUnits,
  /**
   * How much of it per document the payment paid (at most amount_minor in all). The rest (all of it when empty): what
   * went on account first, then the documents the payment paid, the last one first, then a debit on account.
   */
  documents: z.array(z.object({ document_key: z.string().min(1).max(200), amount_minor: MinorUnits })).max(1000),
  /** A refund's reason, a return code (R01, AM04...) or a dispute's reason: kept on the documents reopened. */
  reason_code: z.string().max(40),
  reason_text: z.string().max(500),
  login: z.string().max(320),
  /** The moment of the reversal (ISO 8601, UTC); its day is the reversal's posting date. */
  reversed_at: z.iso.datetime(),
});
export type ErpPaymentReversal = z.infer<typeof ErpPaymentReversal>;

export const ErpReversalResult = z.object({
  /** S: reversed (or reversed before: replayed); E: refused (unknown payment, more than is left), nothing changed. */
  message_type: z.enum(['S', 'E']),
  message_line_string: z.string(),
  /** The ERP's reversal document (finance number); empty for E. */
  reversal_document_number: z.string(),
  /** Per document the reversal reopened: what it gave back and what is open after. */
  documents: z.array(
    z.object({
      document_key: z.string(),
      document_number_finance: z.string(),
      billing_document_number: z.string(),
      reopened_minor: MinorUnits,
      open_after_minor: MinorUnits,
    }),
  ),
  /** true when this reversal_reference had been reversed before: nothing changed now. */
  replayed: z.boolean(),
});
export type ErpReversalResult = z.infer<typeof ErpReversalResult>;

export const ErpPayableDocumentsRequest = z.object({
  payer_data: PayerData,
  document_keys: z.array(z.string().min(1).max(200)).max(1000),
});
export type ErpPayableDocumentsRequest = z.infer<typeof ErpPayableDocumentsRequest>;

export const ErpDocumentsResponse = z.object({ documents: z.array(LedgerDocument) });

export const ErpInvoicePdfRequest = z.object({
  payer_data: PayerData,
  /** The sold-tos the documents must belong to; empty means any of the customer's. */
  soldto_data: z.array(z.string().max(20)).max(1000),
  billing_document_numbers: z.array(z.string().min(1).max(64)).min(1).max(1000),
  /** The reader's language (en, fr, de, es, it, ja, pt, ru): a PDF the ERP renders may be written in it. */
  language: z.string().max(5).optional(),
});
export type ErpInvoicePdfRequest = z.infer<typeof ErpInvoicePdfRequest>;

/** The header of a PDF answer naming the documents the file holds, in order, comma-separated. */
export const erpPdfDocumentsHeader = 'erp-billing-document-numbers';

export const ErpPaymentCardsRequest = z.object({ payer_data: PayerData });
export const ErpPaymentCardsResponse = z.object({ status: ErpStatus, payment_cards: z.array(PaymentCard) });

/** The path of PUT /disputes/{dispute_id}: the portal's dispute id (a UUID), the case's key in the ERP. */
export const ErpDisputeCaseParams = z.object({ dispute_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'dispute id') });

/**
 * Issue 39 (ADR 0034): a portal dispute as the ERP's dispute case (SAP's FSCM dispute case is the model): the invoice
 * it is about, the reason, the disputed amount and where it stands. Sent after each change of the dispute, whole: the
 * same dispute_id again updates the case.
 */
export const ErpDisputeCase = z
  .object({
    company_code: z.string().min(1).max(10),
    payer_number: z.string().min(1).max(20),
    soldto_number: z.string().max(20),
    billing_document_number: z.string().max(20),
    document_number_finance: z.string().min(1).max(20),
    fiscal_year: z.string().max(4),
    line_item: z.string().max(6),
    /** The dispute reason: an invoice-payment reason code of the company code, or OTHER. */
    reason_code: z.string().min(1).max(10),
    /** The disputed amount (decimal string in the currency's decimals, more than zero). */
    amount: DecimalAmount,
    currency: z.string().min(1).max(5),
    status: InvoiceDisputeStatus,
    /** '' until the dispute is resolved or withdrawn. */
    outcome: z.union([DisputeOutcome, z.literal('')]),
    /** Resolved with credit issued: the credit note's document number; else ''. */
    credit_note_number: z.string().max(20),
    /** The latest entry of the dispute's thread with a text (plain text, as typed). */
    comment: z.string().max(disputeCommentMaxLength),
  })
  .meta({
    description:
      "A portal dispute (issue 39) as the ERP's dispute case: the invoice, the reason, the disputed amount (a decimal " +
      "string in the currency's decimals), the status and outcome ('' until resolved or withdrawn), the credit note of " +
      "an outcome credit_issued ('' otherwise) and the thread's latest text. Sent whole after each change.",
  });
export type ErpDisputeCase = z.infer<typeof ErpDisputeCase>;

export const ErpDisputeCaseResult = z.object({
  /** The ERP's own number of the case (the built-in ledger: DC and ten digits), the same for every update. */
  case_id: z.string().min(1).max(40),
  /** The case's status as the ERP keeps it now. */
  status: InvoiceDisputeStatus,
});
export type ErpDisputeCaseResult = z.infer<typeof ErpDisputeCaseResult>;

/** Every refusal and failure: the ERP's message type and text (the portal shows neither to customers verbatim). */
export const ErpErrorBody = z.object({
  message_type: z.enum(['E', 'A']),
  message_line_string: z.string(),
  /**
   * A stable code: unauthorized, invalid_request, not_found, idempotency_conflict, not_implemented (501, an optional
   * operation the ERP does not offer), unavailable, internal.
   */
  code: z.string(),
});
export type ErpErrorBody = z.infer<typeof ErpErrorBody>;

export type ErpOperation = {
  /** PUT: idempotent by its path (the same resource again replaces it), so the portal may retry it like a read. */
  method: 'GET' | 'POST' | 'PUT';
  /** Under erpApiPrefix; {name} is a path parameter of `params`. */
  path: string;
  params?: z.ZodObject;
  summary: string;
  /** Called for a page view: its answer is on the user's screen's critical path. */
  hot: boolean;
  /** The p95 an implementation should keep to (ms), measured at the portal. */
  budgetMs: number;
  /** Changes the ERP: sent with an Idempotency-Key; a repeat with the same key answers the first result. */
  write?: boolean;
  /**
   * An ERP may leave it out: it then answers 501 with the error body (code not_implemented), and the portal goes on
   * without it (a dispute case: the dispute is marked not_supported).
   */
  optional?: boolean;
  body?: z.ZodType;
  /** json: the schema's body; pdf: application/pdf with erpPdfDocumentsHeader; ndjson: one document per line. */
  answer: { kind: 'json'; schema: z.ZodType } | { kind: 'pdf' } | { kind: 'ndjson'; schema: z.ZodType };
};

/** The contract, in ErpConnector's order of methods. */
export const erpOperations = {
  getHeaderAccounts: {
    method: 'POST',
    path: '/header-accounts',
    summary: "The header's primary accounts of a user's linked accounts, each with its secondary accounts.",
    hot: true,
    budgetMs: 50,
    body: HeaderAccountsRequest,
    answer: { kind: 'json', schema: HeaderAccountsResponse },
  },
  getPayer: {
    method: 'POST',
    path: '/payer',
    summary: 'Address and phones of a customer; status E and detail null when unknown.',
    hot: true,
    budgetMs: 50,
    body: PayerRequest,
    answer: { kind: 'json', schema: PayerDetailResponse },
  },
  getBackendConfiguration: {
    method: 'GET',
    path: '/configuration',
    summary: 'Company codes, payment types, reason codes, currencies, payment provider and card settings.',
    hot: false,
    budgetMs: 500,
    answer: { kind: 'json', schema: BackendConfiguration },
  },
  searchDocuments: {
    method: 'POST',
    path: '/documents/search',
    summary: 'Documents of the payer (or payer-all group) for the given sold-tos, by due date descending, one page.',
    hot: true,
    budgetMs: 100,
    body: SearchDocumentsRequest,
    answer: { kind: 'json', schema: SearchDocumentsResponse },
  },
  searchInvoices: {
    method: 'POST',
    path: '/invoices/search',
    summary: 'The invoice list: a page in the asked sort with the found count (exact up to the cap).',
    hot: true,
    budgetMs: 100,
    body: InvoiceSearchRequest,
    answer: { kind: 'json', schema: InvoiceSearchResponse },
  },
  streamInvoices: {
    method: 'POST',
    path: '/invoices/export',
    summary: 'Every document of a search in its sort order (exports), as NDJSON: one LedgerDocument per line.',
    hot: false,
    budgetMs: 60_000,
    body: InvoiceSearchRequest,
    answer: { kind: 'ndjson', schema: LedgerDocument },
  },
  getInvoiceTotals: {
    method: 'POST',
    path: '/invoices/totals',
    summary: 'The totals cards per currency of the accounts.',
    hot: true,
    budgetMs: 50,
    body: InvoiceTotalsRequest,
    answer: { kind: 'json', schema: InvoiceTotalsResponse },
  },
  getInvoiceAging: {
    method: 'POST',
    path: '/invoices/aging',
    summary:
      'Open invoices per currency by days past due (current, 1-30, 31-60, 61-90, 90+), adding up to the totals cards.',
    hot: true,
    budgetMs: 50,
    body: InvoiceAgingRequest,
    answer: { kind: 'json', schema: InvoiceAgingResponse },
  },
  getStatementOpening: {
    method: 'POST',
    path: '/statements/opening',
    summary:
      'Per currency with a balance or a movement in the period: the balance at the end of the day before date_from.',
    hot: false,
    budgetMs: 500,
    body: StatementOpeningRequest,
    answer: { kind: 'json', schema: StatementOpeningResponse },
  },
  streamStatementLines: {
    method: 'POST',
    path: '/statements/lines',
    summary: 'The movements of one currency in the period in date order, as NDJSON: one StatementMovement per line.',
    hot: false,
    budgetMs: 60_000,
    body: StatementLinesRequest,
    answer: { kind: 'ndjson', schema: StatementMovement },
  },
  getInvoiceDetail: {
    method: 'POST',
    path: '/invoices/detail',
    summary: 'One invoice or credit of the customer; status E and detail null when the customer has no such document.',
    hot: true,
    budgetMs: 100,
    body: InvoiceDetailRequest,
    answer: { kind: 'json', schema: InvoiceDetailResponse },
  },
  renderInvoicePdf: {
    method: 'POST',
    path: '/invoices/pdf',
    summary: 'The PDFs of these documents of the customer as one file, in order; 404 when it has none of them.',
    hot: true,
    budgetMs: 500,
    body: ErpInvoicePdfRequest,
    answer: { kind: 'pdf' },
  },
  getPaymentCards: {
    method: 'POST',
    path: '/payment-cards',
    summary: "The payer's saved cards and e-checks: tokens, brand, last four, validity; never a number.",
    hot: true,
    budgetMs: 50,
    body: ErpPaymentCardsRequest,
    answer: { kind: 'json', schema: ErpPaymentCardsResponse },
  },
  managePaymentCards: {
    method: 'POST',
    path: '/payment-cards/manage',
    summary: 'Add (01), modify (02) or delete (03) one card or e-check of the payer.',
    hot: false,
    budgetMs: 200,
    write: true,
    body: ManagePaymentsRequest,
    answer: { kind: 'json', schema: ManagePaymentsResponse },
  },
  getPayableDocuments: {
    method: 'POST',
    path: '/documents/payable',
    summary: "The payer's documents with these keys as they are now; keys of another payer are left out.",
    hot: true,
    budgetMs: 100,
    body: ErpPayableDocumentsRequest,
    answer: { kind: 'json', schema: ErpDocumentsResponse },
  },
  postPayment: {
    method: 'POST',
    path: '/payments',
    summary: 'Posts a payment (S) or records a declined attempt (E), once per posting_reference.',
    hot: true,
    budgetMs: 300,
    write: true,
    body: ErpPaymentPosting,
    answer: { kind: 'json', schema: ErpPostingResult },
  },
  reversePayment: {
    method: 'POST',
    path: '/payments/reversals',
    summary:
      'Reverses (all or part of) a posted payment: a refund, a returned debit or a chargeback; once per reference.',
    hot: false,
    budgetMs: 300,
    write: true,
    body: ErpPaymentReversal,
    answer: { kind: 'json', schema: ErpReversalResult },
  },
  streamOpenItems: {
    method: 'POST',
    path: '/collections/open-items',
    summary: "Issue 38: every account's open invoices due by a day, in payer order, as NDJSON: one OpenItem per line.",
    hot: false,
    budgetMs: 300_000,
    body: OpenItemsRequest,
    answer: { kind: 'ndjson', schema: OpenItem },
  },
  getSalesByMonth: {
    method: 'POST',
    path: '/collections/sales',
    summary: 'Issue 38: invoiced per company code, currency and month (the count-back DSO of the collections figures).',
    hot: false,
    budgetMs: 10_000,
    body: SalesByMonthRequest,
    answer: { kind: 'json', schema: SalesByMonthResponse },
  },
  recordDisputeCase: {
    method: 'PUT',
    path: '/disputes/{dispute_id}',
    summary:
      "Issue 39, optional: records a portal dispute as the ERP's dispute case, or updates the case of the same " +
      'dispute_id; answers its case id. 501 when the ERP keeps no dispute cases.',
    hot: false,
    budgetMs: 1_000,
    optional: true,
    params: ErpDisputeCaseParams,
    body: ErpDisputeCase,
    answer: { kind: 'json', schema: ErpDisputeCaseResult },
  },
  searchPayments: {
    method: 'POST',
    path: '/payments/history',
    summary: 'Payments (S) and declined attempts (E) of the accounts, newest first.',
    hot: true,
    budgetMs: 100,
    body: PaymentHistoryRequest,
    answer: { kind: 'json', schema: PaymentHistoryResponse },
  },
} as const satisfies Record<string, ErpOperation>;

export type ErpOperationName = keyof typeof erpOperations;
