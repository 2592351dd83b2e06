// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1 (issue 29): AutoPay enrolments: PUT, GET and DELETE /api/autopay; the administrators' list.
// - v1.1 (issue 35): disputed means a reason code that holds the invoice back (the Application tab's set per company
//   code, by default every code but PP); finance-only debit items are invoices and paid like the others (ADR 0029).
//
// AutoPay (issue 29, not in the spec): a user who may pay enrols an account (payer and company code) with a saved
// method: "pay each invoice N days before its due date", with an optional maximum per payment. It pays the invoices
// that come due from the enrolment on (those already past due are left for a person and listed in the
// confirmation); a reminder e-mail comes first, then the job pays the account's eligible open invoices in one
// payment per currency. An invoice over the maximum or with a dispute reason is left for a person and named in an
// e-mail. A method deleted or expired, a user deactivated or no longer entitled, AutoPay switched off for the company
// code: the enrolment stops and says so.
import { z } from 'zod';
import { DecimalAmount, ErpDate, PayerData } from './ledger';
import { PaymentCardType, PaymentToken } from './payment-methods';
import { defineRoute } from './route';

export const autopayMaxDaysBeforeDue = 30;
/** The reminder goes this many days before the payment day. */
export const autopayReminderDays = 3;

/** Why an enrolment stopped (message keys scheduled-payments.autopay.stopped_reasons.<reason>, mail.scheduling.stopped_reasons.<reason>). */
export const autopayStopReasons = [
  'cancelled',
  'replaced',
  'method_missing',
  'method_expired',
  'user_inactive',
  'not_entitled',
  'autopay_disabled',
  // Issue 37: a debit of the method came back with a code that says it cannot work again.
  'method_returned',
] as const;
export const AutopayStopReason = z.enum(autopayStopReasons);
export type AutopayStopReason = z.infer<typeof AutopayStopReason>;

/** An invoice AutoPay leaves for a person, and why. */
export const AutopayLeftInvoice = z.object({
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  due_date: ErpDate,
  amount: DecimalAmount,
  currency_key: z.string(),
  /**
   * past_due: already past due at enrolment; over_maximum; disputed: it carries a reason code that holds it back
   * (ApplicationConfiguration.autopayHoldReasonCodes; PP, a partial payment, by default not), or an invoice dispute
   * open or in review over all of it (issue 39; one disputed in part is paid for the rest); currency.
   */
  why: z.enum(['past_due', 'over_maximum', 'disputed', 'currency']),
});
export type AutopayLeftInvoice = z.infer<typeof AutopayLeftInvoice>;

export const AutopayEnrolment = z.object({
  id: z.string().uuid(),
  payer_data: PayerData,
  payment_card_token: PaymentToken,
  payment_card_type: PaymentCardType,
  payment_method_label: z.string(),
  days_before_due: z.number().int().min(0).max(autopayMaxDaysBeforeDue),
  /** The most one payment may be, in max_currency_key; null: no maximum. */
  max_amount: DecimalAmount.nullable(),
  max_currency_key: z.string().nullable(),
  status: z.enum(['active', 'stopped']),
  stopped_reason: AutopayStopReason.nullable(),
  /** The day AutoPay starts from: invoices due before it are left for a person. */
  enrolled_on: ErpDate,
  created_at: z.string(),
  stopped_at: z.string().nullable(),
  /** The invoices past due at enrolment, left for a person (the confirmation lists them). */
  left_at_enrolment: z.array(AutopayLeftInvoice),
  /** Administrators' list only: who enrolled. */
  login: z.string().optional(),
});
export type AutopayEnrolment = z.infer<typeof AutopayEnrolment>;

/**
 * Validation (400 VALIDATION_FAILED): max_amount not a positive amount in the currency's decimals →
 * validation.autopay.max_amount; the method is not a saved one of the payer → 404; AutoPay off for the company code
 * → validation.autopay.disabled.
 */
export const AutopayRequest = z.object({
  payer_data: PayerData,
  payment_card_token: PaymentToken,
  payment_card_type: PaymentCardType,
  days_before_due: z.number().int().min(0).max(autopayMaxDaysBeforeDue),
  max_amount: z.string().max(30).nullable().default(null),
});
export type AutopayRequest = z.input<typeof AutopayRequest>;

export const AutopayResponse = z.object({ enrolments: z.array(AutopayEnrolment) });
export type AutopayResponse = z.infer<typeof AutopayResponse>;

export const putAutopay = defineRoute({
  method: 'PUT',
  path: '/api/autopay',
  permission: 'CanMakePayment',
  summary: "Enrol an account in AutoPay (replacing the user's active enrolment of that account); sends a confirmation.",
  body: AutopayRequest,
  response: AutopayEnrolment,
});

export const getAutopay = defineRoute({
  method: 'GET',
  path: '/api/autopay',
  permission: 'CanMakePayment',
  summary: "The user's AutoPay enrolments, active and stopped (with the reason).",
  response: AutopayResponse,
});

export const deleteAutopay = defineRoute({
  method: 'DELETE',
  path: '/api/autopay/:id',
  permission: 'CanMakePayment',
  summary: "Stop one of the user's AutoPay enrolments; its payments not yet made are cancelled.",
  params: z.object({ id: z.string().uuid() }),
  response: AutopayEnrolment,
});

export const listAutopayEnrolments = defineRoute({
  method: 'GET',
  path: '/api/payments-received/autopay',
  permission: 'CanViewReceivedPayments',
  summary: 'Every AutoPay enrolment of every customer (Settings → Payments received), newest first.',
  response: AutopayResponse,
});
