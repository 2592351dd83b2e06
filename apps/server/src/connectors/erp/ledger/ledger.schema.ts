// The built-in ERP ledger (schema "ledger"). Only connectors/erp/ledger reads these tables.
// Amounts are integer minor units (bigint) scaled by the currency's decimals; dates are calendar dates.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const ledger = pgSchema('ledger');

export const currencies = ledger.table('currencies', {
  currencyKey: text('currency_key').primaryKey(),
  /** 0 (JPY), 2 (most) or 3 (KWD, BHD). */
  decimals: smallint('decimals').notNull(),
  symbol: text('symbol').notNull(),
});

export const companyCodes = ledger.table('company_codes', {
  companyCode: text('company_code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  currencyKey: text('currency_key')
    .notNull()
    .references(() => currencies.currencyKey),
  enableDeposits: boolean('enable_deposits').notNull().default(false),
  disablePayments: boolean('disable_payments').notNull().default(false),
  enableEcheck: boolean('enable_echeck').notNull().default(false),
  disable3ds: boolean('disable_3ds').notNull().default(false),
});

/** Payers, sold-tos and payer-all groups alike (a group is a customer so it has a number, a name and an address). */
export const customers = ledger.table(
  'customers',
  {
    customerNumber: text('customer_number').primaryKey(),
    name: text('name').notNull(),
    name2: text('name_2').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    companyCode: text('company_code')
      .notNull()
      .references(() => companyCodes.companyCode),
    salesOrganization: text('sales_organization').notNull(),
    distributionChannel: text('distribution_channel').notNull(),
    division: text('division').notNull(),
    currencyKey: text('currency_key')
      .notNull()
      .references(() => currencies.currencyKey),
  },
  (t) => [index('customers_company_code_idx').on(t.companyCode)],
);

/** Which sold-tos a payer pays for (a payer may be its own sold-to). */
export const payerSoldTos = ledger.table(
  'payer_sold_tos',
  {
    payerNumber: text('payer_number')
      .notNull()
      .references(() => customers.customerNumber),
    soldtoNumber: text('soldto_number')
      .notNull()
      .references(() => customers.customerNumber),
  },
  (t) => [
    primaryKey({ columns: [t.payerNumber, t.soldtoNumber] }),
    index('payer_sold_tos_soldto_idx').on(t.soldtoNumber),
  ],
);

/** Payer-all groups: one group number stands for all payers in it. */
export const payerAllMembers = ledger.table(
  'payer_all_members',
  {
    groupNumber: text('group_number')
      .notNull()
      .references(() => customers.customerNumber),
    payerNumber: text('payer_number')
      .notNull()
      .references(() => customers.customerNumber),
  },
  (t) => [primaryKey({ columns: [t.groupNumber, t.payerNumber] })],
);

export const reasonCodes = ledger.table(
  'reason_codes',
  {
    companyCode: text('company_code')
      .notNull()
      .references(() => companyCodes.companyCode),
    /** O invoice payments, D deposits. */
    paymentType: text('payment_type').notNull(),
    reasonCode: text('reason_code').notNull(),
    description: text('description').notNull(),
    commentsRequired: boolean('comments_required').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.paymentType, t.reasonCode] })],
);

/** Spec: documents, with the address blocks joined from customers at read time. */
export const documents = ledger.table(
  'documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companyCodes.companyCode),
    billingDocumentNumber: text('billing_document_number').notNull().default(''),
    billingDocumentType: text('billing_document_type').notNull().default(''),
    documentNumberFinance: text('document_number_finance').notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    clearingDate: date('clearing_date', { mode: 'string' }),
    clearingDocumentNumberFinance: text('clearing_document_number_finance').notNull().default(''),
    currencyKey: text('currency_key')
      .notNull()
      .references(() => currencies.currencyKey),
    openAmount: bigint('open_amount', { mode: 'bigint' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    billedQuantity: numeric('billed_quantity', { precision: 15, scale: 3 }).notNull().default('0'),
    financeDocumentType: text('finance_document_type').notNull(),
    financeDocumentOnly: boolean('finance_document_only').notNull().default(false),
    fiscalYear: text('fiscal_year').notNull(),
    lineItem: text('line_item').notNull().default('001'),
    itemIsAPayment: boolean('item_is_a_payment').notNull().default(false),
    pdfDocumentAvailable: boolean('pdf_document_available').notNull().default(false),
    payerNumber: text('payer_number')
      .notNull()
      .references(() => customers.customerNumber),
    soldtoNumber: text('soldto_number')
      .notNull()
      .references(() => customers.customerNumber),
    customerNumber: text('customer_number').notNull(),
    referenceNumber: text('reference_number').notNull().default(''),
    department: text('department').notNull().default(''),
    readOnly: boolean('read_only').notNull().default(false),
    reasonCode: text('reason_code').notNull().default(''),
    reasonMessage: text('reason_message').notNull().default(''),
    /** 01 open, 02 complete. */
    documentStatus: text('document_status').notNull(),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    // Keyset paging (POST /api/Invoice) ORDER BY due_date DESC, id: across a payer's sold-tos (the payer's list,
    // sold-to filter applied while walking the index) and for one sold-to (a sold-to user's list). NULLS FIRST is
    // what ORDER BY due_date DESC means: drizzle's desc() alone writes NULLS LAST, which the planner cannot use.
    index('documents_payer_due_idx').on(t.payerNumber, t.dueDate.desc().nullsFirst(), t.id),
    index('documents_payer_soldto_due_idx').on(t.payerNumber, t.soldtoNumber, t.dueDate.desc().nullsFirst(), t.id),
    // The invoice list's other sorts (contracts/invoices.ts invoiceSorts), keyset-paged the same way: a descending
    // sort walks the index forwards (ORDER BY key DESC, id), an ascending one backwards (ORDER BY key ASC, id DESC).
    index('documents_payer_document_date_idx').on(t.payerNumber, t.documentDate.desc().nullsFirst(), t.id),
    index('documents_payer_soldto_document_date_idx').on(
      t.payerNumber,
      t.soldtoNumber,
      t.documentDate.desc().nullsFirst(),
      t.id,
    ),
    index('documents_payer_open_amount_idx').on(t.payerNumber, t.openAmount.desc().nullsFirst(), t.id),
    index('documents_payer_soldto_open_amount_idx').on(
      t.payerNumber,
      t.soldtoNumber,
      t.openAmount.desc().nullsFirst(),
      t.id,
    ),
    // The default invoice list (open invoices of one currency, due date descending) and the found count of every
    // open-items list: partial to the open invoices (about a third of the ledger) and covering the list's filters
    // (company code, document dates, sold-tos), so the page and the capped count are index-only scans with no heap
    // reads. Drizzle has no INCLUDE: the covered columns trail the key; they never change the order because id is
    // unique.
    index('documents_open_invoices_due_idx')
      .on(
        t.payerNumber,
        t.currencyKey,
        t.dueDate.desc().nullsFirst(),
        t.id,
        t.companyCode,
        t.documentDate,
        t.soldtoNumber,
      )
      .where(sql`document_status = '01' AND NOT item_is_a_payment`),
    index('documents_billing_document_number_idx').on(t.billingDocumentNumber),
    // Issue 38: every account's open items, payer by payer (the collections job's stream, keyset by payer and id).
    index('documents_open_items_idx')
      .on(t.payerNumber, t.id)
      .where(sql`document_status = '01' AND NOT item_is_a_payment`),
    // Issue 27: an imported document is keyed by company code, type (F2 invoice, G2 credit) and number; importing
    // it again updates this row, never a second one.
    uniqueIndex('documents_import_key')
      .on(t.companyCode, t.billingDocumentType, t.billingDocumentNumber)
      .where(sql`billing_document_number <> ''`),
    index('documents_document_number_finance_idx').on(t.documentNumberFinance, t.fiscalYear, t.lineItem),
  ],
);

export const invoiceItems = ledger.table(
  'invoice_items',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    itemNumber: text('item_number').notNull(),
    materialNumber: text('material_number').notNull(),
    description: text('description').notNull(),
    billedQuantity: numeric('billed_quantity', { precision: 15, scale: 3 }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'bigint' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    currencyKey: text('currency_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.itemNumber] }),
    // Article-number search is a prefix match (LIKE 'value%').
    index('invoice_items_material_number_idx').on(t.materialNumber.op('text_pattern_ops')),
  ],
);

/** Payment type entries: O invoice payments, D deposits. */
export const paymentTypes = ledger.table('payment_types', {
  paymentType: text('payment_type').primaryKey(),
  active: boolean('active').notNull(),
  overpaymentAllowed: boolean('overpayment_allowed').notNull().default(false),
});

/** The single row of generel_data (spelt as in the spec's wire shape). */
export const generelData = ledger.table('generel_data', {
  id: integer('id').primaryKey().default(1),
  /** X or R allow partial payments, '' forbids them. */
  partialPaymentsAllowed: text('partial_payments_allowed').notNull(),
  /** '1' requires the CVV. */
  cvvUseControl: text('cvv_use_control').notNull().default('1'),
});

export const paymentProvider = ledger.table('payment_provider', {
  id: integer('id').primaryKey().default(1),
  secure3dsEnabled: boolean('secure_3ds_enabled').notNull(),
  secure3dsVersion: text('secure_3ds_version').notNull(),
});

/** Pre-authorisation amount per card type. */
export const paymentCardSettings = ledger.table('payment_card_settings', {
  paymentCardType: text('payment_card_type').primaryKey(),
  preauthorizationAmount: bigint('preauthorization_amount', { mode: 'bigint' }).notNull(),
  currencyKey: text('currency_key')
    .notNull()
    .references(() => currencies.currencyKey),
});

/** custom_fields.apparv: named parameters (ZENABLEDEP, ZDISABLEPY, ZENABLEEC) per company code. */
export const apparv = ledger.table(
  'apparv',
  {
    parnam: text('parnam').notNull(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companyCodes.companyCode),
    parval: text('parval').notNull(),
  },
  (t) => [primaryKey({ columns: [t.parnam, t.companyCode] })],
);

/**
 * Maintained totals per payer, sold-to and currency (the list's totals cards read these instead of summing
 * documents). due and past due split open invoices at as_of; whoever reads them on a later day must refresh.
 */
export const accountBalances = ledger.table(
  'account_balances',
  {
    payerNumber: text('payer_number').notNull(),
    soldtoNumber: text('soldto_number').notNull(),
    currencyKey: text('currency_key').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** Open amount of open invoices (open_amount > 0). */
    invoicesAmount: bigint('invoices_amount', { mode: 'bigint' }).notNull(),
    /** Open amount of open credits (negative). */
    creditsAmount: bigint('credits_amount', { mode: 'bigint' }).notNull(),
    /** Open invoices due on or after as_of. */
    dueAmount: bigint('due_amount', { mode: 'bigint' }).notNull(),
    /** Open invoices due before as_of. */
    pastDueAmount: bigint('past_due_amount', { mode: 'bigint' }).notNull(),
    /** invoices + credits. */
    balanceAmount: bigint('balance_amount', { mode: 'bigint' }).notNull(),
    openInvoiceCount: integer('open_invoice_count').notNull(),
    openCreditCount: integer('open_credit_count').notNull(),
    /** Issue 29, aging: open invoices due on or after as_of (due_amount is their amount). */
    dueCount: integer('due_count').notNull().default(0),
    /** Open invoices 1–30, 31–60, 61–90 and over 90 days past due at as_of (they add up to past_due_amount). */
    aging1To30Amount: bigint('aging_1_30_amount', { mode: 'bigint' }).notNull().default(0n),
    aging1To30Count: integer('aging_1_30_count').notNull().default(0),
    aging31To60Amount: bigint('aging_31_60_amount', { mode: 'bigint' }).notNull().default(0n),
    aging31To60Count: integer('aging_31_60_count').notNull().default(0),
    aging61To90Amount: bigint('aging_61_90_amount', { mode: 'bigint' }).notNull().default(0n),
    aging61To90Count: integer('aging_61_90_count').notNull().default(0),
    agingOver90Amount: bigint('aging_over_90_amount', { mode: 'bigint' }).notNull().default(0n),
    agingOver90Count: integer('aging_over_90_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.payerNumber, t.soldtoNumber, t.currencyKey] })],
);

/**
 * Saved payment cards and e-checks per payer (manage payments, spec §7): the gateway's token, brand, last four
 * (inside the token), name and validity; never a card number, CVV or bank account number. A token belongs to one
 * payer (error 076 otherwise).
 */
export const paymentCards = ledger.table(
  'payment_cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    payerNumber: text('payer_number')
      .notNull()
      .references(() => customers.customerNumber),
    companyCode: text('company_code').notNull(),
    paymentCardToken: text('payment_card_token').notNull(),
    /** VISA, MC, AMEX or EC. */
    paymentCardType: text('payment_card_type').notNull(),
    paymentCardName: text('payment_card_name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    /** End of the expiry month; null for e-checks. */
    validTo: date('valid_to', { mode: 'string' }),
    isDefault: boolean('is_default').notNull().default(false),
    /** C, X or S for e-checks; '' for cards. */
    echeckAccountType: text('echeck_account_type').notNull().default(''),
    /** Routing number of an e-check. */
    echeckRdfiNumber: text('echeck_rdfi_number').notNull().default(''),
    addressData: jsonb('address_data').$type<Record<string, string>>(),
    createdBy: text('created_by').notNull().default(''),
    changedBy: text('changed_by').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payment_cards_token_key').on(t.paymentCardToken),
    index('payment_cards_payer_idx').on(t.payerNumber, t.companyCode),
  ],
);

/**
 * Payments posted to the ledger (invoice payments and deposits) and the attempts the gateway declined (message
 * type E), which payment history shows in red. posting_reference is the portal's payment intent: the ledger posts
 * one reference once, whoever asks (the request, its retry, the reconciler).
 */
export const payments = ledger.table(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postingReference: text('posting_reference').notNull(),
    /** POST_INVOICE or POST_DEPOSIT. */
    logId: text('log_id').notNull(),
    /** S posted, E declined (nothing posted). */
    messageType: text('message_type').notNull(),
    messageLineString: text('message_line_string').notNull().default(''),
    companyCode: text('company_code').notNull(),
    payerNumber: text('payer_number')
      .notNull()
      .references(() => customers.customerNumber),
    soldtoNumber: text('soldto_number').notNull(),
    currencyKey: text('currency_key').notNull(),
    /** The amount charged (minor units). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The payment document (documents.id) holding it in the ledger; null for E. */
    paymentDocumentId: bigint('payment_document_id', { mode: 'number' }),
    /** The credit made of an over-payment (documents.id), if any. */
    creditDocumentId: bigint('credit_document_id', { mode: 'number' }),
    documentNumberFinance: text('document_number_finance').notNull().default(''),
    paymentCardToken: text('payment_card_token').notNull(),
    paymentCardType: text('payment_card_type').notNull(),
    authorizationReference: text('authorization_reference').notNull().default(''),
    orderNumber: text('order_number').notNull().default(''),
    referenceNumber: text('reference_number').notNull().default(''),
    reasonCode: text('reason_code').notNull().default(''),
    comment: text('comment').notNull().default(''),
    login: text('login').notNull().default(''),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_posting_reference_key').on(t.postingReference),
    index('payments_payer_date_idx').on(t.payerNumber, t.documentDate.desc(), t.id.desc()),
  ],
);

/** What one payment applied to each document: the amount, the open amount before and after, reason and comment. */
export const paymentItems = ledger.table(
  'payment_items',
  {
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    openBefore: bigint('open_before', { mode: 'bigint' }).notNull(),
    openAfter: bigint('open_after', { mode: 'bigint' }).notNull(),
    reasonCode: text('reason_code').notNull().default(''),
    comment: text('comment').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.documentId] }), index('payment_items_document_idx').on(t.documentId)],
);

/**
 * Issue 37: a reversal of (part of) a posted payment, once per reversal reference (the portal's reversal id): a
 * refund, a returned debit or a chargeback. Its document (finance type DZ, a negative payment) is the statement's
 * movement; its items say what each document got back.
 */
export const ledgerPaymentReversals = ledger.table(
  'payment_reversals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    reversalReference: text('reversal_reference').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    /** refund, return or chargeback. */
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The reversal's document (documents.id) and its finance number. */
    documentId: bigint('document_id', { mode: 'number' }),
    documentNumberFinance: text('document_number_finance').notNull().default(''),
    /** A debit on account, made of what could not be given back to a document or to the payment's credit. */
    debitDocumentId: bigint('debit_document_id', { mode: 'number' }),
    reasonCode: text('reason_code').notNull().default(''),
    reasonText: text('reason_text').notNull().default(''),
    login: text('login').notNull().default(''),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_reversals_reference_key').on(t.reversalReference),
    index('payment_reversals_payment_idx').on(t.paymentId),
  ],
);

/** What one reversal changed on each document: the open amount before and after (after − before is given back). */
export const ledgerPaymentReversalItems = ledger.table(
  'payment_reversal_items',
  {
    reversalId: bigint('reversal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPaymentReversals.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    openBefore: bigint('open_before', { mode: 'bigint' }).notNull(),
    openAfter: bigint('open_after', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reversalId, t.documentId] })],
);

/**
 * A customer's e-invoicing identifiers (issue 27: party_ids of the customers CSV), as scheme and value (ISO 6523
 * ICD or EAS code, e.g. 0002:FR23342, 0192:987654325). A UBL document's buyer is the customer holding one of its
 * identifiers; an identifier belongs to one customer.
 */
export const customerPartyIds = ledger.table(
  'customer_party_ids',
  {
    scheme: text('scheme').notNull(),
    value: text('value').notNull(),
    customerNumber: text('customer_number')
      .notNull()
      .references(() => customers.customerNumber, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scheme, t.value] }), index('customer_party_ids_customer_idx').on(t.customerNumber)],
);

/** The supplier's identifiers per company code: a UBL file without ?company_code= is mapped by its seller's. */
export const companyCodePartyIds = ledger.table(
  'company_code_party_ids',
  {
    scheme: text('scheme').notNull(),
    value: text('value').notNull(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companyCodes.companyCode, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scheme, t.value] })],
);

/**
 * What an imported e-invoice holds beyond the document row (issue 27): its parties, lines, tax breakdown, totals,
 * payment terms and notes, kept for the detail view and the rendered PDF. Shape: EInvoiceDetail (ledger-e-invoice.ts).
 */
export const documentEInvoices = ledger.table('document_e_invoices', {
  documentId: bigint('document_id', { mode: 'number' })
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  /** The e-invoice's data as imported (UBL 2.1 / EN 16931 business terms). */
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A document's own PDF as the supplier sent it (embedded in its UBL file or named in the documents CSV), checked to
 * be a PDF by its bytes. A document without one gets its PDF rendered from its data.
 */
export const documentPdfs = ledger.table('document_pdfs', {
  documentId: bigint('document_id', { mode: 'number' })
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
});

/**
 * Issue 39: the built-in ERP's dispute cases (SAP's dispute case is the model): what the portal recorded with the ERP
 * contract's optional `PUT /disputes/{id}`, one row per portal dispute, its latest status.
 */
export const disputeCases = ledger.table('dispute_cases', {
  /** The portal's dispute id. */
  disputeId: text('dispute_id').primaryKey(),
  /** The ERP's own case number (DC and a sequence). */
  caseId: text('case_id').notNull(),
  companyCode: text('company_code').notNull(),
  payerNumber: text('payer_number').notNull(),
  documentNumberFinance: text('document_number_finance').notNull(),
  fiscalYear: text('fiscal_year').notNull(),
  lineItem: text('line_item').notNull(),
  reasonCode: text('reason_code').notNull(),
  /** Minor units of the currency. */
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currencyKey: text('currency_key').notNull(),
  status: text('status').notNull(),
  outcome: text('outcome').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
