// A promise to pay (the invoice list's "Promise to pay"): the invoices it holds, the day (today up to today +
// promiseMaxDays, in the server's UTC days) and, optionally, the amount, in the invoices' currency and never more than
// they owe. The server runs the same checks.
import type { LedgerDocument, MakePromiseRequest, PayerData } from '@portal/contracts';
import { addIsoDays, formatMinorUnits, parseMinorUnits } from '@portal/domain';

export type PromiseDraft = { date: string; amount: string };

export type PromiseErrors = { date?: string; amount?: string };

const errorKey = (name: string) => `collections.promise.errors.${name}`;

/** The days the date input offers. */
export function promiseDateBounds(today: string, maxDays: number): { min: string; max: string } {
  return { min: today, max: addIsoDays(today, Math.max(0, maxDays)) };
}

/** The selected documents a promise may hold: invoices with something open (a credit owes nothing). */
export function promisableDocuments(documents: readonly LedgerDocument[], decimals: number): LedgerDocument[] {
  return documents.filter(
    (document) =>
      document.billing_document_number.trim() !== '' && (parseMinorUnits(document.open_amount, decimals) ?? 0n) > 0n,
  );
}

/** What the invoices owe together, a decimal string in the currency's decimals. */
export function owedBy(documents: readonly LedgerDocument[], decimals: number): string {
  const total = documents.reduce((sum, document) => sum + (parseMinorUnits(document.open_amount, decimals) ?? 0n), 0n);
  return formatMinorUnits(total, decimals);
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export function checkPromise(
  draft: PromiseDraft,
  limits: { today: string; maxDays: number; decimals: number; owed: string },
): PromiseErrors {
  const errors: PromiseErrors = {};
  const { min, max } = promiseDateBounds(limits.today, limits.maxDays);
  if (!draft.date) errors.date = errorKey('date_required');
  else if (!isoDay.test(draft.date) || draft.date < min || draft.date > max) errors.date = errorKey('date_range');
  const amount = draft.amount.trim();
  if (amount) {
    const minor = parseMinorUnits(amount, limits.decimals);
    if (minor === undefined) errors.amount = errorKey('amount_invalid');
    else if (minor <= 0n) errors.amount = errorKey('amount_positive');
    else if (minor > (parseMinorUnits(limits.owed, limits.decimals) ?? 0n)) errors.amount = errorKey('amount_too_high');
  }
  return errors;
}

export function toPromiseRequest(
  payer: PayerData,
  documents: readonly LedgerDocument[],
  draft: PromiseDraft,
  decimals: number,
): MakePromiseRequest {
  const numbers = [...new Set(documents.map((document) => document.billing_document_number))];
  const minor = draft.amount.trim() ? parseMinorUnits(draft.amount, decimals) : undefined;
  return {
    payer_data: payer,
    documents: numbers.map((billing_document_number) => ({ billing_document_number })),
    promised_date: draft.date,
    ...(minor !== undefined ? { amount: formatMinorUnits(minor, decimals) } : {}),
  };
}
