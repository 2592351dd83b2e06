// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1: search (sorts, found count), totals, detail, PDF requests and the signed PDF download, Excel/CSV exports,
//   invoice table columns and the default invoice_table setting.
// - v1.1: InvoicePdfParams.token max 4000 → 8000 (a link for 200 documents); comments on tie order and on the
//   search PDF's limit corrected (no shape change).
// - v1.2: InvoiceSearchResponse.documents_in_process (documents held by an unsettled payment).
// - v1.3: POST /api/invoice/aging (issue 29).
// - v1.4: search filter 94, only the listed documents by finance number (issue 39: the disputed invoices).
// - v1.5 (issue 39): the portal's own filter 95 "disputed only" (InvoiceListRequest), and the optional
//   InvoiceSearchResponse.documents_disputed and InvoiceDetailResponse.dispute.
//
// Invoices (spec invoices-and-payments §2-§9): the invoice list, invoice search, detail, PDFs and exports.
// Every call is authorised on the server against the accounts linked to the user: a document or account of
// another customer answers exactly like one that does not exist (404 NOT_FOUND).
import { z } from 'zod';
import {
  DecimalAmount,
  ErpDate,
  ErpStatus,
  LedgerDocument,
  PayerData,
  SearchDocumentsRequest,
  SearchFilter,
  SearchParameters,
} from './ledger';
import { defineRoute } from './route';
import { InvoiceCollections } from './collections';
import { InvoiceDisputeStatus } from './disputes';

// ---------------------------------------------------------------------------------------------------------------
// Search: POST /api/Invoice
// ---------------------------------------------------------------------------------------------------------------

/**
 * Server-side sorts, each keyset-pageable on an index. Ties on the key are broken by the document id (ascending
 * for the _desc sorts, descending for the _asc ones), so walking every page gives each document exactly once. spec §4: the list's default is due date descending.
 * amount_* sort by the open amount (what is left to pay).
 */
export const invoiceSorts = [
  'due_date_desc',
  'due_date_asc',
  'document_date_desc',
  'document_date_asc',
  'amount_desc',
  'amount_asc',
] as const;
export const InvoiceSort = z.enum(invoiceSorts);
export type InvoiceSort = z.infer<typeof InvoiceSort>;
export const defaultInvoiceSort: InvoiceSort = 'due_date_desc';

/** The found count is exact up to this many documents; above it the answer says "1,000+" (found_count_capped). */
export const foundCountCap = 1000;

/** spec §7 search conventions: period all in invoice search, and the bounds the invoice list sends. */
export const searchPeriodAllBounds = { date_from: '01-01-1800', date_to: '12-31-9999' } as const;
export const invoiceListBounds = { date_from: '01-01-1900', date_to: '01-01-9999' } as const;

/**
 * The spec's search_parameters plus `sort`. page_size (≤ 200) and cursor (the previous answer's next_cursor)
 * page through the result; a cursor is only valid with the sort (and filters) it was issued for.
 *
 * Filters (spec §7): 01 invoice number (billing or finance number, leading zeros optional), 90 article number
 * (prefix), 91 article description (contains), 92 value X invoices only (every debit item that is not a payment, with
 * or without a billing document: ADR 0029), 93 value X credits only (a negative total), 94 only these documents: their
 * finance document numbers, comma-separated, leading zeros optional, at most maxDocumentListFilterNumbers (200), e.g.
 * { filter_type: '94', value: '90001234,0090001240' } (issue 39: the list of the disputed invoices; like 01, a number
 * the account has in two fiscal years finds both). A 94 value that is not such a list, or names more, is refused 400
 * VALIDATION_FAILED naming search_parameters/filter/<i>/value, as any filter value outside the contract; an empty list
 * is refused too (send no 94 filter for "all documents").
 * The portal's routes also take 95 value X, disputed only (issue 39: InvoiceListFilter; never the ERP's).
 * PayerAll: the spec's default filter 90 carrying the (impersonated) user id need not be sent; the server adds the
 * user scoping from the session itself and drops a 90 filter whose value is that user id (it is never an article
 * filter). Status: 01 open, 02 complete, 03 / OpenOrComplete both (default 03).
 *
 * Validation (spec §5, re-checked by the server, answered 400 VALIDATION_FAILED with the messageKey below):
 * - status 01 needs both due dates → validation.search.due_dates_required
 *   (the invoice list sends status 01 with due_date_from 01-01-1900 and due_date_to 01-01-9999 or the "due up to" day);
 * - a to-date before its from-date → validation.search.due_to_date_should_greater;
 * - only one of date_from/date_to → validation.search.document_dates_required;
 * - a Payer or PayerAll account with no sold-to selected → validation.search.select_customer
 *   (the web sends the selected sold-tos in soldto_data; for a sold-to account soldto_data may be empty).
 */
export const InvoiceSearchParameters = SearchParameters.extend({
  sort: InvoiceSort.default(defaultInvoiceSort),
});
export type InvoiceSearchParameters = z.input<typeof InvoiceSearchParameters>;

export const InvoiceSearchRequest = SearchDocumentsRequest.extend({
  search_parameters: InvoiceSearchParameters,
});
export type InvoiceSearchRequest = z.input<typeof InvoiceSearchRequest>;

/**
 * Issue 39: the invoice list's filters are the ERP's (SearchFilter) plus the portal's own 95 value X "disputed only":
 * the invoices of the account with a dispute open or in review that the user sees. The server answers it itself: it
 * replaces 95 by filter 94 with those invoices' finance numbers (at most the newest 200 disputes), or answers an empty
 * page without asking the ERP when there is none. Never sent to the ERP (InvoiceSearchRequest is the ERP's request).
 * The search, the search PDF and the exports take it; totals and aging have no filters.
 */
export const disputedOnlyFilterType = '95';
export const InvoiceListFilter = z.union([
  SearchFilter,
  z.object({ filter_type: z.literal(disputedOnlyFilterType), value: z.literal('X') }),
]);
export type InvoiceListFilter = z.infer<typeof InvoiceListFilter>;

/** POST /api/Invoice's request: InvoiceSearchRequest with the list's filters (InvoiceListFilter). */
export const InvoiceListRequest = InvoiceSearchRequest.extend({
  search_parameters: InvoiceSearchParameters.extend({ filter: z.array(InvoiceListFilter).max(20).default([]) }),
});
export type InvoiceListRequest = z.input<typeof InvoiceListRequest>;

/** v1.5, issue 39: an invoice of the page with a dispute open or in review that the user sees. */
export const DocumentDisputed = z.object({
  /** paymentDocumentKey(document). */
  document_key: z.string(),
  id: z.string().uuid(),
  /** D-123. */
  reference: z.string(),
  status: InvoiceDisputeStatus,
  /** The disputed amount, in the invoice's currency: held back from reminders and AutoPay (ADR 0034). */
  amount: DecimalAmount,
});
export type DocumentDisputed = z.infer<typeof DocumentDisputed>;

/**
 * spec §7: status S loads; W loads with a warning toast; any other type comes with an empty document_list and a
 * toast of message_line_string.
 */
export const InvoiceSearchResponse = z.object({
  status: ErpStatus,
  document_list: z.array(LedgerDocument),
  /** Pass as search_parameters.cursor for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Documents matching the filters (all pages), exact up to foundCountCap. */
  found_count: z.number().int().min(0),
  /** true: there are more than foundCountCap documents; show "1,000+" (found_count is then foundCountCap). */
  found_count_capped: z.boolean(),
  /**
   * v1.2: documents of this page held by a payment not yet settled (issue 5): shown "in process" and not selectable.
   * Each is paymentDocumentKey(document).
   */
  documents_in_process: z.array(z.string()).optional(),
  /** v1.5, issue 39: the documents of this page with a dispute open or in review that the user sees (a badge). */
  documents_disputed: z.array(DocumentDisputed).optional(),
});
export type InvoiceSearchResponse = z.infer<typeof InvoiceSearchResponse>;

export const searchInvoices = defineRoute({
  method: 'POST',
  path: '/api/Invoice',
  summary: 'Invoices, credits and payments of an account: filtered, sorted and keyset-paged (≤ 200 per page).',
  body: InvoiceListRequest,
  response: InvoiceSearchResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Totals cards: POST /api/invoice/totals (not in the spec: the list's cards, computed on the server)
// ---------------------------------------------------------------------------------------------------------------

export const InvoiceTotalsRequest = z.object({
  payer_data: PayerData,
  /** The selected sold-tos; empty means all of the account's. */
  soldto_data: z.array(z.string().max(20)).max(1000).default([]),
  /** Only this currency; all currencies when absent. */
  currency_key: z.string().max(5).optional(),
});
export type InvoiceTotalsRequest = z.input<typeof InvoiceTotalsRequest>;

/** The totals cards of one currency, over the open items (status 01, payments excluded). */
export const InvoiceTotals = z.object({
  currency_key: z.string(),
  /** The currency's decimals (0, 2 or 3): the amounts below are scaled to them. */
  currency_decimals: z.number().int().min(0).max(3),
  /** Open amount of open invoices (positive). */
  invoices: DecimalAmount,
  /** Open amount of open credits (negative or 0). */
  credits: DecimalAmount,
  /** Open invoices due today or later. */
  due: DecimalAmount,
  /** Open invoices due before today. */
  past_due: DecimalAmount,
  /** invoices + credits. */
  balance: DecimalAmount,
  invoice_count: z.number().int().min(0),
  credit_count: z.number().int().min(0),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

export const InvoiceTotalsResponse = z.object({
  status: ErpStatus,
  /** The day the due / past-due split is computed for (MM-DD-YYYY). */
  as_of: ErpDate,
  /** One entry per currency with open items, sorted by currency key; empty when there are none. */
  totals: z.array(InvoiceTotals),
});
export type InvoiceTotalsResponse = z.infer<typeof InvoiceTotalsResponse>;

export const invoiceTotals = defineRoute({
  method: 'POST',
  path: '/api/invoice/totals',
  summary: "The invoice list's totals cards per currency, from the maintained account balances.",
  body: InvoiceTotalsRequest,
  response: InvoiceTotalsResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Aging: POST /api/invoice/aging (issue 29, not in the spec)
// ---------------------------------------------------------------------------------------------------------------

/** Open invoices by days past due on as_of (the same split as @portal/domain agingBuckets). */
export const agingBucketNames = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export const AgingBucketName = z.enum(agingBucketNames);
export type AgingBucketName = z.infer<typeof AgingBucketName>;

/** Same scope and trust as the totals: the list's payer_data and soldto_data. */
export const InvoiceAgingRequest = InvoiceTotalsRequest;
export type InvoiceAgingRequest = z.input<typeof InvoiceAgingRequest>;

export const AgingBucket = z.object({
  bucket: AgingBucketName,
  /** Open amount of the open invoices in the bucket (credits are not aged: they are on the totals' credits card). */
  amount: DecimalAmount,
  count: z.number().int().min(0),
});
export type AgingBucket = z.infer<typeof AgingBucket>;

/**
 * One currency's aging: always the five buckets, in the order of AgingBucketName. current is the totals' due card,
 * the four others add up to its past due card, and all five to its invoices card, to the cent.
 */
export const InvoiceAging = z.object({
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  buckets: z.array(AgingBucket).length(5),
});
export type InvoiceAging = z.infer<typeof InvoiceAging>;

export const InvoiceAgingResponse = z.object({
  status: ErpStatus,
  /** The day the days past due are counted to (MM-DD-YYYY): the totals' as_of. */
  as_of: ErpDate,
  /** One entry per currency with open invoices, sorted by currency key. */
  aging: z.array(InvoiceAging),
});
export type InvoiceAgingResponse = z.infer<typeof InvoiceAgingResponse>;

export const invoiceAging = defineRoute({
  method: 'POST',
  path: '/api/invoice/aging',
  summary: "Open invoices of the list's accounts by days past due, per currency: current, 1-30, 31-60, 61-90, 90+.",
  body: InvoiceAgingRequest,
  response: InvoiceAgingResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Detail: POST /api/invoice/detail
// ---------------------------------------------------------------------------------------------------------------

export const InvoiceDetailRequest = z.object({
  document_detail: z.object({
    /** With or without leading zeros. */
    billing_document_number: z.string().min(1).max(20),
    document_type: z.literal('01').default('01'),
    /** An account of the user: the payer, a sold-to, or the payer-all group the document belongs to. */
    customer_number: z.string().min(1).max(20),
  }),
});
export type InvoiceDetailRequest = z.input<typeof InvoiceDetailRequest>;

/** spec §3 Invoice detail response: address block of a partner. */
export const PartnerAddress = z.object({
  name: z.string(),
  name_2: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  /** Postal code and city as one line. */
  postal_code_city: z.string(),
  country: z.string(),
});
export type PartnerAddress = z.infer<typeof PartnerAddress>;

export const InvoiceHeaderData = z.object({
  billing_document_number: z.string(),
  billing_document_type: z.string(),
  document_date: ErpDate,
  due_date: ErpDate,
  total_amount: DecimalAmount,
  open_amount: DecimalAmount,
  paid_amount: DecimalAmount,
  currency_key: z.string(),
  document_status: z.enum(['01', '02']),
  payer_number: z.string(),
  soldto_number: z.string(),
  /** spec §2: for company codes starting with JP the web shows name_2 instead of name. */
  company_code: z.string(),
  document_number_finance: z.string(),
  fiscal_year_of_the_relevant_invoice: z.string(),
  line_item_in_the_relevant_invoice: z.string(),
  pdf_document_available: z.enum(['X', '']),
});
export type InvoiceHeaderData = z.infer<typeof InvoiceHeaderData>;

export const InvoicePartner = z.object({
  /** WE the customer (ship-to / sold-to), RG the invoice recipient (payer). */
  partner_function: z.enum(['WE', 'RG']),
  partner_number: z.string(),
  address_data: PartnerAddress,
});
export type InvoicePartner = z.infer<typeof InvoicePartner>;

export const InvoiceItem = z.object({
  item_number: z.string(),
  billed_quantity: z.string(),
  material_number: z.string(),
  description: z.string(),
  unit_price: DecimalAmount,
  total_amount: DecimalAmount,
  currency_key: z.string(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

export const InvoiceDetail = z.object({
  header_data: InvoiceHeaderData,
  partner_data: z.array(InvoicePartner),
  item_data: z.array(InvoiceItem),
  /** customer_purchase_order_nubmer (sic, spec) is the PO number. */
  custom_fields: z.object({ customer_purchase_order_nubmer: z.string() }).catchall(z.string()),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

/** Status E comes with detail null (spec §7: warning toast). A document the user may not see answers 404. */
/**
 * Issue 37, added by the portal: why an invoice a payment had paid is open again — the payment was refunded, its bank
 * debit returned (with the code) or charged back — with the amount reopened and the day.
 */
export const InvoiceReopened = z.object({
  kind: z.enum(['refund', 'return', 'chargeback']),
  amount: DecimalAmount,
  currency_key: z.string(),
  /** ISO day it was reversed. */
  date: z.string(),
  return_code: z.string(),
  /** The payment's reference (order number) the payer saw. */
  reference_code: z.string(),
});
export type InvoiceReopened = z.infer<typeof InvoiceReopened>;

export const InvoiceDetailResponse = z.object({
  status: ErpStatus,
  detail: InvoiceDetail.nullable(),
  reopened: z.array(InvoiceReopened).optional(),
  /** Issue 38, added by the portal: the reminders that listed the invoice and the promise that holds it. */
  collections: InvoiceCollections.optional(),
  /**
   * v1.5, issue 39, added by the portal: the invoice's dispute open or in review, else its latest resolved or
   * withdrawn one; null when it has none. amount is the disputed amount in the invoice's currency.
   */
  dispute: z
    .object({
      id: z.string().uuid(),
      reference: z.string(),
      status: InvoiceDisputeStatus,
      amount: DecimalAmount,
      reason_code: z.string(),
    })
    .nullable()
    .optional(),
});
export type InvoiceDetailResponse = z.infer<typeof InvoiceDetailResponse>;

export const invoiceDetail = defineRoute({
  method: 'POST',
  path: '/api/invoice/detail',
  summary: 'Header, partners (WE, RG), items and custom fields of one invoice or credit.',
  body: InvoiceDetailRequest,
  response: InvoiceDetailResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// PDFs: the three request calls answer a short-lived signed URL the web opens in a new tab.
// ---------------------------------------------------------------------------------------------------------------

/**
 * The answer of every PDF request. `url` is a same-origin path (GET, no bearer token needed: a new tab has
 * none) signed for this user and these documents; it expires after about 2 minutes and serves one merged PDF.
 */
export const PdfUrlResponse = z.object({
  url: z.string(),
  /** ISO 8601 instant after which the URL answers 404. */
  expires_at: z.string(),
  /** How many documents the PDF holds. */
  document_count: z.number().int().min(1),
});
export type PdfUrlResponse = z.infer<typeof PdfUrlResponse>;

/**
 * At most this many documents in one merged PDF: a bulk selection of more answers 400 VALIDATION_FAILED; a search
 * PDF holds the first maxPdfDocuments documents of the search's first page (in its sort) that have a PDF.
 */
export const maxPdfDocuments = 200;

/**
 * One invoice's PDF: the search request shape (spec §7) with exactly one filter 01 carrying the document number,
 * e.g. { payer_data, soldto_data: [], search_parameters: { filter: [{ filter_type: '01', value: '90001234' }] } }.
 * 404 when no document of the account matches or its pdf_document_available is not X.
 */
export const invoicePdfRequest = defineRoute({
  method: 'POST',
  path: '/api/Invoice/pdf-request',
  summary: "A signed URL of one invoice's PDF.",
  body: InvoiceSearchRequest,
  response: PdfUrlResponse,
});

/**
 * The PDFs of the documents a search finds (the same request as POST /api/Invoice; paging fields are ignored),
 * merged into one file (see maxPdfDocuments). 404 when none matches.
 */
export const searchPdfRequest = defineRoute({
  method: 'POST',
  path: '/api/invoice/search-pdf-request',
  summary: 'A signed URL of one PDF holding the invoices a search finds.',
  body: InvoiceListRequest,
  response: PdfUrlResponse,
});

/**
 * The PDFs of the selected rows: search_parameters.GridViewDocIds lists their billing (or finance) document
 * numbers or selection keys (billing number or 0, finance number, posting date, line item, joined by '-' or '|'
 * — only the document numbers are used). Numbers that are not the account's are ignored; 404 when none is.
 */
export const bulkPdfRequest = defineRoute({
  method: 'POST',
  path: '/api/Invoice/bulk-pdf-request',
  summary: 'A signed URL of one merged PDF of the selected invoices (GridViewDocIds).',
  body: InvoiceSearchRequest,
  response: PdfUrlResponse,
});

export const InvoicePdfParams = z.object({ token: z.string().min(1).max(8000) });

/** GET the signed URL: application/pdf, inline. 404 when the token is expired, tampered with or not a PDF token. */
export const downloadInvoicePdf = defineRoute({
  method: 'GET',
  path: '/api/invoice/pdf/:token',
  public: true,
  download: 'pdf',
  summary: 'The PDF behind a signed URL (public: the token is the authorisation).',
  params: InvoicePdfParams,
  response: z.any(),
});

// ---------------------------------------------------------------------------------------------------------------
// Exports: every page of a search, streamed.
// ---------------------------------------------------------------------------------------------------------------

/** Column ids of the invoice table (spec §2), in the spec's order; also the export's columns. */
export const invoiceTableColumns = [
  'pdf',
  'document_number',
  'reference',
  'status',
  'document_date',
  'due_date',
  'days_to_pay',
  'amount',
  'paid_amount',
  'reason',
  'soldto_address',
  'payer_address',
  'card',
  'unit_price',
  'total',
] as const;
export const InvoiceTableColumn = z.enum(invoiceTableColumns);
export type InvoiceTableColumn = z.infer<typeof InvoiceTableColumn>;

/** The invoice_table setting: which columns the list shows, in order. */
export const InvoiceTableSetting = z.object({ columns: z.array(InvoiceTableColumn).min(1) });
export type InvoiceTableSetting = z.infer<typeof InvoiceTableSetting>;
/** Every column but card and unit price, which an invoice row does not carry (they suit payment and item lists). */
export const defaultInvoiceTableSetting: InvoiceTableSetting = {
  columns: invoiceTableColumns.filter((column) => column !== 'card' && column !== 'unit_price'),
};

/**
 * The search request (paging fields ignored: every matching document, streamed in the chosen sort) plus the
 * columns to write (default: every column except pdf). Headers are in the request's language (Accept-Language).
 * Cells that would begin with = + - @ (or tab / CR) are neutralised with a leading apostrophe; amounts are written
 * as numbers (xlsx) or plain decimal strings (CSV), so negative amounts stay numbers.
 */
export const InvoiceExportRequest = InvoiceListRequest.extend({
  columns: z.array(InvoiceTableColumn).min(1).max(invoiceTableColumns.length).optional(),
});
export type InvoiceExportRequest = z.input<typeof InvoiceExportRequest>;

/** Binary answers: `download` on the route says what the body is; the web saves it as a Blob. */
export const invoiceExcel = defineRoute({
  method: 'POST',
  path: '/api/invoice/invoice-excel',
  download: 'xlsx',
  summary: 'Every document of a search as an .xlsx file (InvoiceExport.xlsx), streamed.',
  body: InvoiceExportRequest,
  response: z.any(),
});

export const invoiceCsv = defineRoute({
  method: 'POST',
  path: '/api/invoice/invoice-csv',
  download: 'csv',
  summary: 'Every document of a search as a UTF-8 CSV file (InvoiceExport.csv), streamed.',
  body: InvoiceExportRequest,
  response: z.any(),
});

/** File names the server sets in Content-Disposition (and the web may use when saving). */
export const invoiceExportFileNames = {
  xlsx: 'InvoiceExport.xlsx',
  csv: 'InvoiceExport.csv',
  pdf: 'Invoices.pdf',
} as const;

/** The key of a payable document across the portal: company code, finance document number, fiscal year, line item. */
export function paymentDocumentKey(
  document: Pick<
    LedgerDocument,
    | 'company_code'
    | 'document_number_finance'
    | 'fiscal_year_of_the_relevant_invoice'
    | 'line_item_in_the_relevant_invoice'
  >,
): string {
  return [
    document.company_code,
    document.document_number_finance,
    document.fiscal_year_of_the_relevant_invoice,
    document.line_item_in_the_relevant_invoice,
  ].join('|');
}
