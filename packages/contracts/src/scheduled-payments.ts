// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1 (issue 29): scheduled payments: POST /api/invoice/payments with scheduled_date, the list and the cancel.
// - v1.1 (issue 35): not_paid reason invoice_held (an AutoPay payment whose invoice took a holding reason code).
//
// Scheduled payments (issue 29, not in the spec). The pay page's "Pay on" sends the payment request with a
// scheduled_date: the server checks everything it checks for a payment made now (except the CVV and 3-D Secure:
// the job's charge is merchant-initiated on the saved method, ADR 0028), stores the request without charging and
// answers { status: 'scheduled', id }. On that day a job runs it once, through the same pipeline as a payment made by
// hand, after checking again; what no longer holds is not paid and the user is told why. AutoPay (autopay.ts) plans
// its payments as rows of the same kind, with cause 'autopay'.
import { z } from 'zod';
import { DecimalAmount, ErpDate, PayerData } from './ledger';
import { PaymentCardType } from './payment-methods';
import { defineRoute } from './route';

/** scheduled: waiting for its day (cancellable); processing: the job is paying it; paid; not_paid (reason); cancelled. */
export const scheduledPaymentStatuses = ['scheduled', 'processing', 'paid', 'not_paid', 'cancelled'] as const;
export const ScheduledPaymentStatus = z.enum(scheduledPaymentStatuses);
export type ScheduledPaymentStatus = z.infer<typeof ScheduledPaymentStatus>;

/** What made the payment: a date a person chose, or an AutoPay enrolment. */
export const PaymentCause = z.enum(['schedule', 'autopay']);
export type PaymentCause = z.infer<typeof PaymentCause>;

/**
 * Why a scheduled payment was not paid (the message key is scheduled-payments.reasons.<reason>): the documents
 * changed or were paid meanwhile, the saved method is gone or expired, payments or scheduling were switched off, the
 * user was deactivated or lost the right to pay or the account, the payment was refused by the portal's checks
 * (over a limit), or the gateway declined it. invoice_held: an AutoPay payment one of whose invoices has since taken a
 * reason code that holds it back (ADR 0029); its other invoices are planned again.
 */
export const notPaidReasons = [
  'documents_changed',
  'method_missing',
  'method_expired',
  'payments_disabled',
  'scheduling_disabled',
  'user_inactive',
  'not_entitled',
  'refused',
  'declined',
  'failed',
  'invoice_held',
  // Issue 36: the issuer wants the payer to authenticate this merchant-initiated charge; the mail links to the portal.
  'authentication_required',
  // Issue 37: a debit of this method came back with a code that says it cannot work again (account closed...).
  'method_returned',
] as const;
export const NotPaidReason = z.enum(notPaidReasons);
export type NotPaidReason = z.infer<typeof NotPaidReason>;

export const ScheduledPayment = z.object({
  id: z.string().uuid(),
  cause: PaymentCause,
  /** The AutoPay enrolment that planned it (cause autopay). */
  autopay_id: z.string().uuid().nullable(),
  scheduled_date: ErpDate,
  status: ScheduledPaymentStatus,
  payer_data: PayerData,
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  total_amount: DecimalAmount,
  payment_card_type: PaymentCardType,
  /** Brand and last four, e.g. "VISA •••• 1111". */
  payment_method_label: z.string(),
  documents: z.array(
    z.object({
      billing_document_number: z.string(),
      document_number_finance: z.string(),
      amount: DecimalAmount,
    }),
  ),
  /** not_paid: why. */
  reason: NotPaidReason.nullable(),
  /** not_paid with reason refused or declined: the check's or the gateway's message, in the reader's language. */
  reason_detail: z.string(),
  /** paid: the gateway order number and the ledger's payment document. */
  reference_code: z.string(),
  payment_document_number: z.string(),
  created_at: z.string(),
  /** When the job ran it (paid or not paid). */
  ran_at: z.string().nullable(),
});
export type ScheduledPayment = z.infer<typeof ScheduledPayment>;

export const ScheduledPaymentAnswer = z.object({
  status: z.literal('scheduled'),
  id: z.string().uuid(),
  scheduled_date: ErpDate,
});
export type ScheduledPaymentAnswer = z.infer<typeof ScheduledPaymentAnswer>;

export const ScheduledPaymentsQuery = z.object({
  /** open: scheduled and processing ones; all: the last 200 of any status, newest day first. */
  status: z.enum(['open', 'all']).default('all'),
});

export const ScheduledPaymentsResponse = z.object({ scheduled_payments: z.array(ScheduledPayment) });
export type ScheduledPaymentsResponse = z.infer<typeof ScheduledPaymentsResponse>;

export const listScheduledPayments = defineRoute({
  method: 'GET',
  path: '/api/scheduled-payments',
  permission: 'CanMakePayment',
  summary: "The user's scheduled and AutoPay payments: waiting, paid, not paid (with the reason) and cancelled.",
  querystring: ScheduledPaymentsQuery,
  response: ScheduledPaymentsResponse,
});

export const cancelScheduledPayment = defineRoute({
  method: 'DELETE',
  path: '/api/scheduled-payments/:id',
  permission: 'CanMakePayment',
  summary:
    'Cancel a scheduled payment of the user until the job takes it (then 409 CONFLICT, scheduled-payments.not_cancellable).',
  params: z.object({ id: z.string().uuid() }),
  response: ScheduledPayment,
});
