// The portal's only door to the ERP (DESIGN.md §1). The built-in ledger implements it in-process; an HTTP
// connector to an SAP middleware would send the same wire shapes. Later issues add invoice detail, PDFs,
// payments, deposits and payment cards.
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
  InvoiceTotalsResponse,
  LedgerDocument,
  ManagePaymentsRequest,
  ManagePaymentsResponse,
  PaymentCard,
  PayerData,
  PayerDetailResponse,
  PayerRequest,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
} from '@portal/contracts';

export type ErpConnector = {
  /**
   * The header's primary accounts for a user's linked accounts, each with its secondary accounts (DropDownItems):
   * SoldTo itself; Payer its sold-tos; PayerAll the sold-tos of every payer in the group. Links the ERP does not
   * know (or in another company code or sales area) are left out.
   */
  getHeaderAccounts: (request: HeaderAccountsRequest) => Promise<HeaderAccountsResponse>;
  /** POST /api/customer/payer: address and phones of a customer; status E and detail null when unknown. */
  getPayer: (request: PayerRequest) => Promise<PayerDetailResponse>;
  /** Company codes, payment types, reason codes, currencies, payment provider and card settings. */
  getBackendConfiguration: () => Promise<BackendConfiguration>;
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
};

export type InvoicePdfRenderRequest = {
  payer_data: PayerData;
  /** The sold-tos the documents must belong to; empty means any of the customer's. */
  soldto_data: string[];
  billing_document_numbers: string[];
};

export type InvoicePdfRenderResult = {
  status: ErpStatus;
  pdf: Buffer | null;
  /** The documents the PDF holds, in order. */
  billing_document_numbers: string[];
};
