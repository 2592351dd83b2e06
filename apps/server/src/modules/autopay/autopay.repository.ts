// Issue 29: AutoPay enrolments (portal.autopay_enrolments) and their wire shape (contracts AutopayEnrolment).
import type { AutopayEnrolment, AutopayLeftInvoice, AutopayStopReason } from '@portal/contracts';
import { formatMinorUnits, toErpDate } from '@portal/domain';
import type { autopayEnrolments } from '../../db/schema';

export type AutopayRow = typeof autopayEnrolments.$inferSelect;

export function toWire(row: AutopayRow, maxDecimals: number, login?: string): AutopayEnrolment {
  return {
    id: row.id,
    payer_data: { customer_number: row.payerNumber, company_code: row.companyCode },
    payment_card_token: row.paymentCardToken,
    payment_card_type: row.paymentCardType as AutopayEnrolment['payment_card_type'],
    payment_method_label: row.paymentMethodLabel,
    days_before_due: row.daysBeforeDue,
    max_amount: row.maxMinor === null ? null : formatMinorUnits(row.maxMinor, maxDecimals),
    max_currency_key: row.maxCurrencyKey,
    status: row.status,
    stopped_reason: (row.stoppedReason as AutopayStopReason | null) ?? null,
    enrolled_on: toErpDate(row.enrolledOn) ?? '',
    created_at: row.createdAt.toISOString(),
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    left_at_enrolment: row.leftAtEnrolment as unknown as AutopayLeftInvoice[],
    ...(login === undefined ? {} : { login }),
  };
}
