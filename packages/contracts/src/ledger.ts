// Wire shapes of the ERP connector (DESIGN.md §1): the spec's field names, so that the built-in ledger and an
// HTTP connector to an SAP middleware speak the same JSON. Feature contracts (invoices, payments) build on these.
import { z } from 'zod';

/** Money on the wire: a decimal string scaled to the currency's decimals ('-12.50', '1500' for JPY, '3.250' for KWD). */
export const DecimalAmount = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal string');
export type DecimalAmount = z.infer<typeof DecimalAmount>;

/** ERP dates travel as MM-DD-YYYY (spec §7: search conventions; due_date is month-day-year). */
export const ErpDate = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/, 'MM-DD-YYYY');
export type ErpDate = z.infer<typeof ErpDate>;

/** The ERP's yes/no flag: X means yes, an empty string no. */
export const ErpFlag = z.enum(['X', '']);
export type ErpFlag = z.infer<typeof ErpFlag>;

/** Status block of every ERP answer: S success, W warning (still loads), E error, I information. */
export const ErpStatus = z.object({
  message_type: z.enum(['S', 'W', 'E', 'I']),
  message_line_string: z.string(),
});
export type ErpStatus = z.infer<typeof ErpStatus>;

/** Document type 01 invoice (invoices and credits), 02 payment; the guest lookup names them Invoice and Payment. */
export const DocumentType = z.enum(['01', '02', 'Invoice', 'Payment']);
export type DocumentType = z.infer<typeof DocumentType>;

/** Document status 01 open, 02 complete; as a search status also 03 (and OpenOrComplete) for both. */
export const DocumentStatus = z.enum(['01', '02']);
export type DocumentStatus = z.infer<typeof DocumentStatus>;
export const SearchStatus = z.enum(['01', '02', '03', 'OpenOrComplete']);
export type SearchStatus = z.infer<typeof SearchStatus>;

/** Address block of a document's sold-to (soldtoad) and payer (payerad). name_2 is shown for JP company codes. */
export const DocumentAddress = z.object({
  name: z.string(),
  name_2: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type DocumentAddress = z.infer<typeof DocumentAddress>;

export const DocumentReason = z.object({
  reason_code: z.string(),
  description: z.string(),
  reason_message: z.string(),
});
export type DocumentReason = z.infer<typeof DocumentReason>;

/** Spec §3 Document: an invoice, credit or payment row. */
export const LedgerDocument = z.object({
  billing_document_number: z.string(),
  billing_document_type: z.string(),
  document_number_finance: z.string(),
  posting_date: ErpDate,
  document_date: ErpDate,
  due_date: ErpDate,
  clearing_date: ErpDate.nullable(),
  clearing_document_number_finance: z.string(),
  currency_key: z.string(),
  open_amount: DecimalAmount,
  paid_amount: DecimalAmount,
  total_amount: DecimalAmount,
  billed_quantity: z.string(),
  /** Days past the due date of an open item at the time of the answer; 0 when not overdue or not open. */
  days_in_arrears: z.number().int(),
  finance_document_type: z.string(),
  finance_document_only: ErpFlag,
  fiscal_year_of_the_relevant_invoice: z.string(),
  line_item_in_the_relevant_invoice: z.string(),
  item_is_a_payment: ErpFlag,
  pdf_document_available: ErpFlag,
  payer_number: z.string(),
  soldto_number: z.string(),
  customer_number: z.string(),
  reference_number: z.string(),
  Department: z.string(),
  read_only_flag: ErpFlag,
  reason: DocumentReason.nullable(),
  document_status: DocumentStatus,
  custom_fields: z.object({ customer_purchase_order_nubmer: z.string() }).catchall(z.string()),
  zzcustom: z.object({ soldtoad: DocumentAddress, payerad: DocumentAddress }),
  /** Not in the spec's field list: the company code the document was posted in (reason codes are per company code). */
  company_code: z.string(),
});
export type LedgerDocument = z.infer<typeof LedgerDocument>;

export const searchFilterTypes = ['01', '90', '91', '92', '93', '94'] as const;

/** Filter 94: at most this many document numbers (issue 39: the invoice list's disputed invoices, one page of them). */
export const maxDocumentListFilterNumbers = 200;

/**
 * Filter 94's value: finance document numbers (digits, leading zeros optional), comma-separated, spaces allowed around
 * them. A value that is not such a list, or names more than maxDocumentListFilterNumbers, is refused like any value
 * outside the contract (VALIDATION_FAILED naming the field).
 */
export const DocumentNumberListFilterValue = z
  .string()
  .max(maxDocumentListFilterNumbers * 22)
  .regex(/^\s*\d{1,20}\s*(?:,\s*\d{1,20}\s*)*$/, 'comma-separated document numbers')
  .refine((value) => value.split(',').length <= maxDocumentListFilterNumbers, {
    message: `at most ${maxDocumentListFilterNumbers} document numbers`,
  });

/**
 * Filter types (spec §7): 01 invoice number, 90 article number, 91 article description, 92 X invoices only, 93 X credits
 * only. An invoice is every document that is not a payment and whose total is not negative (a debit), whatever its
 * billing type: a finance-only item without a billing document (a freight or interest charge) is one; a credit (a
 * negative total, also once cleared) never is (ADR 0029). The conformance kit checks both ways.
 * Not in the spec (issue 39): 94 only these documents, by finance number (DocumentNumberListFilterValue); with the other
 * filters and the status, sort, paging and found count as for any search.
 */
export const SearchFilter = z.discriminatedUnion('filter_type', [
  z.object({ filter_type: z.enum(searchFilterTypes).exclude(['94']), value: z.string().max(200) }),
  z.object({ filter_type: z.literal('94'), value: DocumentNumberListFilterValue }).meta({
    description:
      'Only these documents: their finance document numbers (digits, leading zeros optional), comma-separated, ' +
      `at most ${maxDocumentListFilterNumbers}.`,
  }),
]);
export type SearchFilter = z.infer<typeof SearchFilter>;

export const maxSearchPageSize = 200;

export const SearchParameters = z.object({
  document_type: DocumentType.optional(),
  status: SearchStatus.default('03'),
  date_from: ErpDate.optional(),
  date_to: ErpDate.optional(),
  due_date_from: ErpDate.optional(),
  due_date_to: ErpDate.optional(),
  currency_key: z.string().max(5).optional(),
  SoldTo_SearchParams: z.array(z.string().max(20)).max(1000).optional(),
  filter: z.array(SearchFilter).max(20).default([]),
  /** Selection keys or document numbers of the grid rows for the bulk PDF call. */
  GridViewDocIds: z.array(z.string().max(60)).max(1000).optional(),
  /** Keyset paging (not in the spec): at most 200 rows per page, sorted by due date descending, then id. */
  page_size: z.number().int().min(1).max(maxSearchPageSize).default(maxSearchPageSize),
  /** The next_cursor of the previous page; absent for the first page. */
  cursor: z.string().max(200).optional(),
});
export type SearchParameters = z.input<typeof SearchParameters>;

export const PayerData = z.object({ customer_number: z.string().min(1).max(20), company_code: z.string().max(10) });
export type PayerData = z.infer<typeof PayerData>;

/** POST /api/Invoice request (spec §7). soldto_data lists the selected sold-tos; empty means all of the payer's. */
export const SearchDocumentsRequest = z.object({
  payer_data: PayerData,
  soldto_data: z.array(z.string().max(20)).max(1000).default([]),
  search_parameters: SearchParameters,
});
export type SearchDocumentsRequest = z.input<typeof SearchDocumentsRequest>;

export const SearchDocumentsResponse = z.object({
  status: ErpStatus,
  document_list: z.array(LedgerDocument),
  /** Cursor of the next page, null on the last page. */
  next_cursor: z.string().nullable(),
});
export type SearchDocumentsResponse = z.infer<typeof SearchDocumentsResponse>;

export const CompanyCodeConfig = z.object({
  company_code: z.string(),
  name: z.string(),
  country: z.string(),
  currency_key: z.string(),
  enable_deposits: ErpFlag,
  disable_payments: ErpFlag,
  enable_echeck: ErpFlag,
  disable_3ds: ErpFlag,
});
export type CompanyCodeConfig = z.infer<typeof CompanyCodeConfig>;

export const ReasonCode = z.object({
  reason_code: z.string(),
  description: z.string(),
  comments_required: ErpFlag,
  company_code: z.string(),
  /** O invoice payments, D deposits. */
  payment_type: z.enum(['O', 'D']),
});
export type ReasonCode = z.infer<typeof ReasonCode>;

export const PaymentTypeEntry = z.object({
  payment_type: z.enum(['O', 'D']),
  active: ErpFlag,
  overpayment_allowed: ErpFlag,
});
export type PaymentTypeEntry = z.infer<typeof PaymentTypeEntry>;

export const PaymentCardConfig = z.object({
  payment_card_type: z.enum(['VISA', 'MC', 'AMEX', 'EC']),
  preauthorization_amount: DecimalAmount,
  currency_key: z.string(),
});
export type PaymentCardConfig = z.infer<typeof PaymentCardConfig>;

export const CurrencyDecimals = z.object({
  currkey: z.string(),
  currdec: z.number().int().min(0).max(3),
  symbol: z.string(),
});
export type CurrencyDecimals = z.infer<typeof CurrencyDecimals>;

export const apparvParameters = ['ZENABLEDEP', 'ZDISABLEPY', 'ZENABLEEC'] as const;
export const ApparvEntry = z.object({ parnam: z.enum(apparvParameters), company_code: z.string(), parval: z.string() });
export type ApparvEntry = z.infer<typeof ApparvEntry>;

/** Spec "Back-end configuration data" (access §3) and the configuration read by the invoice screens (invoices §3). */
export const BackendConfiguration = z.object({
  status: ErpStatus,
  company_codes: z.array(CompanyCodeConfig),
  generel_data: z.object({
    /** X or R allow partial payments (spec §5). */
    partial_payments_allowed: z.enum(['X', 'R', '']),
    /** 1 (default) requires the CVV for card payments. */
    cvv_use_control: z.string(),
  }),
  sapcust: z.object({ currency_decimals: z.array(CurrencyDecimals) }),
  custom_fields: z.object({ apparv: z.array(ApparvEntry) }),
  payment_provider: z.array(z.object({ secure_3ds_enabled: ErpFlag, secure_3ds_version: z.string() })),
  payment_cards: z.array(PaymentCardConfig),
  payment_reason_codes: z.array(ReasonCode),
  payment_types: z.array(PaymentTypeEntry),
});
export type BackendConfiguration = z.infer<typeof BackendConfiguration>;
