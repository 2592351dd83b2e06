// Payments received (issue 27 §3, Settings): the supplier's view of every payment the portal took (invoice payments,
// deposits, guest payments), read from the payments feed's table, filtered by posting day, company code, kind, method,
// acknowledgement and payer, with totals per currency and per day over the whole filter, and CSV / Excel exports.
import { z } from 'zod';
import { DecimalAmount } from './ledger';
import { FeedPaymentDocument, feedPaymentKinds } from './ledger-feed';
import { PaymentMoneyBack } from './payment-reversals';
import { defineRoute } from './route';

export const paymentsReceivedKinds = feedPaymentKinds;
export type PaymentsReceivedKind = (typeof paymentsReceivedKinds)[number];

export const paymentsReceivedMethods = ['VISA', 'MC', 'AMEX', 'EC'] as const;
export type PaymentsReceivedMethod = (typeof paymentsReceivedMethods)[number];

export const paymentsReceivedAcknowledged = ['all', 'yes', 'no'] as const;

export const paymentsReceivedPageSize = 50;
export const paymentsReceivedMaxPageSize = 200;
/** The longest period a search or an export covers: to − from in days (paymentsReceivedPeriod below). */
export const paymentsReceivedMaxDays = 366;

// Years the database's timestamps and the day after the end can both hold (0000-01-01 or 9999-12-31 would fail there).
const day = z
  .string()
  .date()
  .refine((value) => value >= '1900-01-01' && value <= '9999-12-30', 'a day from 1900-01-01 to 9999-12-30');

export const PaymentsReceivedFilters = z.object({
  /** Calendar days (yyyy-mm-dd) of posted_at in UTC, both inclusive; at most 366 days apart. */
  date_from: day.optional(),
  date_to: day.optional(),
  /** Empty: every company code. */
  company_code: z.string().trim().max(10).optional(),
  kind: z.enum(paymentsReceivedKinds).optional(),
  method: z.enum(paymentsReceivedMethods).optional(),
  /** yes: acknowledged by the ERP; no: not yet; all (default): both. */
  acknowledged: z.enum(paymentsReceivedAcknowledged).optional(),
  /** The payer's customer number, with or without its leading zeros. */
  payer_number: z.string().trim().max(20).optional(),
});
export type PaymentsReceivedFilters = z.input<typeof PaymentsReceivedFilters>;

export const PaymentsReceivedSearchRequest = PaymentsReceivedFilters.extend({
  /** The `next_cursor` of the page before. */
  cursor: z.string().max(120).optional(),
  limit: z.number().int().min(1).max(paymentsReceivedMaxPageSize).optional(),
});
export type PaymentsReceivedSearchRequest = z.input<typeof PaymentsReceivedSearchRequest>;

export const PaymentReceived = z.object({
  /** The payment's id (the feed's and the webhooks' id). */
  id: z.string(),
  posted_at: z.string(),
  kind: z.enum(paymentsReceivedKinds),
  company_code: z.string(),
  payer_number: z.string(),
  soldto_number: z.string(),
  currency_key: z.string(),
  currency_decimals: z.number().int(),
  amount: DecimalAmount,
  /** VISA, MC, AMEX or EC (e-check). */
  method: z.string(),
  gateway_reference: z.string(),
  order_number: z.string(),
  payment_document_number: z.string(),
  /** Who paid (empty for a guest). */
  login: z.string(),
  documents: z.array(FeedPaymentDocument),
  /** When the ERP acknowledged it (null: not yet), with its document number and the key or user that did. */
  acknowledged_at: z.string().nullable(),
  erp_document_number: z.string(),
  acknowledged_by: z.string(),
  /** Issue 37, a reversal: the payment it reverses, its reason and a returned debit's code. */
  reverses: z.string().nullable(),
  reason: z.string(),
  return_code: z.string(),
  /** Issue 37, a payment: what came back of it since (null for a reversal). */
  money_back: PaymentMoneyBack.nullable(),
});
export type PaymentReceived = z.infer<typeof PaymentReceived>;

export const PaymentsReceivedTotal = z.object({
  currency_key: z.string(),
  currency_decimals: z.number().int(),
  /** Net: the payments less what went back (refunds, returns, chargebacks) plus disputes won. */
  amount: DecimalAmount,
  /** The payments alone, before anything went back. */
  gross_amount: DecimalAmount,
  /** What went back, net of disputes won (positive): amount = gross_amount − reversed_amount. */
  reversed_amount: DecimalAmount,
  /** Rows counted (payments and reversals). */
  count: z.number().int(),
});
export type PaymentsReceivedTotal = z.infer<typeof PaymentsReceivedTotal>;

export const PaymentsReceivedDay = PaymentsReceivedTotal.extend({ day: z.string() });
export type PaymentsReceivedDay = z.infer<typeof PaymentsReceivedDay>;

export const PaymentsReceivedSearchResponse = z.object({
  /** The period searched: the request's days, or the default. */
  period: z.object({ date_from: z.string(), date_to: z.string() }),
  /** Newest first. */
  items: z.array(PaymentReceived),
  next_cursor: z.string().nullable(),
  /** Over the whole filter (every page), one per currency. */
  totals: z.array(PaymentsReceivedTotal),
  /** Over the whole filter, per UTC day and currency, oldest day first. */
  per_day: z.array(PaymentsReceivedDay),
});
export type PaymentsReceivedSearchResponse = z.infer<typeof PaymentsReceivedSearchResponse>;

export const searchPaymentsReceived = defineRoute({
  method: 'POST',
  path: '/api/payments-received/search',
  permission: 'CanViewReceivedPayments',
  summary:
    'Payments the portal took, newest first, keyset-paged, with totals per currency and per day over the filter.',
  body: PaymentsReceivedSearchRequest,
  response: PaymentsReceivedSearchResponse,
});

export const paymentsReceivedExportFormats = ['csv', 'xlsx'] as const;
export type PaymentsReceivedExportFormat = (typeof paymentsReceivedExportFormats)[number];

export const exportPaymentsReceived = defineRoute({
  method: 'POST',
  path: '/api/payments-received/export',
  permission: 'CanViewReceivedPayments',
  download: 'csv-or-xlsx',
  summary: 'Every payment of the filter as CSV or .xlsx (streamed), one row per payment.',
  querystring: z.object({ format: z.enum(paymentsReceivedExportFormats) }),
  body: PaymentsReceivedFilters,
  response: z.any(),
});

/** File names the server sets in Content-Disposition (and the web uses when saving). */
export const paymentsReceivedExportFileNames = {
  csv: 'PaymentsReceived.csv',
  xlsx: 'PaymentsReceived.xlsx',
} as const;

/**
 * The period of a search or export, one rule for the form and the server: the given days, a missing end is today and
 * a missing start the end's 30 days; `error` when the end is before the start (order) or more than 366 days after it
 * (too_long). `today` is yyyy-mm-dd in UTC. Self-contained: the browser gets this function's source as it is.
 */
export function paymentsReceivedPeriod(
  filters: { date_from?: string | null; date_to?: string | null },
  today: string,
): { date_from: string; date_to: string; error?: 'order' | 'too_long' } {
  // No inner named functions: the build's copy of this source would call a bundler helper the browser lacks.
  const dayMs = 86_400_000;
  const dateTo = filters.date_to || today;
  const dateFrom =
    filters.date_from || new Date(Date.parse(`${dateTo}T00:00:00Z`) - 29 * dayMs).toISOString().slice(0, 10);
  const days = (Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / dayMs;
  if (days < 0) return { date_from: dateFrom, date_to: dateTo, error: 'order' };
  if (days > 366) return { date_from: dateFrom, date_to: dateTo, error: 'too_long' };
  return { date_from: dateFrom, date_to: dateTo };
}
