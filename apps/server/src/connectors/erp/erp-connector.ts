// The portal's only door to the ERP (DESIGN.md §1). The built-in ledger implements it in-process; an HTTP
// connector to an SAP middleware would send the same wire shapes. Later issues add invoice detail, PDFs,
// payments, deposits and payment cards.
import type { Language } from '@portal/i18n';
import type { Db } from '../../db/client';
import type {
  BackendConfiguration,
  HeaderAccountsRequest,
  ErpStatus,
  HeaderAccountsResponse,
  InvoiceDetailRequest,
  InvoiceDetailResponse,
  InvoiceSearchRequest,
  InvoiceSearchResponse,
  InvoiceTotalsRequest,
  InvoiceAgingRequest,
  InvoiceAgingResponse,
  InvoiceTotalsResponse,
  LedgerDocument,
  ManagePaymentsRequest,
  ManagePaymentsResponse,
  PaymentCard,
  PayerData,
  PayerDetailResponse,
  PayerRequest,
  PaymentHistoryRequest,
  PaymentHistoryResponse,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
  StatementLinesRequest,
  StatementMovement,
  StatementOpeningRequest,
  StatementOpeningResponse,
  OpenItem,
  OpenItemsRequest,
  SalesByMonthRequest,
  SalesByMonthResponse,
} from '@portal/contracts';
import type { ErpDisputeCase, ErpDisputeCaseResult } from '@portal/contracts/erp-api';

export type ErpConnector = {
  /**
   * The header's primary accounts for a user's linked accounts, each with its secondary accounts (DropDownItems):
   * SoldTo itself; Payer its sold-tos; PayerAll the sold-tos of every payer in the group. Links the ERP does not
   * know (or in another company code or sales area) are left out.
   */
  getHeaderAccounts: (request: HeaderAccountsRequest) => Promise<HeaderAccountsResponse>;
  /** POST /api/customer/payer: address and phones of a customer; status E and detail null when unknown. */
  getPayer: (request: PayerRequest) => Promise<PayerDetailResponse>;
  /**
   * Company codes, payment types, reason codes, currencies, payment provider and card settings. `fresh`: asked of the ERP now, not answered from what a remote connector keeps while the ERP is down (the
   * Application tab's connection status must tell the truth).
   */
  getBackendConfiguration: (options?: { fresh?: boolean }) => Promise<BackendConfiguration>;
  /**
   * POST /api/Invoice: documents of the payer (or of every payer of a payer-all group) for the given sold-tos,
   * sorted by due date descending then id, one page at a time. The caller has checked that the user may see
   * these accounts: the connector trusts payer_data and soldto_data.
   */
  searchDocuments: (request: SearchDocumentsRequest) => Promise<SearchDocumentsResponse>;
  /**
   * POST /api/Invoice with a server-side sort and the found count (exact up to the cap, counted with LIMIT cap + 1).
   * Same trust as searchDocuments. A customer number that is only a sold-to stands for its own documents.
   */
  searchInvoices: (request: InvoiceSearchRequest) => Promise<InvoiceSearchResponse>;
  /** Every document of a search in its sort order, in batches (exports): flat memory, keyset-paged inside. */
  streamInvoices: (request: InvoiceSearchRequest) => AsyncIterable<LedgerDocument[]>;
  /** The totals cards per currency from the maintained account balances (refreshed once a day). */
  getInvoiceTotals: (request: InvoiceTotalsRequest) => Promise<InvoiceTotalsResponse>;
  /**
   * Issue 29: the open invoices per currency by days past due on the totals' as_of day, one entry per currency of
   * the totals. current equals the due card, the past-due buckets add up to the past due card. Same trust as totals.
   */
  getInvoiceAging: (request: InvoiceAgingRequest) => Promise<InvoiceAgingResponse>;
  /**
   * POST /api/invoice/detail: one invoice or credit of the customer (payer, payer-all group or sold-to);
   * status E and detail null when the customer has no such document.
   */
  getInvoiceDetail: (request: InvoiceDetailRequest) => Promise<InvoiceDetailResponse>;
  /** The invoice PDFs of these documents of the customer, as one file in the given order (pdf null: none found). */
  renderInvoicePdf: (request: InvoicePdfRenderRequest) => Promise<InvoicePdfRenderResult>;
  /** The payer's saved cards and e-checks (tokens, brand, last four, validity; never a number). */
  getPaymentCards: (request: { payer_data: PayerData }) => Promise<{ status: ErpStatus; payment_cards: PaymentCard[] }>;
  /**
   * Manage payments (spec §7): action 01 add, 02 modify, 03 delete one card or e-check of the payer. Status S, or E
   * with message_number 074 (already exists for this payer) or 076 (assigned to another account).
   */
  managePaymentCards: (request: ManagePaymentsRequest) => Promise<ManagePaymentsResponse>;
  /**
   * The payer's documents with these keys as the ledger holds them now (open amount, currency, company code...).
   * A key of another payer (or unknown) is left out: the caller refuses it like a document that does not exist.
   */
  getPayableDocuments: (
    request: { payer_data: PayerData; document_keys: string[] },
    options?: {
      /**
       * Runs first, in the read's own transaction where the ERP shares the portal's database (the built-in ledger),
       * so that what the portal writes there (a payment's reservation of the documents) commits with the read and
       * the read sees every payment settled before it. A connector to a remote ERP runs it before its read.
       */
      beforeRead?: (tx: Db) => Promise<void>;
    },
  ) => Promise<LedgerDocument[]>;
  /**
   * Posts a payment (message_type S) or records a declined attempt (E), once per posting_reference: a second call
   * with the same reference changes nothing and answers what the first one posted. The documents are locked
   * (SELECT ... FOR UPDATE) while their open amounts are read and changed.
   *
   * `options.inTransaction` runs inside the posting's own transaction (the built-in ledger shares the portal's
   * database), so that the portal's intent completion and outbox mail commit with the posting or not at all. A
   * connector to a remote ERP runs it after the ERP confirmed; the posting reference keeps that exactly-once.
   */
  postPayment: (
    posting: LedgerPaymentPosting,
    options?: { inTransaction?: (tx: Db, result: LedgerPostingResult) => Promise<void> },
  ) => Promise<LedgerPostingResult>;
  /**
   * Issue 29, statements: per currency with a balance before date_from or a movement in the period, the balance at
   * the end of the day before date_from (the open balance of the totals cards counted back). Same trust as totals.
   */
  getStatementOpening: (request: StatementOpeningRequest) => Promise<StatementOpeningResponse>;
  /**
   * The movements of one currency from date_from to date_to (invoices +, credits and payments −) in date order, in
   * batches (flat memory). opening + every amount = the balance at the end of date_to.
   */
  streamStatementLines: (request: StatementLinesRequest) => AsyncIterable<StatementMovement[]>;
  /**
   * Issue 37: reverses (all or part of) a posted payment, once per reversal_reference: the documents it paid reopen
   * (and the credit it left on account shrinks), the balances move back by exactly the amount, and a reversal document
   * is written. A second call with the same reference changes nothing and answers what the first one did. E: refused
   * (the payment is unknown or not posted, or the amount or a document's share is more than is left): nothing changed.
   * `options.inTransaction` as for postPayment.
   */
  reversePayment: (
    reversal: LedgerReversal,
    options?: { inTransaction?: (tx: Db, result: LedgerReversalResult) => Promise<void> },
  ) => Promise<LedgerReversalResult>;
  /**
   * Issue 38: every account's open invoices (open amount above zero) due on or before due_to, in payer order (an
   * account's items come together), in batches (flat memory). The collections job's one read of the ledger.
   */
  streamOpenItems: (request: OpenItemsRequest) => AsyncIterable<OpenItem[]>;
  /** Issue 38: what was invoiced per company code, currency and month (the count-back DSO). */
  getSalesByMonth: (request: SalesByMonthRequest) => Promise<SalesByMonthResponse>;
  /**
   * Issue 39 (ADR 0034), optional: records a portal dispute as the ERP's dispute case, the same dispute_id again
   * updating its case (PUT /disputes/{dispute_id}). An ERP that keeps no dispute cases leaves it out, or answers
   * not_implemented (over HTTP: 501): the caller marks the dispute not_supported and goes on. Any other failure throws.
   */
  recordDisputeCase?: (request: DisputeCaseRequest) => Promise<DisputeCaseOutcome>;
  /** POST /api/PaymentsHistory/GetPaymentsHistory: payments (S) and declined attempts (E) of the accounts, newest first. */
  searchPayments: (request: PaymentHistoryRequest) => Promise<PaymentHistoryResponse>;
};

/** One payment for the ledger (or a declined attempt to record), identified by the portal's payment intent. */
export type LedgerPaymentPosting = {
  /** The portal's payment intent id: the ledger posts one reference once. */
  posting_reference: string;
  log_id: 'POST_INVOICE' | 'POST_DEPOSIT';
  /** S: the gateway approved, post it; E: declined, record the attempt only. */
  message_type: 'S' | 'E';
  message_line_string: string;
  payer_data: PayerData;
  soldto_number: string;
  currency_key: string;
  /** The amount charged, in the currency's minor units. */
  amount_minor: bigint;
  payment_card_token: string;
  payment_card_type: string;
  authorization_reference: string;
  order_number: string;
  login: string;
  /** The day the payment is posted (YYYY-MM-DD) and the moment. */
  posted_at: Date;
  /**
   * Invoice payments: what to apply to each document (minor units, may exceed the open amount when over-payment is
   * allowed: the excess becomes a credit on account). Empty for a deposit, which is a payment on account.
   */
  documents: { document_key: string; amount_minor: bigint; reason_code: string; comment: string }[];
  /** Deposits (and the payment's own reference and reason). */
  reference_number: string;
  reason_code: string;
  comment: string;
};

export type LedgerPostingResult = {
  message_type: 'S' | 'E';
  /** The ledger's payment document (finance number); empty for E. */
  payment_document_number: string;
  /** The credit document made of an over-payment; empty when none. */
  credit_document_number: string;
  /** Per document of the posting, in its order: what was applied and what stays open. */
  documents: {
    document_key: string;
    document_number_finance: string;
    billing_document_number: string;
    applied_minor: bigint;
    open_after_minor: bigint;
  }[];
  /** true when this reference had been posted before (nothing changed now). */
  replayed: boolean;
};

/** Issue 37: a reversal of a posted payment for the ledger, identified by the portal's reversal id. */
export type LedgerReversal = {
  reversal_reference: string;
  /** The payment's posting_reference (the portal's payment intent id). */
  posting_reference: string;
  kind: 'refund' | 'return' | 'chargeback';
  currency_key: string;
  amount_minor: bigint;
  /**
   * Shares per document of the payment (at most amount_minor in all); the rest (all of it when empty) from what went
   * on account first, then the documents the payment paid, the last one first, then a debit on account.
   */
  documents: { document_key: string; amount_minor: bigint }[];
  reason_code: string;
  reason_text: string;
  login: string;
  reversed_at: Date;
};

export type LedgerReversalResult = {
  message_type: 'S' | 'E';
  message_line_string: string;
  reversal_document_number: string;
  documents: {
    document_key: string;
    document_number_finance: string;
    billing_document_number: string;
    reopened_minor: bigint;
    open_after_minor: bigint;
  }[];
  replayed: boolean;
};

/** Issue 39: a dispute for the ERP: the portal's dispute id and the case as the contract sends it. */
export type DisputeCaseRequest = { dispute_id: string } & ErpDisputeCase;

/** recorded: the ERP keeps the case (its id); not_implemented: it keeps no dispute cases (501), nothing was recorded. */
export type DisputeCaseOutcome = ({ outcome: 'recorded' } & ErpDisputeCaseResult) | { outcome: 'not_implemented' };

export type InvoicePdfRenderRequest = {
  payer_data: PayerData;
  /** The sold-tos the documents must belong to; empty means any of the customer's. */
  soldto_data: string[];
  billing_document_numbers: string[];
  /** The reader's language: a PDF the portal renders for an imported e-invoice is written in it. */
  language?: Language;
};

export type InvoicePdfRenderResult = {
  status: ErpStatus;
  pdf: Buffer | null;
  /** The documents the PDF holds, in order. */
  billing_document_numbers: string[];
};
