// Issue 29 "Pay on": the pay page's choice between paying now and on a date, as data. The server runs the same
// date rule (packages/domain scheduling-checks) and stores the request for a job that charges the saved method on
// that day, merchant-initiated: no CVV, no 3-D Secure step, and never a method kept for this session only.
import type { PayInvoicesRequest, PaymentCard, PaymentSettings } from '@portal/contracts';
import {
  addIsoDays,
  checkScheduledDate,
  isMethodExpiredOn,
  latestScheduleDate,
  toErpDate,
  toIsoDate,
  type ScheduleDateError,
} from '@portal/domain';

export type PayWhen = 'now' | 'on_date';

export type PayOnError = ScheduleDateError | 'payments.pay_on.date_required';

export function schedulingOffered(
  settings: Pick<PaymentSettings, 'scheduledPaymentsCompanyCodes'> | undefined,
  companyCode: string,
): boolean {
  return settings?.scheduledPaymentsCompanyCodes.includes(companyCode) ?? false;
}

/** The documents' due dates as ISO days; one that cannot be read counts as today, as the server counts it. */
export function dueDatesOf(documents: readonly { due_date: string }[], today: string): string[] {
  return documents.map((document) => toIsoDate(document.due_date) ?? today);
}

/** The days the date input offers: from today up to latestScheduleDate. */
export function scheduleBounds(
  dueDates: readonly string[],
  today: string,
  horizonDays: number,
): { min: string; max: string } {
  return { min: today, max: latestScheduleDate(dueDates, today, horizonDays) };
}

/**
 * The day "Pay on a date" starts at: the first due date from tomorrow on (paying on time, not early), else tomorrow,
 * kept within the bounds. Not today: a payment for today is what Pay now is for.
 */
export function defaultScheduleDate(dueDates: readonly string[], today: string, horizonDays: number): string {
  const { max } = scheduleBounds(dueDates, today, horizonDays);
  const tomorrow = addIsoDays(today, 1);
  const firstDue = [...dueDates].sort().find((day) => day >= tomorrow);
  const day = firstDue ?? tomorrow;
  return day > max ? max : day;
}

/** Why the chosen day cannot be used (a message key), or null. */
export function checkPayOnDate(
  day: string | null,
  dueDates: readonly string[],
  today: string,
  horizonDays: number,
): PayOnError | null {
  if (!day) return 'payments.pay_on.date_required';
  return checkScheduledDate(day, dueDates, today, horizonDays);
}

/**
 * The methods a payment on `day` may use: saved ones (the job charges a stored credential when nobody is there), and
 * not a card that has expired by then.
 */
export function scheduleMethods(methods: readonly PaymentCard[], day: string): PaymentCard[] {
  return methods.filter((method) => method.is_session !== 'X' && !isMethodExpiredOn(method, day));
}

/** The pay request for a day: scheduled_date as the wire's MM-DD-YYYY, without the CVV and the 3-D Secure token. */
export function scheduledPayRequest(request: PayInvoicesRequest, day: string): PayInvoicesRequest {
  const scheduledDate = toErpDate(day);
  if (!scheduledDate) throw new Error(`not a day: ${day}`);
  const { payment_card_token, payment_card_type } = request.payment_detail;
  return { ...request, payment_detail: { payment_card_token, payment_card_type }, scheduled_date: scheduledDate };
}
