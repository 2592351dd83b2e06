// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1: guest lookup (PUT /api/users/account/validateGuestPayment), the guest token, guest invoice search
//   (POST /api/GuestPayment), guest payer (POST /api/guestPayment/guestPayer), guest tokenization
//   (/api/guestTokenization/access_token, /api/guestTokenization/response), guest payment
//   (POST /api/guestPayment/payments, Idempotency-Key).
//
// Guest payment (spec invoices-and-payments §1, §2 /guest-payment/guestpayment and /guest-payment/guest-payment-status,
// §3 Guest form, §4 Guest flow, §5 Guest form, §7 guest calls, §8 guest lookup errors; access-and-administration §2
// Guest payment and account linking form). Every guest route is public (no sign-in) and answers only while the
// guest-payment setting (allowGuestPayment) is on: otherwise 403 GUEST_PAYMENT_DISABLED.
//
// The guest token: the lookup answers a short-lived signed token (guestTokenTtlSeconds) scoped to exactly the one
// document looked up. Every later guest call carries it in the `X-Guest-Token` header (not Authorization: a signed-in
// user's bearer token may travel alongside and is ignored). A missing, forged or expired token answers 403
// GUEST_TOKEN_INVALID (the page goes back to the form); a document other than the token's answers 404.
import { z } from 'zod';
import { LedgerDocument, ErpStatus, ReasonCode, SearchDocumentsRequest } from './ledger';
import { InvoiceHeaderData, InvoicePartner } from './invoices';
import {
  AccessTokenRequest,
  AccessTokenResponse,
  PaymentCardType,
  PaymentToken,
  TokenizationResponse,
  TokenizationResponseRequest,
} from './payment-methods';
import { PaymentResult, PaymentSummary, PostingLog } from './payments';
import { defineRoute } from './route';

/** The header every guest call after the lookup carries. */
export const guestTokenHeader = 'x-guest-token';
/** Lifetime of a guest token: one visit to look up and pay one invoice. */
export const guestTokenTtlSeconds = 900;
/** spec §4, §9: up to four accounts can be linked in guest mode. */
export const maxGuestAccounts = 4;
/** spec §9, access-and-administration §5: guest payments are in USD. */
export const guestPaymentCurrency = 'USD';

// ---------------------------------------------------------------------------------------------------------------
// What the guest payment page reads first: GET /api/token/guest-payment/guestpayment
// ---------------------------------------------------------------------------------------------------------------

/**
 * access spec §3 Guest payment configuration, for /guest-payment/guestpayment before any lookup: whether the page
 * exists, the four-account cap and the currency, and whether payments are off portal-wide with the administrator's
 * message (spec §4 "Payments disabled": the guest reads it before typing a card, not after). While guest payment is
 * off nothing else is told.
 */
export const GuestPaymentSettings = z.object({
  AllowGuestPayment: z.boolean(),
  max_accounts: z.number().int().min(1),
  currency_key: z.string(),
  isPaymentsDisable: z.boolean(),
  /** By language (en fr de es it ja pt ru); the page falls back to English, then any. Empty unless disabled. */
  paymentDisabledMessages: z.record(z.string(), z.string()),
});
export type GuestPaymentSettings = z.infer<typeof GuestPaymentSettings>;

export const guestPaymentSettings = defineRoute({
  method: 'GET',
  path: '/api/token/guest-payment/guestpayment',
  public: true,
  summary:
    'The guest payment page: whether guest payment is on, the account cap, the currency, and whether payments are ' +
    'off with their message.',
  response: GuestPaymentSettings,
});

// ---------------------------------------------------------------------------------------------------------------
// Lookup: PUT /api/users/account/validateGuestPayment
// ---------------------------------------------------------------------------------------------------------------

export const ValidateGuestPaymentRequest = z.object({
  /** The payer or sold-to number, with or without leading zeros. */
  accountNumber: z.string().trim().min(1).max(20),
  /** The invoice (billing document) number, with or without leading zeros. */
  invoiceNumber: z.string().trim().min(1).max(20),
  /** The invoice's total amount as printed: an optional minus, digits and optionally two decimals. */
  invoiceAmount: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,3})?$/, 'amount'),
  /**
   * The guest tokens this guest visit already holds (the page keeps them in session storage). They make the
   * duplicate check (409 GUEST_ALREADY_ADDED, reason "duplicate", 'account.error.already_added') and the
   * four-account cap (409 GUEST_MAX_ACCOUNTS, 'register.max_no_of_accounts'); expired or forged ones are ignored.
   */
  guest_tokens: z.array(z.string().max(2000)).max(8).default([]),
});
export type ValidateGuestPaymentRequest = z.input<typeof ValidateGuestPaymentRequest>;

export const GuestInvoice = z.object({
  /** spec §7: the invoice with detail.header_data and detail.partner_data (WE sold-to, RG payer). */
  detail: z.object({ header_data: InvoiceHeaderData, partner_data: z.array(InvoicePartner) }),
  /**
   * The document as the invoice list shows it (the guest invoice search's one row): open, paid and total amount,
   * posting and document date, due date, sold-to, reference number, reason.
   */
  document: LedgerDocument,
  currency_decimals: z.number().int().min(0).max(3),
  /** spec §5: reason codes of the invoice's company code with payment type O. */
  reason_codes: z.array(ReasonCode),
  /** The pay amount rules of the guest card (spec §5 Pay amount). */
  overpayment_allowed: z.boolean(),
  partial_payment_allowed: z.boolean(),
  /** Decimal string, "0" no limit: the maximum card payment. */
  maximum_card_payment: z.string(),
  /** spec §4: 3-D Secure applies to Visa and Mastercard for this company code. */
  secure_3ds: z.boolean(),
  secure_3ds_version: z.string(),
  /** false when the invoice's currency is not USD: the card shows it but cannot pay it (spec: guest currency USD). */
  payable_currency: z.boolean(),
});
export type GuestInvoice = z.infer<typeof GuestInvoice>;

export const ValidateGuestPaymentResponse = z.object({
  invoice: GuestInvoice,
  /** The account number as the ERP knows it (leading zeros kept); the page shows it without them. */
  account_number: z.string(),
  /** Send it as the X-Guest-Token header of every later guest call. */
  guest_token: z.string(),
  /** ISO 8601. */
  guest_token_expires_at: z.string(),
});
export type ValidateGuestPaymentResponse = z.infer<typeof ValidateGuestPaymentResponse>;

export const validateGuestPayment = defineRoute({
  method: 'PUT',
  path: '/api/users/account/validateGuestPayment',
  public: true,
  summary:
    'Guest lookup: account number, invoice number and invoice amount → the invoice and a guest token scoped to it. ' +
    'Unknown account, unknown invoice and wrong amount answer alike (404 account.error_no_account_found); attempts ' +
    'are limited per client address and per account number (429 account.error.too_many_attempts).',
  body: ValidateGuestPaymentRequest,
  response: ValidateGuestPaymentResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Guest invoice search (getGuestInvoicesAjax): POST /api/GuestPayment
// ---------------------------------------------------------------------------------------------------------------

/**
 * spec §7 getGuestInvoicesAjax: payer_data, soldto_data, search_parameters with filter type 01 on the billing
 * document number. Only the token's document can be asked for: any other number answers 404.
 */
export const GuestInvoicesRequest = SearchDocumentsRequest;
export type GuestInvoicesRequest = z.input<typeof GuestInvoicesRequest>;

export const GuestInvoicesResponse = z.object({
  status: ErpStatus,
  document_list: z.array(LedgerDocument),
});
export type GuestInvoicesResponse = z.infer<typeof GuestInvoicesResponse>;

export const guestInvoices = defineRoute({
  method: 'POST',
  path: '/api/GuestPayment',
  public: true,
  summary: "The guest token's invoice as it stands now (the guest invoice search; X-Guest-Token).",
  body: GuestInvoicesRequest,
  response: GuestInvoicesResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Guest payer: POST /api/guestPayment/guestPayer
// ---------------------------------------------------------------------------------------------------------------

export const GuestPayerResponse = z.object({
  /** The invoice's payer, sold-to and company code: what the payment request's sold-to and 3-D Secure need. */
  payer_number: z.string(),
  soldto_number: z.string(),
  company_code: z.string(),
  currency_key: z.string(),
  /** The sold-to's address (WE partner) for the 3-D Secure billing fields. */
  address_data: InvoicePartner.shape.address_data,
});
export type GuestPayerResponse = z.infer<typeof GuestPayerResponse>;

export const guestPayer = defineRoute({
  method: 'POST',
  path: '/api/guestPayment/guestPayer',
  public: true,
  summary: "The payer, sold-to and address of the guest token's invoice (X-Guest-Token).",
  body: z.object({}).strict().nullish(),
  response: GuestPayerResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Guest tokenization: /api/guestTokenization/access_token and /api/guestTokenization/response
// ---------------------------------------------------------------------------------------------------------------

/** The signed-in tokenization request without payer_data (the token's invoice names the account); cards only. */
export const GuestAccessTokenRequest = AccessTokenRequest.omit({ payer_data: true }).extend({
  payment_method: z.enum(['CC', 'TO']),
});
export type GuestAccessTokenRequest = z.input<typeof GuestAccessTokenRequest>;

export const guestTokenizationAccessToken = defineRoute({
  method: 'POST',
  path: '/api/guestTokenization/access_token',
  public: true,
  summary:
    "An access token of the gateway's hosted card frame (CC) or its 3-D Secure step on the card's token (TO), " +
    'for the guest token (X-Guest-Token).',
  body: GuestAccessTokenRequest,
  response: AccessTokenResponse,
});

export const guestTokenizationResponse = defineRoute({
  method: 'POST',
  path: '/api/guestTokenization/response',
  public: true,
  summary: 'What the hosted frame tokenised for a guest access token, and the 3-D Secure result (X-Guest-Token).',
  body: TokenizationResponseRequest,
  response: TokenizationResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// Guest payment: POST /api/guestPayment/payments
// ---------------------------------------------------------------------------------------------------------------

/** spec §3 Guest form: first name, last name, a valid e-mail (the receipt goes there). */
export const GuestPayerData = z.object({
  first_name: z.string().max(80),
  last_name: z.string().max(80),
  email: z.string().max(320),
});
export type GuestPayerData = z.infer<typeof GuestPayerData>;

export const GuestPaymentRequest = z.object({
  guest: GuestPayerData,
  /** The token's invoice as the card showed it; another billing document number answers 404. */
  document: z.object({
    billing_document_number: z.string().min(1).max(20),
    /** The open amount the card showed: DOCUMENT_CHANGED when the ledger has moved since. */
    open_amount: z.string().max(30),
    amount_to_process: z.string().max(30),
    reason_code: z.string().max(10).default(''),
    comment: z.string().max(250).default(''),
  }),
  /** Fixed USD (spec): anything else is refused with validation.guest.currency_not_supported. */
  currency_key: z.string().min(3).max(5),
  payment_detail: z.object({
    /** The card's token from /api/guestTokenization/response. */
    payment_card_token: PaymentToken,
    payment_card_type: PaymentCardType,
    /**
     * The access token (CC) of the frame that tokenised the card: proves the card was entered in this guest visit,
     * number and CVV together (spec §5 check 4 is met there: the request carries no CVV).
     */
    card_access_token: z.string().min(1).max(200),
    /** spec §4: the TO access token of the card's 3-D Secure step when 3-D Secure applies. */
    three_ds_access_token: z.string().max(200).optional(),
  }),
  log: PostingLog.extend({ id: z.literal('POST_INVOICE') }).default({ id: 'POST_INVOICE' }),
});
export type GuestPaymentRequest = z.input<typeof GuestPaymentRequest>;

/** spec §3: "Guest responses carry a paymentStatus list"; success when any entry is S. */
export const GuestPaymentResponse = z.object({
  paymentStatus: z.array(PaymentResult),
  payment: PaymentSummary,
});
export type GuestPaymentResponse = z.infer<typeof GuestPaymentResponse>;

export const payGuestInvoice = defineRoute({
  method: 'POST',
  path: '/api/guestPayment/payments',
  public: true,
  summary:
    "Pay the guest token's invoice by card (X-Guest-Token, Idempotency-Key); the receipt is e-mailed to the guest. " +
    'Same key and body replays the answer, another body 422, a key in flight 409.',
  body: GuestPaymentRequest,
  response: GuestPaymentResponse,
});
