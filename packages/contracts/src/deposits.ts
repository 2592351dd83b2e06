// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1: make a deposit (POST /api/customer/makedeposit, Idempotency-Key) and what the deposit page reads
//   (GET /api/customer/deposit-settings).
//
// Deposits (spec invoices-and-payments §2 Deposits, /deposits, /deposits/processing-payment, /deposits/payment-status;
// §3 Deposit request and form; §4 payment flow "deposits work the same"; §5 Deposit checks; §7
// /api/customer/makedeposit). A deposit is a payment on account: no invoice is paid, the whole amount becomes a
// credit of the account in the ledger. It travels the invoice payments' exactly-once path (payment intent written
// before the gateway call, one ledger posting) and answers the same result shape.
import { z } from 'zod';
import { PayerData, ReasonCode } from './ledger';
import { PaymentDetail, PayInvoicesResponse, PostingLog } from './payments';
import { defineRoute } from './route';

// ---------------------------------------------------------------------------------------------------------------
// Make a deposit: POST /api/customer/makedeposit
// ---------------------------------------------------------------------------------------------------------------

/** spec §3 deposit_detail; amount_to_process as typed (the server checks it: 'Numeric value required.', minimum 1). */
export const DepositDetail = z.object({
  amount_to_process: z.string().max(30),
  /** The account's currency (HeaderItem.CurrencyKey); another one is refused. */
  currency_key: z.string().min(3).max(5),
  /** A reason code of the account's company code with payment type D (required when the company code has any). */
  reason_code: z.string().max(10).default(''),
  /** The deposit form's "document number". */
  reference_number: z.string().max(40).default(''),
  /** The deposit form's "payment note"; required when the reason has comments_required X. */
  comment: z.string().max(250).default(''),
});
export type DepositDetail = z.input<typeof DepositDetail>;

export const MakeDepositRequest = z.object({
  /** The account the deposit is for: one of the user's header accounts (another one answers 404). */
  payer_data: PayerData,
  /**
   * spec §3 deposit form payer_option: optionally one sold-to of the account the deposit is for ('' or absent: the
   * account itself). For a payer-all group it picks the payer of that sold-to; otherwise the group's first payer.
   */
  soldto: z.object({ account_number: z.string().max(20) }).optional(),
  deposit_detail: DepositDetail,
  /** A saved or session card or e-check of the account, CVV and 3-D Secure as for invoice payments. */
  payment_detail: PaymentDetail,
  log: PostingLog.extend({ id: z.literal('POST_DEPOSIT') }),
});
export type MakeDepositRequest = z.input<typeof MakeDepositRequest>;

/**
 * The invoice payments' answer: `status` holds one entry for the deposit (document_number_finance the ledger's
 * payment document once posted, billing_document_number the deposit's reference_number), `payment` the summary.
 * Success when the status is S (spec §4).
 */
export const MakeDepositResponse = PayInvoicesResponse;
export type MakeDepositResponse = z.infer<typeof MakeDepositResponse>;

export const makeDeposit = defineRoute({
  method: 'POST',
  path: '/api/customer/makedeposit',
  permission: 'CanMakePayment',
  summary:
    'Make a deposit (a payment on account) with a saved or session card or e-check. Needs an Idempotency-Key ' +
    'header: the same key and body replays the answer, another body is refused (422), a key in flight answers 409.',
  body: MakeDepositRequest,
  response: MakeDepositResponse,
});

// ---------------------------------------------------------------------------------------------------------------
// What the deposit page reads: GET /api/customer/deposit-settings
// ---------------------------------------------------------------------------------------------------------------

export const DepositSettingsQuery = z.object({
  customer_number: z.string().min(1).max(20),
  company_code: z.string().min(1).max(10),
});
export type DepositSettingsQuery = z.infer<typeof DepositSettingsQuery>;

/** Why deposits are not allowed (the web hides the Deposits link and page for every one of them). */
export const DepositUnavailableReason = z.enum([
  /** The user lacks CanMakePayment. */
  'not_permitted',
  /** spec §6: internal users get no deposits. */
  'internal_user',
  /** The company code has disable_payments X (or ZDISABLEPY), or the portal's payments-disabled switch is on. */
  'payments_disabled',
  /** The company code has no enable_deposits X (nor ZENABLEDEP X), or payment type D is not active. */
  'deposits_disabled',
]);
export type DepositUnavailableReason = z.infer<typeof DepositUnavailableReason>;

export const DepositSettingsResponse = z.object({
  /** spec §6: the Deposits link and page show only when true. */
  deposits_allowed: z.boolean(),
  unavailable_reason: DepositUnavailableReason.nullable(),
  company_code: z.string(),
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  /** spec §5: reason codes of the account's company code with payment type D. */
  reason_codes: z.array(ReasonCode),
  /** spec §9: deposit minimum 1, in the currency's decimals (e.g. "1.00", "1" for JPY). */
  minimum_amount: z.string(),
  /** Decimal strings; "0" means no limit (spec §9). */
  maximum_card_payment: z.string(),
  maximum_echeck_payment: z.string(),
  /** spec §5 check 4: cvv_use_control 1 (default). */
  cvv_required: z.boolean(),
  /** spec §4: 3-D Secure applies to cards other than Amex. */
  secure_3ds: z.boolean(),
  secure_3ds_version: z.string(),
  echeck_enabled: z.boolean(),
});
export type DepositSettingsResponse = z.infer<typeof DepositSettingsResponse>;

export const getDepositSettings = defineRoute({
  method: 'GET',
  path: '/api/customer/deposit-settings',
  summary:
    'Whether the user may make deposits on the account (permission, not internal, enable_deposits, payment type D ' +
    'active), its reason codes (payment type D), currency, limits and CVV / 3-D Secure rules.',
  querystring: DepositSettingsQuery,
  response: DepositSettingsResponse,
});
