// Money that comes back (issue 37, ADR 0032): refunds an AR person makes in Settings → Payments received, bank debits
// that the bank returns after they were posted, and chargebacks (disputes the cardholder opens with the bank). Each is a
// reversal of (part of) a posted payment: the ledger reopens what it paid, the payments feed gets an item of its own
// pointing at the payment, and a webhook, an audit row and (for refunds and returns) an e-mail to the payer follow.
import { z } from 'zod';
import { DecimalAmount } from './ledger';
import { FeedPayment } from './ledger-feed';
import { defineRoute } from './route';

/**
 * refund: money the supplier gave back. return: a bank debit the payer's bank sent back (R01, AM04...). chargeback:
 * the amount a dispute withdrew. chargeback_reversal: a dispute won, the amount posted again (a positive item).
 */
export const reversalKinds = ['refund', 'return', 'chargeback', 'chargeback_reversal'] as const;
export type ReversalKind = (typeof reversalKinds)[number];

/** Why a refund was made (the dialog's choices; Stripe's own reasons are a subset). */
export const refundReasons = ['duplicate', 'overpayment', 'requested_by_customer', 'other'] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * pending: the provider has not confirmed it yet, or the ERP has not taken it yet (the reconciler goes on with it);
 * posted: the ledger reversed it; refused: the provider refused it (nothing moved).
 */
export const reversalStates = ['pending', 'posted', 'refused'] as const;
export type ReversalState = (typeof reversalStates)[number];

/** A dispute as the provider tells it: waiting for evidence, evidence under review, then won or lost. */
export const disputeStatuses = ['needs_response', 'under_review', 'won', 'lost'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/**
 * Bank return codes the portal knows (NACHA R codes and SEPA reason codes). `final`: the account cannot be debited
 * again (closed, not found, authorisation revoked...): scheduled payments and AutoPay stop using the method.
 */
export const bankReturnCodes = {
  R01: { final: false },
  R02: { final: true },
  R03: { final: true },
  R04: { final: true },
  R07: { final: true },
  R08: { final: false },
  R09: { final: false },
  R10: { final: true },
  R16: { final: true },
  R20: { final: true },
  R29: { final: true },
  AC01: { final: true },
  AC04: { final: true },
  AC06: { final: true },
  AM04: { final: false },
  MD01: { final: true },
  MD06: { final: false },
  MS02: { final: false },
  MS03: { final: false },
} as const;
export type BankReturnCode = keyof typeof bankReturnCodes;

export function isBankReturnCode(code: string): code is BankReturnCode {
  return Object.prototype.hasOwnProperty.call(bankReturnCodes, code);
}

/** Whether a method whose debit came back with this code must not be debited again (unknown codes: it may). */
export function returnCodeEndsMethod(code: string): boolean {
  return isBankReturnCode(code) && bankReturnCodes[code].final;
}

export const RefundDocument = z
  .object({
    /** The invoice's number; empty for a document that has only a finance number (then that one names it). */
    billing_document_number: z.string().trim().max(20),
    document_number_finance: z.string().trim().max(20).optional(),
    /** What to give back of what the payment applied to this document (> 0). */
    amount: DecimalAmount,
  })
  .refine((document) => document.billing_document_number !== '' || Boolean(document.document_number_finance), {
    message: 'billing_document_number or document_number_finance',
    path: ['billing_document_number'],
  });
export type RefundDocument = z.infer<typeof RefundDocument>;

export const refundCommentMaxLength = 500;

export const RefundPaymentRequest = z.object({
  /** The amount to give back, in the payment's currency (> 0, at most what is left to refund). */
  amount: DecimalAmount,
  /**
   * Invoice payments: how much of it per document (adding up to `amount`). Absent: the ledger reopens what went on
   * account first, then the documents the payment applied to, the last one first.
   */
  documents: z.array(RefundDocument).max(200).optional(),
  reason: z.enum(refundReasons),
  comment: z.string().trim().max(refundCommentMaxLength).default(''),
});
export type RefundPaymentRequest = z.input<typeof RefundPaymentRequest>;

export const ReversalDocument = z.object({
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  /** What the reversal reopened on the document (positive). */
  amount: DecimalAmount,
});
export type ReversalDocument = z.infer<typeof ReversalDocument>;

export const PaymentReversal = z.object({
  id: z.string().uuid(),
  /** The payment (its Payments received and feed id) this reverses. */
  payment_id: z.string().uuid(),
  kind: z.enum(reversalKinds),
  state: z.enum(reversalStates),
  /** Positive: how much went back (or, for chargeback_reversal, came back in). */
  amount: DecimalAmount,
  currency_key: z.string(),
  currency_decimals: z.number().int(),
  documents: z.array(ReversalDocument),
  /** A refund's reason (refundReasons), a return's or a dispute's reason as the provider gave it. */
  reason: z.string(),
  /** A returned debit's code (R01, AM04...); empty otherwise. */
  return_code: z.string(),
  comment: z.string(),
  /** Who made it (a refund), or the provider. */
  login: z.string(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
  /** The ledger's reversal document, once posted. */
  reversal_document_number: z.string(),
  /** refused: the provider's words (its decline code, e.g. amount_too_large); empty otherwise. */
  refusal: z.string(),
});
export type PaymentReversal = z.infer<typeof PaymentReversal>;

export const PaymentDispute = z.object({
  id: z.string().uuid(),
  payment_id: z.string().uuid(),
  /** The dispute's id at the provider. */
  provider_reference: z.string(),
  status: z.enum(disputeStatuses),
  /** The provider's reason (fraudulent, product_not_received, ...). */
  reason: z.string(),
  amount: DecimalAmount,
  currency_key: z.string(),
  currency_decimals: z.number().int(),
  /** When evidence must reach the provider (null once it was submitted or the dispute is closed). */
  evidence_due_by: z.string().nullable(),
  /** Where evidence is submitted, at the provider (the portal only links to it). */
  evidence_url: z.string(),
  /** Whether the provider has taken the amount back (then a chargeback item reversed the posting). */
  funds_withdrawn: z.boolean(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});
export type PaymentDispute = z.infer<typeof PaymentDispute>;

/**
 * What happened to a payment after it was posted, as one word for the lists: posted (nothing came back),
 * partially_refunded, refunded, returned, disputed (a dispute is open), dispute_won, dispute_lost.
 */
export const moneyBackStatuses = [
  'posted',
  'partially_refunded',
  'refunded',
  'returned',
  'disputed',
  'dispute_won',
  'dispute_lost',
] as const;
export type MoneyBackStatus = (typeof moneyBackStatuses)[number];

export const PaymentMoneyBack = z.object({
  status: z.enum(moneyBackStatuses),
  refunded_amount: DecimalAmount,
  returned_amount: DecimalAmount,
  /** What disputes hold withdrawn now (lost or still open with funds withdrawn). */
  charged_back_amount: DecimalAmount,
  /** What can still be refunded (0 while a dispute is open). */
  refundable_amount: DecimalAmount,
});
export type PaymentMoneyBack = z.infer<typeof PaymentMoneyBack>;

export const PaymentReceivedDetailDocument = z.object({
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  /** What the payment applied to it. */
  applied_amount: DecimalAmount,
  /** What of that can still be refunded on this document. */
  refundable_amount: DecimalAmount,
});

export const PaymentReceivedDetail = z.object({
  /** The payment as the feed holds it. */
  payment: FeedPayment,
  money_back: PaymentMoneyBack,
  documents: z.array(PaymentReceivedDetailDocument),
  reversals: z.array(PaymentReversal),
  disputes: z.array(PaymentDispute),
  /** The payer's e-mail the refund notice goes to (empty: none known, no mail). */
  payer_email: z.string(),
});
export type PaymentReceivedDetail = z.infer<typeof PaymentReceivedDetail>;

const paymentId = z.object({ id: z.string().uuid() });

export const getPaymentReceived = defineRoute({
  method: 'GET',
  path: '/api/payments-received/:id',
  permission: 'CanViewReceivedPayments',
  summary: 'One payment received with its refunds, returns, chargebacks and disputes, and what can still be refunded.',
  params: paymentId,
  response: PaymentReceivedDetail,
});

export const refundPayment = defineRoute({
  method: 'POST',
  path: '/api/payments-received/:id/refunds',
  permission: 'CanRefundPayments',
  summary:
    'Refunds a posted payment in full or in part (per document for an invoice payment) through the payment ' +
    'provider, exactly once per Idempotency-Key; refused above what is left to refund and while a dispute is open.',
  params: paymentId,
  body: RefundPaymentRequest,
  successStatus: 201,
  response: PaymentReversal,
});

/** `data` of payment.refunded and payment.returned: the reversal's feed item. */
export const ReversalWebhookData = FeedPayment;

/** `data` of payment.disputed and payment.dispute_closed. */
export const DisputeWebhookData = PaymentDispute.extend({
  order_number: z.string(),
  company_code: z.string(),
  payer_number: z.string(),
});
export type DisputeWebhookData = z.infer<typeof DisputeWebhookData>;
