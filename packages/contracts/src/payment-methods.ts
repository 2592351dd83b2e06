// Saved payment methods (spec §2 Payment methods, §3 Payment card or check, §4 Adding a card, §7 tokenization
// calls, manage payments, GET /api/payment-methods). The card number, the CVV and the bank account number are
// typed in the payment gateway's hosted frame and never travel through these calls: the portal only sees a
// token, the brand, the last four and the expiry (DESIGN.md §3).
import { z } from 'zod';
import { ErpDate, ErpFlag, PayerData } from './ledger';
import { defineRoute } from './route';

export const PaymentCardType = z.enum(['VISA', 'MC', 'AMEX', 'EC']);
export type PaymentCardType = z.infer<typeof PaymentCardType>;

/** spec §3: C personal checking, X business checking, S savings. */
export const EcheckAccountType = z.enum(['C', 'X', 'S']);
export type EcheckAccountType = z.infer<typeof EcheckAccountType>;

export const PaymentCardAddress = z.object({
  name: z.string().max(80),
  name_2: z.string().max(80),
  name_3: z.string().max(80),
  name_4: z.string().max(80),
  city: z.string().max(80),
  district: z.string().max(80),
  street: z.string().max(120),
  postal_code_city: z.string().max(80),
  region: z.string().max(20),
  country: z.string().max(3),
});
export type PaymentCardAddress = z.infer<typeof PaymentCardAddress>;

/** A gateway token: the ERP stores it, never a number. */
export const PaymentToken = z.string().regex(/^-[A-Z0-9]{4}-[0-9]{4}-[A-Z0-9]{8,32}$/, 'payment token');

/**
 * spec §3 "Payment card or check". card_validation_code is left out on purpose: the CVV never reaches the
 * portal's API (it is typed in the gateway's frame).
 */
export const PaymentCard = z.object({
  payment_card_name: z.string().trim().min(1).max(80),
  payment_card_token: PaymentToken,
  payment_card_type: PaymentCardType,
  /** MM-DD-YYYY; empty for e-checks. */
  valid_from: z.union([ErpDate, z.literal('')]),
  /** MM-DD-YYYY at the end of the expiry month; empty for e-checks. */
  valid_to: z.union([ErpDate, z.literal('')]),
  default: ErpFlag,
  /** X: kept for this session and primary account only, never stored in the ERP. */
  is_session: ErpFlag,
  electronic_check_account_type: z.union([EcheckAccountType, z.literal('')]),
  /** The routing number (9 digits) of an e-check. */
  electronic_check_rdfi_number: z.union([z.string().regex(/^\d{9}$/), z.literal('')]),
  payer_account: z.string().max(20),
  preauthorization_amount: z.string().max(20),
  address_data: PaymentCardAddress.optional(),
});
export type PaymentCard = z.infer<typeof PaymentCard>;

/** The ERP's answer status for manage payments: message_number 074 already exists, 076 assigned elsewhere. */
export const ManagePaymentsStatus = z.object({
  message_type: z.enum(['S', 'E', 'W', 'I']),
  message_number: z.string(),
  message_line_string: z.string(),
});
export type ManagePaymentsStatus = z.infer<typeof ManagePaymentsStatus>;

export const managePaymentsLogIds = ['ADD_PAYMENT_CARD', 'MOD_PAYMENT_CARD', 'DEL_PAYMENT_CARD'] as const;
/** 01 add, 02 modify, 03 delete. */
export const ManagePaymentsAction = z.enum(['01', '02', '03']);
export type ManagePaymentsAction = z.infer<typeof ManagePaymentsAction>;

export const PaymentLog = z.object({
  id: z.enum(managePaymentsLogIds),
  /** Filled by the server from the session; whatever the browser sends is ignored. */
  login: z.string().max(320).optional(),
  epayv: z.string().max(40).optional(),
  usrag: z.string().max(400).optional(),
});

export const ManagePaymentsRequest = z.object({
  payer_data: PayerData,
  action: ManagePaymentsAction,
  payment_cards: z.array(PaymentCard).length(1),
  log: PaymentLog,
});
export type ManagePaymentsRequest = z.infer<typeof ManagePaymentsRequest>;

export const ManagePaymentsResponse = z.object({ status: ManagePaymentsStatus });
export type ManagePaymentsResponse = z.infer<typeof ManagePaymentsResponse>;

export const PaymentMethodsQuery = z.object({
  customer_number: z.string().min(1).max(20),
  company_code: z.string().min(1).max(10),
});
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuery>;

export const PaymentMethodsResponse = z.object({
  status: z.object({ message_type: z.enum(['S', 'E', 'W', 'I']), message_line_string: z.string() }),
  /** Saved (ERP) and session-only methods of the payer, cards and e-checks alike (payment_card_type EC). */
  payment_cards: z.array(PaymentCard),
  /** What the page needs to know about the account's company code and the portal's settings. */
  settings: z.object({
    /** spec §5: e-check needs the company code's enable_echeck X. */
    echeck_enabled: z.boolean(),
    /** spec §4: the save-on-file box is hidden when always-save is on. */
    always_save_on_file: z.boolean(),
    /** spec §4: secure_3ds_enabled X and the company code not disable_3ds (cards other than Amex). */
    secure_3ds: z.boolean(),
    secure_3ds_version: z.string(),
  }),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const getPaymentMethods = defineRoute({
  method: 'GET',
  path: '/api/payment-methods',
  permission: 'CanManagePaymentMethods',
  summary: "The payer's saved and session-only cards and e-checks.",
  querystring: PaymentMethodsQuery,
  response: PaymentMethodsResponse,
});

/** The cards and e-checks to pay with: the payer's saved and session-only ones (e-checks when the company allows). */
export const PayWithMethodsResponse = PaymentMethodsResponse.pick({ status: true, payment_cards: true });
export type PayWithMethodsResponse = z.infer<typeof PayWithMethodsResponse>;

/**
 * invoices spec §7 /api/customer/payment_cards (with makedeposit; issue 27): the "Pay with" list of the pay and
 * deposit pages, for those who may pay (CanMakePayment), whether or not they may manage payment methods.
 */
export const payWithMethods = defineRoute({
  method: 'GET',
  path: '/api/customer/payment_cards',
  permission: 'CanMakePayment',
  summary: "The payer's saved and session-only cards and e-checks to pay an invoice or a deposit with.",
  querystring: PaymentMethodsQuery,
  response: PayWithMethodsResponse,
});

export const managePayments = defineRoute({
  method: 'POST',
  path: '/api/payment-methods/manage',
  permission: 'CanManagePaymentMethods',
  summary: 'Manage payments: add (01), modify (02) or delete (03) one card or e-check of the payer.',
  body: ManagePaymentsRequest,
  response: ManagePaymentsResponse,
});

// ---- tokenization (spec §7: /api/tokenization/access_token and /api/tokenization/response) ----

/** EC e-check, CC card, TO an existing token (3-D Secure). */
export const TokenizationPaymentMethod = z.enum(['EC', 'CC', 'TO']);
export type TokenizationPaymentMethod = z.infer<typeof TokenizationPaymentMethod>;

const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));

export const AccessTokenRequest = z.object({
  action: z.literal('01'),
  payment_method: TokenizationPaymentMethod,
  /** The account the method is for (object-level check). */
  payer_data: PayerData,
  /** TO with 3-D Secure: the amount in minor units (payable total x100). */
  amount: digits(1, 15).optional(),
  /** ISO 4217 numeric (840 USD). */
  currency_code: digits(3, 3).optional(),
  billing_address: z.string().max(120).optional(),
  billing_city: z.string().max(80).optional(),
  billing_state: z.string().max(20).optional(),
  billing_postal_code: z.string().max(20).optional(),
  /** ISO 3166 numeric (840 US). */
  billing_country_code: digits(3, 3).optional(),
  shipping_address: z.string().max(120).optional(),
  shipping_city: z.string().max(80).optional(),
  shipping_state: z.string().max(20).optional(),
  shipping_postal_code: z.string().max(20).optional(),
  shipping_country_code: digits(3, 3).optional(),
  email: z.string().max(320).optional(),
  first_name: z.string().max(80).optional(),
  last_name: z.string().max(80).optional(),
  phone: z.string().max(40).optional(),
  /** A GUID generated by the browser for this attempt. */
  order_number: z.string().uuid().optional(),
  /** Where the 3-D Secure challenge returns to (?id=...): a path of the portal, e.g. /settings/payment-methods. */
  redirect_uri: z.string().max(500).optional(),
  threeds_version: z.string().max(10).optional(),
  payment_card_token: PaymentToken.optional(),
  expiration_month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])$/)
    .optional(),
  expiration_year: digits(4, 4).optional(),
  /** Field-name hints of the provider's frame; accepted and ignored by the sandbox. */
  field_names: z.record(z.string(), z.string().max(80)).optional(),
});
export type AccessTokenRequest = z.infer<typeof AccessTokenRequest>;

export const AccessTokenResponse = z.object({
  access_token: z.string(),
  merchant_guid: z.string(),
  /** CC and EC: the hosted frame page; TO: the provider's /Cardinal3DSWithToken address the browser posts to. */
  paymetric_xi_url: z.string().max(600),
  // Issue 36: a provider whose own component takes the entry (Stripe's Payment Element) answers what it needs to
  // mount it; the sandbox leaves these out (the spec's shape). access_token is then the SetupIntent's id.
  provider: z.enum(['sandbox', 'stripe']).optional(),
  client_secret: z.string().max(300).optional(),
  publishable_key: z.string().max(300).optional(),
  /** The bank debit the component offers for this account: us_bank_account (ACH) or sepa_debit (EUR). */
  payment_method_types: z.array(z.string().max(40)).max(5).optional(),
});
export type AccessTokenResponse = z.infer<typeof AccessTokenResponse>;

export const TokenizationResponseRequest = z.object({ action: z.literal('02'), access_token: z.string().max(200) });
export type TokenizationResponseRequest = z.infer<typeof TokenizationResponseRequest>;

export const TokenizedPaymentCard = z.object({
  payment_card_token: PaymentToken,
  payment_card_type: PaymentCardType,
  last_four: z.string().regex(/^\d{4}$/),
  /** Cards: expiry month and year as typed in the portal's form and checked by the gateway. */
  expiration_month: z.string(),
  expiration_year: z.string(),
  electronic_check_account_type: z.union([EcheckAccountType, z.literal('')]),
  electronic_check_rdfi_number: z.string(),
});
export type TokenizedPaymentCard = z.infer<typeof TokenizedPaymentCard>;

/** 3-D Secure outcome: Y authenticated, A attempted, N failed, U unavailable; '' when none was asked for. */
export const CardinalResult = z.object({
  status: z.enum(['Y', 'A', 'N', 'U', '']),
  eci: z.string(),
  cavv: z.string(),
  ds_transaction_id: z.string(),
  threeds_version: z.string(),
  order_number: z.string(),
});
export type CardinalResult = z.infer<typeof CardinalResult>;

export const TokenizationResponse = z.object({
  /** null while the frame has not tokenised anything for this access token. */
  paymentcard: TokenizedPaymentCard.nullable(),
  cardinal: CardinalResult.nullable(),
  /** A bank debit's mandate as the payer accepted it in the provider's component (its reference, time and text). */
  mandate: z.object({ reference: z.string(), accepted_at: z.string(), text: z.string() }).nullable().optional(),
});
export type TokenizationResponse = z.infer<typeof TokenizationResponse>;

export const tokenizationAccessToken = defineRoute({
  method: 'POST',
  path: '/api/tokenization/access_token',
  summary: "An access token of the payment gateway's hosted frame (CC, EC) or its 3-D Secure step (TO).",
  body: AccessTokenRequest,
  response: AccessTokenResponse,
});

export const tokenizationResponse = defineRoute({
  method: 'POST',
  path: '/api/tokenization/response',
  summary: 'What the hosted frame tokenised for an access token, and the 3-D Secure result.',
  body: TokenizationResponseRequest,
  response: TokenizationResponse,
});
