// The payments feed (issue 27 §3): every payment the portal posted (invoice payments, deposits, guest payments) in
// commit order, read by cursor by the supplier's ERP so that it can apply the cash, and acknowledged one by one with
// the ERP's own document number. Machine clients call it with an API key of scope payments:read.
import { z } from 'zod';
import { DecimalAmount } from './ledger';
import { defineRoute } from './route';

/**
 * Payments (invoice, deposit, guest) and, issue 37, the reversals of a payment as items of their own (refund, return,
 * chargeback: a negative amount; chargeback_reversal, a dispute won: positive), each pointing at its payment.
 */
export const feedPaymentKinds = [
  'invoice',
  'deposit',
  'guest',
  'refund',
  'return',
  'chargeback',
  'chargeback_reversal',
] as const;
export type FeedPaymentKind = (typeof feedPaymentKinds)[number];

export const FeedPaymentDocument = z.object({
  billing_document_number: z.string(),
  document_number_finance: z.string(),
  /** What this payment applied to the document, in the payment's currency (a reversal: negative, what it reopened). */
  amount: DecimalAmount,
  reason_code: z.string(),
  comment: z.string(),
});
export type FeedPaymentDocument = z.infer<typeof FeedPaymentDocument>;

export const FeedPayment = z.object({
  /** The portal's payment id (stable; the webhook's data.id too). */
  id: z.string().uuid(),
  /** The position in the feed (what `after` takes). */
  cursor: z.string(),
  posted_at: z.string(),
  kind: z.enum(feedPaymentKinds),
  company_code: z.string(),
  payer_number: z.string(),
  soldto_number: z.string(),
  amount: DecimalAmount,
  currency: z.string(),
  /** VISA, MC, AMEX or EC (e-check). */
  method: z.string(),
  /** The gateway's authorisation reference. */
  gateway_reference: z.string(),
  /** The order number sent to the gateway (the reference code the payer saw). */
  order_number: z.string(),
  /** The portal ledger's payment document number. */
  payment_document_number: z.string(),
  acknowledged: z.boolean(),
  acknowledged_at: z.string().nullable(),
  erp_document_number: z.string(),
  documents: z.array(FeedPaymentDocument),
  /** A reversal: the id of the payment it reverses; null for a payment. */
  reverses: z.string().uuid().nullable(),
  /** A reversal's reason (a refund's reason, a dispute's reason) and a returned debit's code (R01, AM04...). */
  reason: z.string(),
  return_code: z.string(),
});
export type FeedPayment = z.infer<typeof FeedPayment>;

export const feedPageSizeMax = 1000;

export const PaymentFeedQuery = z.object({
  /** The `next` of the previous page; absent: from the start. */
  after: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(feedPageSizeMax).default(100),
  /** true: only the payments not acknowledged yet. */
  unacknowledged: z.enum(['true', 'false']).optional(),
});

export const readPaymentFeed = defineRoute({
  method: 'GET',
  path: '/api/ledger/payments',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'payments:read',
  summary:
    'The payments feed: posted payments in commit order after the cursor. Follow `next` to see every payment once.',
  querystring: PaymentFeedQuery,
  response: z.object({
    items: z.array(FeedPayment),
    /** Pass as `after` to read on; the same cursor again when nothing new has been posted. */
    next: z.string(),
  }),
});

export const AcknowledgePaymentRequest = z.object({
  /** The ERP's document that applied the payment (its clearing or payment document number). */
  erp_document_number: z.string().trim().min(1).max(64),
});

export const acknowledgeFeedPayment = defineRoute({
  method: 'POST',
  path: '/api/ledger/payments/:id/acknowledge',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'payments:read',
  summary: 'Marks a payment applied in the ERP. Again with the same number: the same answer; with another number: 409.',
  params: z.object({ id: z.string().uuid() }),
  body: AcknowledgePaymentRequest,
  response: FeedPayment,
});
