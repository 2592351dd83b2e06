// Scheduled payments and AutoPay (issue 29): the rules the pay page, the AutoPay form and the server share. Dates are
// ISO days (YYYY-MM-DD).
import { addIsoDays } from './aging';

/**
 * Today as the server counts days (ISO, in UTC): its date checks, the scheduler and the statements all use the UTC
 * day, so a day a page offers is one the server accepts, whatever the browser's time zone.
 */
export function serverDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The last day a payment of these invoices may be scheduled for: the latest due date when it is after today, else
 * (every invoice is due) today plus the configured horizon.
 */
export function latestScheduleDate(dueDates: readonly string[], today: string, horizonDays: number): string {
  const latestDue = [...dueDates].sort().at(-1);
  return latestDue && latestDue > today ? latestDue : addIsoDays(today, horizonDays);
}

export type ScheduleDateError = 'validation.payment.schedule_date_past' | 'validation.payment.schedule_date_late';

/** Why a scheduled date is refused, or null: from today up to latestScheduleDate. */
export function checkScheduledDate(
  date: string,
  dueDates: readonly string[],
  today: string,
  horizonDays: number,
): ScheduleDateError | null {
  if (date < today) return 'validation.payment.schedule_date_past';
  if (date > latestScheduleDate(dueDates, today, horizonDays)) return 'validation.payment.schedule_date_late';
  return null;
}

/** Whether a saved card is past its validity on `day` (an e-check has none). valid_to is MM-DD-YYYY or ''. */
export function isMethodExpiredOn(method: { valid_to: string }, day: string): boolean {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(method.valid_to);
  if (!match) return false;
  return `${match[3]}-${match[1]}-${match[2]}` < day;
}

/** The day AutoPay pays an invoice due on `dueDate`, N days before; never before `today`. */
export function autopayPaymentDay(dueDate: string, daysBeforeDue: number, today: string): string {
  const day = addIsoDays(dueDate, -daysBeforeDue);
  return day < today ? today : day;
}
