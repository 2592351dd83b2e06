// The filter bar's values and the search they make. The period follows the server's own rule
// (contracts paymentsReceivedPeriod): the form shows the same refusal the server would answer.
import {
  paymentsReceivedPeriod,
  type PaymentsReceivedFilters,
  type PaymentsReceivedKind,
  type PaymentsReceivedMethod,
} from '@portal/contracts';

export type ReceivedDraft = {
  /** yyyy-mm-dd (UTC days), as the date inputs hold them. */
  dateFrom: string;
  dateTo: string;
  companyCode: string;
  kind: PaymentsReceivedKind | '';
  method: PaymentsReceivedMethod | '';
  acknowledged: 'all' | 'yes' | 'no';
  payerNumber: string;
};

/** Today as a UTC day: the days of the filter are UTC days (the server's and the export's). */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The last 30 days, today included: the server's default, written into the inputs so that the user sees it. */
export function defaultReceivedDraft(today: string): ReceivedDraft {
  const period = paymentsReceivedPeriod({}, today);
  return {
    dateFrom: period.date_from,
    dateTo: period.date_to,
    companyCode: '',
    kind: '',
    method: '',
    acknowledged: 'all',
    payerNumber: '',
  };
}

/** The refusal of the period, as the server would answer it, or null. */
export function periodError(draft: ReceivedDraft, today: string): 'order' | 'too_long' | null {
  return paymentsReceivedPeriod({ date_from: draft.dateFrom, date_to: draft.dateTo }, today).error ?? null;
}

/** The request's filters: empty fields left out (an empty date takes the server's default). */
export function toFilters(draft: ReceivedDraft): PaymentsReceivedFilters {
  const companyCode = draft.companyCode.trim();
  const payerNumber = draft.payerNumber.trim();
  return {
    ...(draft.dateFrom ? { date_from: draft.dateFrom } : {}),
    ...(draft.dateTo ? { date_to: draft.dateTo } : {}),
    ...(companyCode ? { company_code: companyCode } : {}),
    ...(draft.kind ? { kind: draft.kind } : {}),
    ...(draft.method ? { method: draft.method } : {}),
    ...(draft.acknowledged !== 'all' ? { acknowledged: draft.acknowledged } : {}),
    ...(payerNumber ? { payer_number: payerNumber } : {}),
  };
}
