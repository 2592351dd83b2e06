// Derived document state (invoices-and-payments §4): what a ledger row is and how the list shows it.
import { searchDateKey } from './search-filters';

type StateFields = {
  open_amount: string;
  clearing_date: string | null;
  item_is_a_payment: string;
};

export type DocumentKind = 'payment' | 'credit' | 'invoice';
export type DocumentStatusText = 'paid' | 'credit' | 'open';

const isNegative = (amount: string): boolean => /^\s*-\s*\d*[1-9]/.test(amount) || /^\s*-0*\.\d*[1-9]/.test(amount);

/** spec §4: payment when it has a clearing date or item_is_a_payment X; credit when open_amount is negative. */
export function documentKind(document: StateFields): DocumentKind {
  if (document.clearing_date || document.item_is_a_payment === 'X') return 'payment';
  if (isNegative(document.open_amount)) return 'credit';
  return 'invoice';
}

/** spec §4: Paid when cleared, Credit when negative, otherwise Open. */
export function documentStatusText(document: StateFields): DocumentStatusText {
  if (document.clearing_date || document.item_is_a_payment === 'X') return 'paid';
  return isNegative(document.open_amount) ? 'credit' : 'open';
}

const dayNumber = (key: number): number =>
  Date.UTC(Math.floor(key / 10_000), (Math.floor(key / 100) % 100) - 1, key % 100) / 86_400_000;

/**
 * Days from `today` (the user's calendar day) to the due date: negative when overdue, 0 on the due day;
 * null when the date cannot be read.
 */
export function daysToPay(dueDate: string, today: Date): number | null {
  const due = searchDateKey(dueDate);
  if (due === null) return null;
  const todayKey = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  return Math.round(dayNumber(due) - dayNumber(todayKey));
}

/** spec §4: overdue (bad style) when the due date is earlier than today; otherwise due in the future (good style). */
export type DueState = 'overdue' | 'due';

export function dueState(dueDate: string, today: Date): DueState | null {
  const days = daysToPay(dueDate, today);
  if (days === null) return null;
  return days < 0 ? 'overdue' : 'due';
}
